// Peaks of a spectrum with their frequency and amplitude found between bins. The offset d of a
// tone from its peak bin k comes from the ratio of the larger neighbour to the peak,
// |X_{k±1}| / |X_k| = W(1 - d) / W(d), solved on the window's own transform
// W(d) = |sum_n w[n] exp(-2 pi i d n / M)|; the amplitude is then c |X_k| / W(d). Exact for a lone
// stationary tone, for every window and with zero padding (leakage from other tones aside).
#pragma once

#include "signal/Spectrum.h"

#include <cstddef>
#include <vector>

namespace fftscope::signal {

struct SpectralPeak {
  std::size_t bin = 0;        // the local maximum
  double fractionalBin = 0.0; // bin + d
  double frequencyHz = 0.0;
  double amplitude = 0.0;     // the tone's peak amplitude, full-scale units
  double levelDbfs = 0.0;     // 20 log10(amplitude)
};

// The tone at local maximum `bin` (DC and Nyquist are not refined).
SpectralPeak refinePeak(const Spectrum& spectrum, std::size_t bin);

// Local maxima above minLevelDbfs that stand at least minProminenceDb above the local noise floor
// (the median level within kNoiseFloorBins unpadded bins either side, which a lone tone's few
// bins of main lobe do not move), strongest first, at most maxPeaks. A periodogram of white noise
// has maxima about 10 dB over its median: the default keeps them out.
constexpr std::size_t kNoiseFloorBins = 32;
std::vector<SpectralPeak> findPeaks(const Spectrum& spectrum, std::size_t maxPeaks = 10,
                                    double minLevelDbfs = -120.0, double minProminenceDb = 15.0);

}  // namespace fftscope::signal
