// Frequency-domain filtering that keeps the spectra on the device: real planes (an image's
// channels, at any size) are transformed once; each new mask then costs one mask
// product, one inverse transform and one read of the result per plane. The centred display
// of a spectrum (log magnitude, magnitude, power, phase) is computed on the device too.
//
// The planes are real, so their spectra are Hermitian (X[-k] = conj X[k]): only the half
// spectrum is kept, rows x (cols/2 + 1) bins as NumPy's rfft2 lays them out, made by a real to
// complex transform and filtered through a complex to real one (RealPlan.h). The full spectrum
// is rebuilt from it where one is asked for (display, read back).
// Single precision; one thread at a time, like the DeviceContext it uses.
#pragma once

#include "engine/cl/StagedUpload.h"
#include "engine/runtime/Plan.h"
#include "engine/runtime/RealPlan.h"
#include "imaging/FilterSpec.h"
#include "imaging/device/DeviceOutput.h"

#include <complex>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <span>
#include <vector>

namespace fftscope {

class DeviceMask;

enum class SpectrumMeasure { LogMagnitude = 0, Magnitude = 1, Power = 2, Phase = 3 };

// A real mask given on the half spectrum only: rows x (cols/2 + 1) values, row-major, bins in the
// FFT's unshifted order. Each value stands for its bin and for the mirrored bin (-ky, -kx), so it
// describes a mask with H(-f) = H(f).
struct HalfMask {
  std::vector<float> values;
};

class DeviceSpectralFilter {
 public:
  // Takes each filtered plane (its index, rows*cols values) as it is read back.
  using PlaneSink = std::function<void(std::size_t, std::vector<float>&&)>;

  // Any rows and cols the engine takes; variant and transpose pick the 2D plans.
  DeviceSpectralFilter(cl::DeviceContext& context, std::size_t rows, std::size_t cols,
                       Variant variant = Variant::Auto, TransposeMode transpose = TransposeMode::Tiled);
  ~DeviceSpectralFilter();

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t halfCols() const { return halfSpectrumLength(cols_); }  // bins a row of the half spectrum

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
  // Plane i's full spectrum in the FFT's order, rows*cols bins, read back (for analysis on the host).
  std::vector<std::complex<float>> spectrum(std::size_t plane);
  // Plane i's half spectrum as kept: rows*(cols/2 + 1) bins.
  std::vector<std::complex<float>> halfSpectrum(std::size_t plane);
  // |X| of those bins, computed on the device: a quarter of the full spectrum's bytes come back.
  std::vector<float> halfMagnitudes(std::size_t plane);

  // The real part of inverse(spectrum x mask) for every filtered plane; the mask is real, rows*cols, in
  // the FFT's unshifted order. The inverse is scaled by 1/(rows*cols).
  std::vector<std::vector<float>> filter(const std::vector<float>& mask);
  // The same, each plane handed to `take` as soon as it is read back.
  void filter(const std::vector<float>& mask, const PlaneSink& take);
  // The same with a mask given on the half spectrum (rows*(cols/2 + 1) values).
  std::vector<std::vector<float>> filter(const HalfMask& mask);
  void filter(const HalfMask& mask, const PlaneSink& take);

  // The same with the mask made on the device from the filter's parameters (DeviceMask), so that
  // no mask crosses the bus. Needs a device with double precision (DeviceMask::available).
  std::vector<std::vector<float>> filter(const imaging::FilterSpec& mask);
  void filter(const imaging::FilterSpec& mask, const std::function<void(std::size_t, std::vector<float>&&)>& take);
  // The filtered planes made into output samples on the device (DeviceOutput: cropped, mapped,
  // 8- or 16-bit): only those samples come back, into pinned host memory that the next call of
  // this kind overwrites.
  const HostSamples& filter(const imaging::FilterSpec& mask, const OutputFormat& format);

  // The inverse plan's summary, e.g. "real 2D 512x512 x1 f32 inverse auto/table/tiled".
  std::string planSummary() const { return "real " + inverseDescription_.summary(); }
  // The kernel launches of the last setPlanes, filter or centredDisplay call, with their times.
  const std::vector<TimingRecord>& lastTimings() const { return timings_; }
  // Where the last setPlanes call's wall time went, on the host's clock (ms).
  struct AnalysisParts {
    double ring = 0;      // waiting for the pinned staging ring, made beside the forward plan
    double making = 0;    // making the planes (the caller's function)
    double staging = 0;   // copying them into pinned memory and enqueueing, waiting for free slots
    double waiting = 0;   // for the last upload and transform once everything is enqueued
    double inversePlan = 0;  // building the inverse plan that filters from then on
    double total = 0;
  };
  const AnalysisParts& lastAnalysis() const { return analysis_; }

 private:
  cl::Event launch(cl::Kernel& kernel, std::size_t global0, std::size_t global1 = 1);
  void record(const cl::Event& event, const std::string& name, std::uint64_t bytes);
  void uploadHalfOf(const std::vector<float>& mask);
  void filterUploaded(const PlaneSink& take);
  // The plane's half spectrum on the device: an uploaded one, or the weighted one made in work_.
  cl_mem planeBuffer(std::size_t plane);
  std::size_t halfBins() const { return rows_ * halfCols(); }
  // setPlanes' work: plane(i, storage) gives plane i's values, kept in `storage` where it makes them.
  using PlaneSource = std::function<std::span<const float>(std::size_t, std::vector<float>& storage)>;
  void analyse(std::size_t count, const PlaneSource& plane, std::size_t filtered);

  cl::DeviceContext& context_;
  std::size_t rows_, cols_;
  PlanDescription inverseDescription_;
  // The forward plan lives from the constructor to the end of setPlanes, the inverse from then
  // on: their scratch buffers are never held together.
  std::unique_ptr<RealPlan> forward_, inverse_;
  // The pinned ring the planes go up through (4 x 8 MiB): made on another thread while the
  // forward plan is built, since pinning memory takes milliseconds, and kept while the filter
  // lives (another setPlanes on it reuses it).
  std::future<std::unique_ptr<cl::StagedUpload>> uploadMaking_;
  std::unique_ptr<cl::StagedUpload> upload_;
  std::vector<cl::Buffer> spectra_;  // half spectra
  std::size_t filtered_ = 0;
  cl::Buffer real_;  // the planes going in, the filtered ones coming out, the display quantity
  cl::Buffer mask_;  // the mask on the half spectrum
  cl::Buffer work_;  // a half spectrum: the mask's product, or the weighted plane
  std::vector<float> weights_;  // of the weighted plane; empty when there is none
  cl::Kernel centred_, magnitudes_, applyMask_, accumulate_;
  std::vector<TimingRecord> timings_;
  AnalysisParts analysis_;

  // The launches that filter one plane into real_, timed once they are done.
  struct FilteredPlane {
    cl::Event masked;
    PendingRun inverted;
  };
  cl::Event buildMask(const imaging::FilterSpec& spec);  // into mask_
  FilteredPlane enqueueFiltered(std::size_t plane);
  void record(const FilteredPlane& plane);
  std::unique_ptr<DeviceMask> deviceMask_;
  std::unique_ptr<DeviceOutput> output_;
};

}  // namespace fftscope
