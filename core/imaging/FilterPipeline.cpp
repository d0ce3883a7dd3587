#include "imaging/FilterPipeline.h"

#include "engine/multi/SpreadItems.h"
#include "imaging/FftwBackend.h"
#include "imaging/SpectralFilter.h"

#include <algorithm>
#include <cmath>

namespace fftscope::imaging {
namespace {

// work(plane, device) for each plane: on one device in order, its failure thrown as it is; on
// several, each taking the next plane as it comes free (SpreadItems.h).
template <typename Work>
void eachPlane(std::size_t planes, std::size_t devices, const Work& work) {
  if (devices == 1) {
    for (std::size_t p = 0; p < planes; ++p) work(p, std::size_t{0});
    return;
  }
  multi::spreadItems(planes, devices, work);
}

}  // namespace

std::vector<std::vector<float>> planesOf(const Image& image, ChannelMode mode) {
  if (image.channels == 1) return {image.data};
  if (mode == ChannelMode::Luminance) return {luminancePlane(image)};
  return {channelPlane(image, 0), channelPlane(image, 1), channelPlane(image, 2)};
}

SpectralImage analyseImage(const Image& image, PadMode padMode, ChannelMode channelMode, FftBackend& fft) {
  FftBackend* const one[] = {&fft};
  return analyseImage(image, padMode, channelMode, one);
}

SpectralImage analyseImage(const Image& image, PadMode padMode, ChannelMode channelMode,
                           std::span<FftBackend* const> ffts) {
  validateImage(image);
  SpectralImage analysed{image, padGeometry(image.width, image.height, padMode), padMode, channelMode, {}};
  analysed.source.notices.clear();
  const std::vector<std::vector<float>> planes = planesOf(image, channelMode);
  analysed.planes.resize(planes.size());
  eachPlane(planes.size(), ffts.size(), [&](std::size_t p, std::size_t device) {
    analysed.planes[p] = forwardSpectrum(planes[p], analysed.geometry, padMode, *ffts[device]);
  });
  return analysed;
}

Image synthesiseImage(const SpectralImage& analysed, const Mask& mask, FftBackend& fft) {
  return mapOutputRange(synthesiseSamples(analysed, mask, fft), OutputRange::Clip);
}

FilteredSamples synthesiseSamples(const SpectralImage& analysed, const Mask& mask, FftBackend& fft) {
  FftBackend* const one[] = {&fft};
  return synthesiseSamples(analysed, mask, one);
}

FilteredSamples synthesiseSamples(const SpectralImage& analysed, const Mask& mask, std::span<FftBackend* const> ffts) {
  std::vector<std::vector<float>> filtered(analysed.planes.size());
  eachPlane(filtered.size(), ffts.size(), [&](std::size_t p, std::size_t device) {
    filtered[p] = inverseFiltered(analysed.planes[p], mask, analysed.geometry, *ffts[device]);
  });
  return composeSamples(analysed.source, filtered);
}

Image composeFiltered(const Image& source, const std::vector<std::vector<float>>& filtered) {
  return mapOutputRange(composeSamples(source, filtered), OutputRange::Clip);
}

FilteredSamples composeSamples(const Image& source, const std::vector<std::vector<float>>& filtered) {
  FilteredSamples samples = beginSamples(source);
  for (std::size_t p = 0; p < filtered.size(); ++p) placeFilteredPlane(source, p, filtered.size(), filtered[p], samples);
  return samples;
}

FilteredSamples beginSamples(const Image& source) {
  const auto [lo, hi] = std::minmax_element(source.data.begin(), source.data.end());
  return {Image{source.width, source.height, source.channels, source.bitDepth,
                std::vector<float>(source.data.size()), {}},
          *lo, *hi};
}

void placeFilteredPlane(const Image& source, std::size_t index, std::size_t planes, const std::vector<float>& filtered,
                        FilteredSamples& samples) {
  std::vector<float>& out = samples.image.data;
  const std::size_t pixels = source.pixelCount(), channels = std::size_t(source.channels);
  if (planes == channels) {
    for (std::size_t i = 0; i < pixels; ++i) out[i * channels + index] = filtered[i];
  } else {  // luminance of a colour image: R, G and B move with Y
    const std::vector<float> y = luminancePlane(source);
    for (std::size_t i = 0; i < pixels; ++i)
      for (std::size_t c = 0; c < channels; ++c)
        out[i * channels + c] = source.data[i * channels + c] + filtered[i] - y[i];
  }
}

FilterResult filterImage(const Image& image, const FilterSpec& spec, PadMode padMode, ChannelMode channelMode,
                         FftBackend& fft) {
  validateImage(image);  // and the spec, in buildMask, before any transform
  const PadGeometry geometry = padGeometry(image.width, image.height, padMode);
  Mask mask = buildMask(geometry.paddedHeight, geometry.paddedWidth, spec);
  SpectralImage analysed = analyseImage(image, padMode, channelMode, fft);
  Image filtered = synthesiseImage(analysed, mask, fft);
  return {std::move(filtered), std::move(analysed.planes), std::move(mask)};
}

FilterResult filterImage(const Image& image, const FilterSpec& spec, PadMode padMode, ChannelMode channelMode) {
  FftwBackend fftw;
  return filterImage(image, spec, padMode, channelMode, fftw);
}

}  // namespace fftscope::imaging
