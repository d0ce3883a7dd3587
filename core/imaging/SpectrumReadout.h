// What the spectrum view says about the bin under the mouse.
#pragma once

#include "imaging/Spectrum.h"
#include "imaging/SpectrumMagnitudes.h"

namespace fftscope::imaging {

struct SpectrumReadout {
  int kx = 0;  // signed bin indices
  int ky = 0;
  double fx = 0.0;  // cycles per pixel
  double fy = 0.0;
  double radius = 0.0;        // sqrt(fx^2 + fy^2), cycles per pixel
  double periodPixels = 0.0;  // 1 / radius; infinity at DC
  // Counter-clockwise from +x with y up, as ImageJ reads it: atan2(-fy, fx) since fy grows
  // downwards like image rows; in (-180, 180].
  double angleDegrees = 0.0;
  // 20 log10(|X| / (rows * cols)): a constant image of value 1 reads 0 dB at DC, a sinusoid of
  // amplitude A reads 20 log10(A / 2) at each of its two bins; -infinity for an empty bin.
  double levelDb = 0.0;
};

// (x, y) is a position in the displayed spectrum, centred (DC at (cols / 2, rows / 2)) or
// in FFT order. Throws std::out_of_range outside the spectrum.
SpectrumReadout readSpectrum(const SpectrumMagnitudes& spectrum, int x, int y, bool centred = true);
SpectrumReadout readSpectrum(const Spectrum& spectrum, int x, int y, bool centred = true);

}  // namespace fftscope::imaging
