// The signal filters' band-pass and band-stop: the magnitude of digital band designs at a
// frequency f in Hz for a sample rate fs, edges f1 < f2 at -3 dB.
//
// Butterworth of order N: |H| of scipy.signal.butter(N, [f1, f2], btype, fs=fs) as freqz gives
// it, in closed form. That design is an analog prototype moved to the band and into z by the
// bilinear transform with pre-warping, which maps f onto the analog frequency
//   w = 2 fs tan(pi f / fs)    (w1, w2 the edges', w0^2 = w1 w2, B = w2 - w1),
// and the band transform maps w onto the low-pass prototype's frequency
//   band-pass  Omega = (w^2 - w0^2) / (w B);   band-stop  Omega = (w B) / (w^2 - w0^2),
// where the prototype is |H|^2 = 1 / (1 + Omega^(2N)): -3 dB at Omega = +-1, that is at f1 and f2.
//
// Gaussian: the same band transform on the Gaussian low-pass prototype with its -3 dB point at
// Omega = 1, |H| = 2^(-Omega^2 / 2) = exp(-(ln 2 / 2) Omega^2), the form in which a Gaussian filter
// is specified by its 3 dB bandwidth (as GMSK's is). So its edges fall at -3 dB like the
// Butterworth's, and it differs from that only in the prototype: smooth, no order.
//
// Ideal: band-pass 1 for f1 <= f <= f2 and 0 elsewhere; band-stop 0 for f1 <= f <= f2 and 1
// elsewhere (the edges belong to the band).
#pragma once

#include "imaging/FilterSpec.h"

namespace fftscope::signal {

// `band` is a BandPass or BandStop with cutoff f1 and upperCutoff f2 in Hz, 0 < f1 < f2 < fs / 2;
// 0 <= f <= fs / 2.
double bandResponse(const imaging::BaseFilter& band, double f, double sampleRate);

}  // namespace fftscope::signal
