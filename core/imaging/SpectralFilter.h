// Filtering one plane of samples: pad, forward FFT, multiply by the mask, inverse FFT, crop.
// Split in two halves so that a new mask needs only the second (the spectrum stays).
#pragma once

#include "imaging/FftBackend.h"
#include "imaging/Mask.h"
#include "imaging/Padding.h"
#include "imaging/Spectrum.h"

#include <vector>

namespace fftscope::imaging {

// plane: geometry.width * geometry.height samples. Returns the spectrum of the padded plane.
Spectrum forwardSpectrum(const std::vector<float>& plane, const PadGeometry& geometry, PadMode mode,
                         FftBackend& fft);

// The real part of inverse(spectrum x mask) / (rows * cols), cropped to the image; not clipped.
// Throws std::invalid_argument when the mask's size differs from the spectrum's.
std::vector<float> inverseFiltered(const Spectrum& spectrum, const Mask& mask, const PadGeometry& geometry,
                                   FftBackend& fft);

// Both halves.
std::vector<float> filterPlane(const std::vector<float>& plane, const PadGeometry& geometry, PadMode mode,
                               const Mask& mask, FftBackend& fft);

}  // namespace fftscope::imaging
