// The host filtering pipeline of the Image workspace: planes of an image -> padded spectra ->
// mask -> filtered image in the input's size, channels and depth. The FFT is an FftBackend, so
// the OpenCL engine can take FFTW's place; filterImage without a backend uses FFTW.
#pragma once

#include "imaging/FftBackend.h"
#include "imaging/FilterSpec.h"
#include "imaging/Image.h"
#include "imaging/Mask.h"
#include "imaging/OutputRange.h"
#include "imaging/Padding.h"
#include "imaging/Spectrum.h"

#include <span>
#include <vector>

namespace fftscope::imaging {

enum class ChannelMode {
  PerChannel,  // R, G and B filtered independently
  Luminance,   // only Y = 0.299 R + 0.587 G + 0.114 B; its change is added to R, G and B alike
};

// An image prepared for filtering: the spectra of its planes, kept so that a new mask needs only
// the inverse transforms.
struct SpectralImage {
  Image source;  // as given: the output's range and, in luminance mode, its colour come from it
  PadGeometry geometry;
  PadMode padMode = PadMode::Mirror;
  ChannelMode channelMode = ChannelMode::PerChannel;
  std::vector<Spectrum> planes;  // grey: one; colour per channel: R, G, B; colour luminance: Y
};

// Throws std::invalid_argument for an inconsistent image.
SpectralImage analyseImage(const Image& image, PadMode padMode, ChannelMode channelMode, FftBackend& fft);
// The same with the planes spread over several devices' FFTs (one a device, each used on a thread
// of its own), each device taking the next plane as it comes free: a plane's spectrum depends only
// on the plane, so the result is one device's.
SpectralImage analyseImage(const Image& image, PadMode padMode, ChannelMode channelMode,
                           std::span<FftBackend* const> ffts);

// The filtered image: the real part of the inverse transform of spectrum x mask, cropped,
// clipped to the source's [min, max] over all its samples, rounded; same size, channels and bit
// depth as the source. The mask has the padded size (geometry.paddedHeight x paddedWidth).
Image synthesiseImage(const SpectralImage& analysed, const Mask& mask, FftBackend& fft);
// The same before clipping and rounding, for any OutputRange.
FilteredSamples synthesiseSamples(const SpectralImage& analysed, const Mask& mask, FftBackend& fft);
// The same with the planes spread over several devices' FFTs, as analyseImage spreads them.
FilteredSamples synthesiseSamples(const SpectralImage& analysed, const Mask& mask, std::span<FftBackend* const> ffts);

// The image's planes as analyseImage takes them: grey; R, G, B; or the luminance Y.
std::vector<std::vector<float>> planesOf(const Image& image, ChannelMode mode);
// The output image from filtered, cropped planes (one per plane of planesOf): in luminance mode
// the change of Y moves R, G and B alike; clipped to the source's range and rounded.
Image composeFiltered(const Image& source, const std::vector<std::vector<float>>& filtered);
// The same, unclipped and unrounded, with the source's range for OutputRange::Clip.
FilteredSamples composeSamples(const Image& source, const std::vector<std::vector<float>>& filtered);
// The same a plane at a time, so that the filtered planes need not all be held: start with
// beginSamples, then place each of the `planes` filtered planes (in planesOf's order) as it comes.
FilteredSamples beginSamples(const Image& source);
void placeFilteredPlane(const Image& source, std::size_t index, std::size_t planes, const std::vector<float>& filtered,
                        FilteredSamples& samples);

struct FilterResult {
  Image filtered;
  std::vector<Spectrum> spectra;  // of the input's planes, as SpectralImage::planes
  Mask mask;                      // as applied, padded size, unshifted
};

FilterResult filterImage(const Image& image, const FilterSpec& spec, PadMode padMode, ChannelMode channelMode,
                         FftBackend& fft);
FilterResult filterImage(const Image& image, const FilterSpec& spec, PadMode padMode = PadMode::Mirror,
                         ChannelMode channelMode = ChannelMode::PerChannel);

}  // namespace fftscope::imaging
