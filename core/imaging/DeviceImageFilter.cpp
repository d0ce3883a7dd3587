#include "imaging/DeviceImageFilter.h"

#include "imaging/device/DeviceMask.h"
#include "imaging/DeviceFilterParameters.h"
#include "imaging/Padding.h"

#include <algorithm>

#include <stdexcept>
#include <string>
#include <utility>

namespace fftscope::imaging {
namespace {

SpectrumMeasure measureOf(SpectrumQuantity quantity) {
  switch (quantity) {
    case SpectrumQuantity::LogMagnitude: return SpectrumMeasure::LogMagnitude;
    case SpectrumQuantity::Magnitude: return SpectrumMeasure::Magnitude;
    case SpectrumQuantity::Power: return SpectrumMeasure::Power;
    case SpectrumQuantity::Phase: return SpectrumMeasure::Phase;
  }
  return SpectrumMeasure::LogMagnitude;
}

}  // namespace

void DeviceImageFilter::setImage(const Image& image, PadMode padMode, ChannelMode channelMode) {
  setImage(std::make_shared<const Image>(Image{image.width, image.height, image.channels, image.bitDepth, image.data, {}}),
           padMode, channelMode);
}

void DeviceImageFilter::setImage(std::shared_ptr<const Image> shared, PadMode padMode, ChannelMode channelMode) {
  if (!shared) throw std::invalid_argument("no image");
  const Image& image = *shared;
  validateImage(image);
  const PadGeometry geometry = padGeometry(image.width, image.height, padMode);
  // Built aside and first: a transform the device cannot hold is refused before any padding,
  // and the current image stays in place.
  auto filter = std::make_unique<DeviceSpectralFilter>(context_, std::size_t(geometry.paddedHeight),
                                                       std::size_t(geometry.paddedWidth));
  // One plane at a time is made, padded and uploaded: the host never holds them all.
  const bool perChannel = image.channels == 3 && channelMode == ChannelMode::PerChannel;
  const std::size_t filtered = perChannel ? 3 : 1;
  filter->setPlanes(
      filtered,
      [&](std::size_t i) {
        if (image.channels == 1) return padPlane(image.data, geometry, padMode);
        if (!perChannel) return padPlane(luminancePlane(image), geometry, padMode);
        return padPlane(channelPlane(image, int(i)), geometry, padMode);
      },
      filtered);
  // Shown, not filtered: the luminance's spectrum, 0.299 R + 0.587 G + 0.114 B of theirs (as
  // luminancePlane weighs them), made on the device when it is shown rather than kept.
  if (perChannel) filter->setWeightedPlane({0.299f, 0.587f, 0.114f});
  displayPlane_ = perChannel ? 3 : 0;
  filter_ = std::move(filter);
  source_ = std::move(shared);
  geometry_ = geometry;
  const auto [lo, hi] = std::minmax_element(source_->data.begin(), source_->data.end());
  sourceMin_ = *lo;
  sourceMax_ = *hi;
}

Image DeviceImageFilter::filter(const Mask& mask) { return mapOutputRange(filterSamples(mask), OutputRange::Clip); }

FilteredSamples DeviceImageFilter::filterSamples(const Mask& mask) {
  if (!filter_) throw std::logic_error("DeviceImageFilter::filter before setImage");
  if (mask.rows != geometry_.paddedHeight || mask.cols != geometry_.paddedWidth)
    throw std::invalid_argument("mask of " + std::to_string(mask.rows) + " x " + std::to_string(mask.cols) +
                                " for a spectrum of " + std::to_string(geometry_.paddedHeight) + " x " +
                                std::to_string(geometry_.paddedWidth));
  return filterWith([&](const DeviceSpectralFilter::PlaneSink& take) { filter_->filter(mask.values, take); });
}

FilteredSamples DeviceImageFilter::filterSamples(const HalfMask& mask) {
  if (!filter_) throw std::logic_error("DeviceImageFilter::filter before setImage");
  return filterWith([&](const DeviceSpectralFilter::PlaneSink& take) { filter_->filter(mask, take); });
}

FilteredSamples DeviceImageFilter::filterWith(const std::function<void(const DeviceSpectralFilter::PlaneSink&)>& run) {
  // Each plane is cropped and placed as it comes back: one plane at a time is on the host.
  FilteredSamples samples = beginSamples(*source_);
  const std::size_t planes = filter_->filteredCount();
  run([&](std::size_t index, std::vector<float>&& plane) {
    const std::vector<float> cropped = cropPlane(std::move(plane), geometry_);
    placeFilteredPlane(*source_, index, planes, cropped, samples);
  });
  return samples;
}

bool DeviceImageFilter::makesMasks() const { return DeviceMask::available(context_.device()); }

bool DeviceImageFilter::prefersMasksMadeOnDevice() const { return makesMasks() && context_.device().type != "CPU"; }

FilteredSamples DeviceImageFilter::filterSamples(const FilterSpec& spec) {
  if (!filter_) throw std::logic_error("DeviceImageFilter::filter before setImage");
  validateFilterSpec(spec);  // before anything is allocated
  FilteredSamples samples = beginSamples(*source_);
  const std::size_t planes = filter_->filteredCount();
  filter_->filter(spec, [&](std::size_t index, std::vector<float>&& plane) {
    const std::vector<float> cropped = cropPlane(plane, geometry_);
    std::vector<float>().swap(plane);
    placeFilteredPlane(*source_, index, planes, cropped, samples);
  });
  return samples;
}

const HostSamples& DeviceImageFilter::filterOutput(const FilterSpec& spec, OutputRange range) {
  if (!filter_) throw std::logic_error("DeviceImageFilter::filter before setImage");
  if (filter_->filteredCount() != std::size_t(source_->channels))
    throw std::logic_error("the output of a colour image filtered by its luminance is made on the host");
  return filter_->filter(spec,
                         deviceOutputFormat(range, source_->bitDepth, sourceMin_, sourceMax_, geometry_, true));
}

RgbImage DeviceImageFilter::renderSpectrum(std::size_t plane, const DisplaySettings& settings) {
  if (!settings.centred) return imaging::renderSpectrum(spectrum(plane), settings);
  return renderQuantity(filter_->centredDisplay(plane, measureOf(settings.quantity)), geometry_.paddedHeight,
                        geometry_.paddedWidth, settings);
}

Spectrum DeviceImageFilter::spectrum(std::size_t plane) {
  if (!filter_) throw std::logic_error("DeviceImageFilter::spectrum before setImage");
  return {geometry_.paddedHeight, geometry_.paddedWidth, filter_->spectrum(plane)};
}

SpectrumMagnitudes DeviceImageFilter::magnitudes(std::size_t plane) {
  if (!filter_) throw std::logic_error("DeviceImageFilter::magnitudes before setImage");
  return {geometry_.paddedHeight, geometry_.paddedWidth, int(filter_->halfCols()), filter_->halfMagnitudes(plane)};
}

const std::vector<TimingRecord>& DeviceImageFilter::lastTimings() const {
  return filter_ ? filter_->lastTimings() : none_;
}

}  // namespace fftscope::imaging
