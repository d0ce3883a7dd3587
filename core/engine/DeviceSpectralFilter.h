// Frequency-domain filtering that keeps the spectra on the device: real planes (an image's
// channels, at any size) are transformed once; each new mask then costs one mask
// product, one inverse transform and one read of the real part per plane. The centred display
// of a spectrum (log magnitude, magnitude, power, phase) is computed on the device too.
// Single precision; one thread at a time, like the DeviceContext it uses.
#pragma once

#include "engine/DeviceMaskSpec.h"
#include "engine/DeviceOutput.h"
#include "engine/Plan.h"

#include <complex>
#include <cstdint>
#include <memory>
#include <functional>
#include <vector>

namespace fftscope {

class DeviceMask;

enum class SpectrumMeasure { LogMagnitude = 0, Magnitude = 1, Power = 2, Phase = 3 };

class DeviceSpectralFilter {
 public:
  // Any rows and cols the engine takes; variant and transpose pick the 2D plan.
  DeviceSpectralFilter(cl::DeviceContext& context, std::size_t rows, std::size_t cols,
                       Variant variant = Variant::Auto, TransposeMode transpose = TransposeMode::Tiled);
  ~DeviceSpectralFilter();

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }

  // Uploads the planes (rows*cols values each, row-major) and transforms them on the device.
  // Only the first `filtered` planes (all, by default) are filtered; the rest are for display.
  void setPlanes(const std::vector<std::vector<float>>& planes, std::size_t filtered = SIZE_MAX);
  // The same with plane(i) made just before its upload, so that one plane at a time is on the host.
  void setPlanes(std::size_t count, const std::function<std::vector<float>(std::size_t)>& plane,
                 std::size_t filtered = SIZE_MAX);
  std::size_t planeCount() const { return spectra_.size() + (weights_.empty() ? 0 : 1); }
  std::size_t filteredCount() const { return filtered_; }  // the planes filter() returns
  // Adds one more plane (index planeCount() before the call): sum_i weights[i] * spectrum(i) over
  // the uploaded planes. It has no memory of its own: it is made on the device each time it is
  // shown or read (the FFT is linear, so it is the spectrum of the same sum of planes).
  void setWeightedPlane(std::vector<float> weights);

  // Plane i's spectrum, centred (DC in the middle), as the chosen measure; rows*cols values.
  // Log magnitude is ln(1 + |X|), phase in radians (-pi, pi].
  std::vector<float> centredDisplay(std::size_t plane, SpectrumMeasure measure);
  // Plane i's spectrum in the FFT's order, read back (for analysis on the host).
  std::vector<std::complex<float>> spectrum(std::size_t plane);

  // The real part of inverse(spectrum x mask) for every filtered plane; the mask is real, rows*cols, in
  // the FFT's unshifted order. The inverse is scaled by 1/(rows*cols).
  std::vector<std::vector<float>> filter(const std::vector<float>& mask);
  // The same, each plane handed to `take` as soon as it is read back.
  void filter(const std::vector<float>& mask, const std::function<void(std::size_t, std::vector<float>&&)>& take);

  // The same with the mask made on the device from the filter's parameters (DeviceMask), so that
  // no mask crosses the bus. Needs a device with double precision (DeviceMask::available).
  std::vector<std::vector<float>> filter(const DeviceMaskSpec& mask);
  void filter(const DeviceMaskSpec& mask, const std::function<void(std::size_t, std::vector<float>&&)>& take);
  // The filtered planes made into output samples on the device (DeviceOutput: cropped, mapped,
  // 8- or 16-bit): only those samples come back, into pinned host memory that the next call of
  // this kind overwrites.
  const HostSamples& filter(const DeviceMaskSpec& mask, const OutputFormat& format);

  // The inverse plan's summary, e.g. "2D 512x512 x1 f32 inverse auto/table/tiled".
  std::string planSummary() const { return inverse_->description().summary(); }
  // The kernel launches of the last setPlanes, filter or centredDisplay call, with their times.
  const std::vector<TimingRecord>& lastTimings() const { return timings_; }

 private:
  cl::Event launch(cl::Kernel& kernel, std::size_t global0, std::size_t global1 = 1);
  void record(const cl::Event& event, const std::string& name, std::uint64_t bytes);

  cl::DeviceContext& context_;
  std::size_t rows_, cols_;
  std::unique_ptr<Plan> forward_, inverse_;
  std::vector<cl::Buffer> spectra_;
  std::size_t filtered_ = 0;
  cl::Buffer real_, complexA_, complexB_, mask_;  // real_ also takes the display quantity
  std::vector<float> weights_;  // of the weighted plane; empty when there is none
  cl::Kernel accumulate_;
  // The plane's spectrum on the device: an uploaded one, or the weighted one made in complexB_.
  cl_mem planeBuffer(std::size_t plane);
  cl::Kernel centred_, applyMask_, toComplex_, toReal_;
  std::vector<TimingRecord> timings_;

  // The launches that filter one plane into real_, timed once they are done.
  struct FilteredPlane {
    cl::Event masked;
    PendingRun inverted;
    cl::Event extracted;
  };
  cl::Event buildMask(const DeviceMaskSpec& spec);  // into mask_
  FilteredPlane enqueueFiltered(std::size_t plane);
  void record(const FilteredPlane& plane);
  std::unique_ptr<DeviceMask> deviceMask_;
  std::unique_ptr<DeviceOutput> output_;
};

}  // namespace fftscope
