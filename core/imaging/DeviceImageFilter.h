// The image pipeline with its spectra kept on the OpenCL device: an image's padded planes are
// transformed once; each new mask costs a mask product, an inverse transform and one read of the
// real part per plane; the spectrum's display quantity is computed on the device too. Produces
// the same images as filterImage() with FFTW. One thread at a time, like its DeviceContext.
#pragma once

#include "imaging/device/DeviceSpectralFilter.h"
#include "imaging/FilterPipeline.h"
#include "imaging/SpectrumDisplay.h"
#include "imaging/SpectrumMagnitudes.h"

#include <functional>
#include <memory>

namespace fftscope::imaging {

class DeviceImageFilter {
 public:
  explicit DeviceImageFilter(cl::DeviceContext& context) : context_(context) {}

  // Pads and uploads the image's planes and transforms them. Throws std::invalid_argument for an
  // image whose transform would not fit the device; the previous image is kept then.
  void setImage(const Image& image, PadMode padMode, ChannelMode channelMode);
  // The same, sharing the caller's image rather than copying it (the output's range and, in
  // luminance mode, its colour come from it).
  void setImage(std::shared_ptr<const Image> image, PadMode padMode, ChannelMode channelMode);
  bool hasImage() const { return filter_ != nullptr; }
  const PadGeometry& geometry() const { return geometry_; }
  std::size_t planeCount() const { return filter_ ? filter_->planeCount() : 0; }
  // The plane the workspace shows: the grey or luminance plane, or for a colour image filtered
  // per channel an extra luminance plane transformed for display only.
  std::size_t displayPlane() const { return displayPlane_; }

  // The filtered image for a mask of the padded size, in the FFT's unshifted order.
  Image filter(const Mask& mask);
  // The same before clipping and rounding, for any OutputRange.
  FilteredSamples filterSamples(const Mask& mask);
  // Whether the device can make masks itself (it needs double precision): then the overloads
  // taking a FilterSpec send its parameters rather than a mask of the padded size.
  bool makesMasks() const;
  // Whether that is also the faster way: a device across a bus, where it saves the mask's upload.
  // On a CPU device the upload is a copy in memory, cheaper than making the mask there.
  bool prefersMasksMadeOnDevice() const;
  // The same with the mask made on the device from the spec (engine/DeviceMask.h).
  FilteredSamples filterSamples(const FilterSpec& spec);
  // The output samples themselves, made on the device: cropped, mapped as `range` says and
  // rounded to the image's bit depth (Float: the values as they are), interleaved as Image's
  // data. They lie in pinned memory that the next call overwrites. Not for a colour image
  // filtered by its luminance, whose output needs its colours (std::logic_error).
  const HostSamples& filterOutput(const FilterSpec& spec, OutputRange range);
  // The same with the mask given on the half spectrum (buildHalfMask): half the values to make
  // and upload.
  FilteredSamples filterSamples(const HalfMask& mask);
  // Plane i's spectrum rendered as the settings say; the quantity is computed on the device.
  RgbImage renderSpectrum(std::size_t plane, const DisplaySettings& settings);
  // Plane i's spectrum read back.
  Spectrum spectrum(std::size_t plane);
  // |X| of plane i's half spectrum, computed on the device (auto notch, the readout, the profiles
  // and peak snapping work on the host from these).
  SpectrumMagnitudes magnitudes(std::size_t plane);
  std::string planSummary() const { return filter_ ? filter_->planSummary() : std::string(); }
  // The kernel launches of the last setImage, filter or renderSpectrum.
  const std::vector<TimingRecord>& lastTimings() const;

 private:
  cl::DeviceContext& context_;
  std::unique_ptr<DeviceSpectralFilter> filter_;
  std::shared_ptr<const Image> source_;
  PadGeometry geometry_;
  std::size_t displayPlane_ = 0;
  float sourceMin_ = 0, sourceMax_ = 0;  // Clip's bounds
  std::vector<TimingRecord> none_;
  // Filters with `run` (one of the filter's overloads), placing each plane as it comes back.
  FilteredSamples filterWith(const std::function<void(const DeviceSpectralFilter::PlaneSink&)>& run);
};

}  // namespace fftscope::imaging
