// The spectrum of a rectangle of the image, as ImageJ's FFT of a selection: the region's
// luminance (a grey image's samples), multiplied by a Hann window so that its cut edges do not
// smear the spectrum with their step, zero-padded to the next power of two on each side.
#pragma once

#include "imaging/FftBackend.h"
#include "imaging/Image.h"
#include "imaging/Spectrum.h"

#include <string>
#include <vector>

namespace fftscope::imaging {

struct Region {
  int x = 0, y = 0;  // the top-left pixel
  int width = 0, height = 0;
};

inline constexpr int kMinRegionSide = 8;

// The region within the image (clipped); throws std::invalid_argument when it is smaller than
// kMinRegionSide on a side once clipped.
Region clipRegion(const Region& region, int imageWidth, int imageHeight);

// w(i) = 0.5 (1 - cos(2 pi (i + 0.5) / n)), i = 0 .. n-1: symmetric, never exactly zero, so that
// every pixel of the region counts a little.
std::vector<float> hannWindow(int n);
inline constexpr const char* kRegionWindowName = "Hann";

// The windowed plane, region.width * region.height samples.
std::vector<float> windowedRegion(const Image& image, const Region& region);

// Its spectrum (unshifted, unscaled), rows and cols the next powers of two of the region's sides.
Spectrum regionSpectrum(const Image& image, const Region& region, FftBackend& fft);

}  // namespace fftscope::imaging
