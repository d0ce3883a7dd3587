// Comparing two images of the same shape.
#pragma once

#include "imaging/Image.h"

namespace fftscope::imaging {

// Peak signal-to-noise ratio in dB, peak = maxSampleValue(a.bitDepth); +infinity when equal.
// Throws std::invalid_argument when the shapes differ.
double psnr(const Image& a, const Image& b);

}  // namespace fftscope::imaging
