#include "imaging/device/DeviceSpectralFilter.h"

#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"
#include "engine/cl/StagedUpload.h"
#include "engine/planning/DeviceLimitsOf.h"
#include "imaging/device/DeviceMask.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <future>
#include <stdexcept>
#include <system_error>

namespace fftscope {
namespace {

std::string sizeText(std::size_t rows, std::size_t cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

}  // namespace

DeviceSpectralFilter::DeviceSpectralFilter(cl::DeviceContext& context, std::size_t rows, std::size_t cols,
                                           Variant variant, TransposeMode transpose)
    : context_(context), rows_(rows), cols_(cols) {
  PlanDescription d = PlanDescription::twoD(rows, cols);
  d.variant = variant;
  d.transpose = transpose;
  try {
    uploadMaking_ = std::async(std::launch::async, [&context] { return std::make_unique<cl::StagedUpload>(context); });
  } catch (const std::system_error&) {
    // No thread to spare: the first analysis makes the ring itself.
  }
  // Both directions are checked here, so that a transform the device cannot hold is refused
  // before any plane is made; the inverse is built once the forward plan is gone.
  forward_ = std::make_unique<RealPlan>(context_, d);
  inverseDescription_ = d;
  inverseDescription_.direction = Direction::Inverse;
  checkFitsDevice(inverseDescription_, context_.device());
  real_ = context_.buffer(rows * cols * sizeof(float));
  mask_ = context_.buffer(halfBins() * sizeof(float));
  work_ = context_.buffer(halfBins() * sizeof(std::complex<float>));
  centred_ = context_.kernel("spectrum", "", "centred_measure");
  magnitudes_ = context_.kernel("spectrum", "", "magnitudes");
  applyMask_ = context_.kernel("spectrum", "", "apply_mask");
  accumulate_ = context_.kernel("spectrum", "", "accumulate_weighted");
}

DeviceSpectralFilter::~DeviceSpectralFilter() = default;

cl::Event DeviceSpectralFilter::launch(cl::Kernel& kernel, std::size_t global0, std::size_t global1) {
  std::size_t local[2] = {global1 > 1 ? std::size_t{16} : std::size_t{256}, global1 > 1 ? std::size_t{16} : std::size_t{1}};
  while (local[0] * local[1] > context_.device().maxWorkGroupSize) local[0] /= 2;
  std::size_t global[2] = {(global0 + local[0] - 1) / local[0] * local[0], (global1 + local[1] - 1) / local[1] * local[1]};
  cl_event e = nullptr;
  cl::check(clEnqueueNDRangeKernel(context_.queue(), kernel.get(), global1 > 1 ? 2 : 1, nullptr, global, local, 0,
                                   nullptr, &e),
            "clEnqueueNDRangeKernel(spectrum kernels)");
  return cl::Event(e);
}

void DeviceSpectralFilter::record(const cl::Event& event, const std::string& name, std::uint64_t bytes) {
  TimingRecord r;
  r.pass.kind = PassKind::Elementwise;
  r.pass.elementwise.name = name;
  r.pass.length = cols_;
  r.pass.span = rows_;
  r.pass.bytesRead = r.pass.bytesWritten = bytes;
  cl::DeviceInterval t = cl::eventInterval(event.get());
  r.nanoseconds = t.nanoseconds();
  r.startNs = t.start;
  r.endNs = t.end;
  timings_.push_back(r);
}

void DeviceSpectralFilter::setPlanes(const std::vector<std::vector<float>>& planes, std::size_t filtered) {
  const std::size_t n = rows_ * cols_;
  for (const auto& plane : planes)
    if (plane.size() != n)
      throw std::invalid_argument("a plane of " + std::to_string(plane.size()) + " values for a " +
                                  sizeText(rows_, cols_) + " spectrum");
  // Read where they are: a copy of a 4096 x 4096 plane costs as much as its upload.
  analyse(planes.size(), [&planes](std::size_t i, std::vector<float>&) { return std::span<const float>(planes[i]); },
          filtered);
}

void DeviceSpectralFilter::setPlanes(std::size_t planeCount, const std::function<std::vector<float>(std::size_t)>& make,
                                     std::size_t filtered) {
  analyse(planeCount, [&make](std::size_t i, std::vector<float>& storage) {
    storage = make(i);
    return std::span<const float>(storage);
  }, filtered);
}

void DeviceSpectralFilter::analyse(std::size_t planeCount, const PlaneSource& makePlane, std::size_t filtered) {
  using Clock = std::chrono::steady_clock;
  const auto msSince = [](Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); };
  const Clock::time_point started = Clock::now();
  analysis_ = {};
  const std::size_t n = rows_ * cols_;
  timings_.clear();
  spectra_.clear();
  weights_.clear();
  if (!forward_) {
    inverse_.reset();
    PlanDescription d = inverseDescription_;
    d.direction = Direction::Forward;
    forward_ = std::make_unique<RealPlan>(context_, d);
  }
  // The inverse plan's programs are built on another thread while the planes go up, so that
  // building the plan afterwards only allocates its scratch memory.
  std::future<void> inversePrograms = context_.buildAhead(RealPlan::programs(inverseDescription_, limitsOf(context_.device())));
  // Two planes in flight: plane i crosses the bus into one buffer, through pinned memory and on
  // a queue of its own, while the forward transform of plane i - 1 reads the other, and the host
  // makes plane i + 1. A buffer is written again once the transform that read it is done.
  Clock::time_point ring = Clock::now();
  if (!upload_) {  // a ring that could not be made throws here, and is tried again next time
    upload_ = uploadMaking_.valid() ? uploadMaking_.get() : std::make_unique<cl::StagedUpload>(context_);
  }
  cl::StagedUpload& upload = *upload_;
  analysis_.ring = msSince(ring);
  cl::Buffer other;
  cl::Event read[2];  // the transform that last read each buffer
  std::vector<PendingRun> transforms;
  try {
    for (std::size_t i = 0; i < planeCount; ++i) {
      Clock::time_point t = Clock::now();
      std::vector<float> storage;
      const std::span<const float> plane = makePlane(i, storage);
      analysis_.making += msSince(t);
      if (plane.size() != n)
        throw std::invalid_argument("a plane of " + std::to_string(plane.size()) + " values for a " +
                                    sizeText(rows_, cols_) + " spectrum");
      t = Clock::now();
      if (i % 2 == 1 && !other) other = context_.buffer(n * sizeof(float));
      cl_mem in = i % 2 == 0 ? real_.get() : other.get();
      const cl_event free = read[i % 2].get();
      const cl::Event uploaded = upload.write(in, plane.data(), n * sizeof(float),
                                              free ? std::span(&free, 1) : std::span<const cl_event>());
      const cl_event up = uploaded.get();
      cl::check(clEnqueueBarrierWithWaitList(context_.queue(), 1, &up, nullptr), "clEnqueueBarrierWithWaitList(upload)");
      cl::Buffer spectrum = context_.buffer(halfBins() * sizeof(std::complex<float>));
      transforms.push_back(forward_->enqueue(in, spectrum.get()));
      cl_event done = nullptr;
      cl::check(clEnqueueMarkerWithWaitList(context_.queue(), 0, nullptr, &done), "clEnqueueMarkerWithWaitList");
      read[i % 2] = cl::Event(done);
      cl::check(clFlush(context_.queue()), "clFlush");
      spectra_.push_back(std::move(spectrum));
      analysis_.staging += msSince(t);
    }
  } catch (...) {
    // The ring goes with its writes in flight ended (its destructor waits for them), so that
    // none is counted in a later call or lands in a buffer written again.
    upload_.reset();
    throw;
  }
  Clock::time_point t = Clock::now();
  upload.finish();
  // Timings once the work is done: waiting between launches would idle the device.
  for (const PendingRun& run : transforms)
    for (TimingRecord& timing : run.timings()) timings_.push_back(timing);
  filtered_ = std::min(filtered, spectra_.size());
  // The spectra stay; the forward plan's scratch memory is not needed until another upload.
  context_.finish();
  analysis_.waiting = msSince(t);
  t = Clock::now();
  forward_.reset();
  inversePrograms.wait();
  inverse_ = std::make_unique<RealPlan>(context_, inverseDescription_);
  analysis_.inversePlan = msSince(t);
  analysis_.total = msSince(started);
}

std::vector<float> DeviceSpectralFilter::centredDisplay(std::size_t plane, SpectrumMeasure measure) {
  timings_.clear();
  cl_mem in = planeBuffer(plane), out = real_.get();  // real_ is free between filters
  cl::setArgs(centred_.get(), "centred_measure", in, out, static_cast<cl_uint>(rows_), static_cast<cl_uint>(cols_),
              static_cast<cl_uint>(measure));
  cl::Event measured = launch(centred_, cols_, rows_);
  std::vector<float> display(rows_ * cols_);  // the blocking read waits for the kernel
  context_.read(real_.get(), display.data(), display.size() * sizeof(float));
  record(measured, "centred_measure", rows_ * cols_ * 12);
  return display;
}

std::vector<std::complex<float>> DeviceSpectralFilter::halfSpectrum(std::size_t plane) {
  timings_.clear();
  std::vector<std::complex<float>> bins(halfBins());
  context_.read(planeBuffer(plane), bins.data(), bins.size() * sizeof(bins[0]));
  return bins;
}

std::vector<float> DeviceSpectralFilter::halfMagnitudes(std::size_t plane) {
  timings_.clear();
  const std::size_t n = halfBins();
  cl_mem in = planeBuffer(plane), out = real_.get();  // real_ (rows*cols) is free between filters
  cl::setArgs(magnitudes_.get(), "magnitudes", in, out, static_cast<cl_uint>(n));
  cl::Event measured = launch(magnitudes_, n);
  std::vector<float> values(n);
  context_.read(real_.get(), values.data(), n * sizeof(float));
  record(measured, "magnitudes", n * 12);
  return values;
}

std::vector<std::complex<float>> DeviceSpectralFilter::spectrum(std::size_t plane) {
  timings_.clear();
  const std::size_t width = halfCols();
  std::vector<std::complex<float>> bins(rows_ * cols_);
  // The half is read into the front, each row is moved to its place (the last row first, so that
  // none lands on a row still to be moved), then the missing bins are mirrored: X[-k] = conj X[k].
  context_.read(planeBuffer(plane), bins.data(), halfBins() * sizeof(bins[0]));
  if (width == cols_) return bins;
  for (std::size_t r = rows_; r-- > 1;) std::memmove(&bins[r * cols_], &bins[r * width], width * sizeof(bins[0]));
  for (std::size_t r = 0; r < rows_; ++r) {
    const std::size_t mirror = (rows_ - r) % rows_;
    for (std::size_t c = width; c < cols_; ++c) bins[r * cols_ + c] = std::conj(bins[mirror * cols_ + cols_ - c]);
  }
  return bins;
}

void DeviceSpectralFilter::setWeightedPlane(std::vector<float> weights) {
  if (weights.empty() || weights.size() > spectra_.size())
    throw std::invalid_argument("a weighted plane of " + std::to_string(weights.size()) + " terms over " +
                                std::to_string(spectra_.size()) + " planes");
  weights_ = std::move(weights);
}

cl_mem DeviceSpectralFilter::planeBuffer(std::size_t plane) {
  if (plane < spectra_.size()) return spectra_[plane].get();
  if (plane != spectra_.size() || weights_.empty())
    throw std::out_of_range("no spectrum plane " + std::to_string(plane));
  const std::size_t n = halfBins();
  const cl_uint count = static_cast<cl_uint>(n);
  for (std::size_t i = 0; i < weights_.size(); ++i) {
    cl_mem in = spectra_[i].get(), out = work_.get();  // work_ is free between filters
    const float weight = weights_[i];
    const cl_uint first = i == 0 ? 1u : 0u;
    cl::setArgs(accumulate_.get(), "accumulate_weighted", in, out, weight, first, count);
    record(launch(accumulate_, n), "accumulate_weighted", n * (i == 0 ? 16 : 24));
  }
  return work_.get();
}

std::vector<std::vector<float>> DeviceSpectralFilter::filter(const std::vector<float>& mask) {
  std::vector<std::vector<float>> planes;
  filter(mask, [&planes](std::size_t, std::vector<float>&& plane) { planes.push_back(std::move(plane)); });
  return planes;
}

std::vector<std::vector<float>> DeviceSpectralFilter::filter(const HalfMask& mask) {
  std::vector<std::vector<float>> planes;
  filter(mask, [&planes](std::size_t, std::vector<float>&& plane) { planes.push_back(std::move(plane)); });
  return planes;
}

void DeviceSpectralFilter::filter(const std::vector<float>& mask, const PlaneSink& take) {
  if (mask.size() != rows_ * cols_)
    throw std::invalid_argument("a mask of " + std::to_string(mask.size()) + " values for a " + sizeText(rows_, cols_) +
                                " spectrum");
  timings_.clear();
  uploadHalfOf(mask);
  filterUploaded(take);
}

void DeviceSpectralFilter::filter(const HalfMask& mask, const PlaneSink& take) {
  if (mask.values.size() != halfBins())
    throw std::invalid_argument("a half mask of " + std::to_string(mask.values.size()) + " values for a " +
                                sizeText(rows_, cols_) + " spectrum (" + sizeText(rows_, halfCols()) + " expected)");
  timings_.clear();
  context_.write(mask_.get(), mask.values.data(), halfBins() * sizeof(float));
  filterUploaded(take);
}

void DeviceSpectralFilter::uploadHalfOf(const std::vector<float>& mask) {
  // For a Hermitian X, Re ifft2(X·H) = ifft2(X·(H(f) + H(-f))/2): the half takes the mask's
  // symmetric part. That is the mask itself for a symmetric one (every filter the image
  // workspace builds: radial responses, notches and strokes with their twins), and gives the
  // real part of the full product for any other. Written a few rows at a time: no second
  // mask on the host.
  const std::size_t width = halfCols();
  const std::size_t chunkRows = std::max<std::size_t>(1, (std::size_t{1} << 16) / width);
  std::vector<float> chunk;
  for (std::size_t r0 = 0; r0 < rows_; r0 += chunkRows) {
    const std::size_t r1 = std::min(rows_, r0 + chunkRows);
    chunk.resize((r1 - r0) * width);
    for (std::size_t r = r0; r < r1; ++r) {
      const float* row = &mask[r * cols_];
      const float* mirror = &mask[(rows_ - r) % rows_ * cols_];
      float* out = &chunk[(r - r0) * width];
      for (std::size_t c = 0; c < width; ++c) out[c] = 0.5f * (row[c] + mirror[(cols_ - c) % cols_]);
    }
    context_.write(mask_.get(), chunk.data(), chunk.size() * sizeof(float), r0 * width * sizeof(float));
  }
}

void DeviceSpectralFilter::filterUploaded(const PlaneSink& take) {
  const std::size_t n = rows_ * cols_, half = halfBins();
  const cl_uint count = static_cast<cl_uint>(half);
  for (std::size_t i = 0; i < filtered_; ++i) {
    cl_mem s = spectra_[i].get(), m = mask_.get(), w = work_.get();
    cl::setArgs(applyMask_.get(), "apply_mask", s, m, w, count);
    cl::Event masked = launch(applyMask_, half);
    PendingRun inverted = inverse_->enqueue(work_.get(), real_.get());
    std::vector<float> plane(n);
    context_.read(real_.get(), plane.data(), n * sizeof(float));  // blocking: the launches are done
    record(masked, "apply_mask", half * 20);
    for (TimingRecord& t : inverted.timings()) timings_.push_back(t);
    take(i, std::move(plane));
  }
}

cl::Event DeviceSpectralFilter::buildMask(const imaging::FilterSpec& spec) {
  if (!deviceMask_) deviceMask_ = std::make_unique<DeviceMask>(context_, rows_, cols_);
  return deviceMask_->enqueue(spec, mask_.get(), halfCols());  // the half spectra's bins
}

DeviceSpectralFilter::FilteredPlane DeviceSpectralFilter::enqueueFiltered(std::size_t i) {
  const std::size_t half = halfBins();
  cl_mem s = spectra_[i].get(), m = mask_.get(), w = work_.get();
  cl::setArgs(applyMask_.get(), "apply_mask", s, m, w, static_cast<cl_uint>(half));
  cl::Event masked = launch(applyMask_, half);
  PendingRun inverted = inverse_->enqueue(work_.get(), real_.get());
  return {std::move(masked), std::move(inverted)};
}

void DeviceSpectralFilter::record(const FilteredPlane& plane) {
  record(plane.masked, "apply_mask", halfBins() * 20);
  for (TimingRecord& t : plane.inverted.timings()) timings_.push_back(t);
}

std::vector<std::vector<float>> DeviceSpectralFilter::filter(const imaging::FilterSpec& mask) {
  std::vector<std::vector<float>> planes;
  filter(mask, [&planes](std::size_t, std::vector<float>&& plane) { planes.push_back(std::move(plane)); });
  return planes;
}

void DeviceSpectralFilter::filter(const imaging::FilterSpec& mask,
                                  const std::function<void(std::size_t, std::vector<float>&&)>& take) {
  const std::size_t n = rows_ * cols_;
  timings_.clear();
  cl::Event built = buildMask(mask);
  for (std::size_t i = 0; i < filtered_; ++i) {
    FilteredPlane launched = enqueueFiltered(i);
    std::vector<float> plane(n);
    context_.read(real_.get(), plane.data(), n * sizeof(float));  // blocking: the launches are done
    if (i == 0) record(built, "build_mask", halfBins() * 4);
    record(launched);
    take(i, std::move(plane));
  }
}

const HostSamples& DeviceSpectralFilter::filter(const imaging::FilterSpec& mask, const OutputFormat& format) {
  if (filtered_ == 0) throw std::logic_error("DeviceSpectralFilter::filter before setPlanes");
  imaging::validateFilterSpec(mask);  // both refused before anything is enqueued
  if (!output_) output_ = std::make_unique<DeviceOutput>(context_);
  output_->begin(format, filtered_, rows_, cols_);
  timings_.clear();
  cl::Event built = buildMask(mask);
  std::vector<FilteredPlane> launched;
  for (std::size_t i = 0; i < filtered_; ++i) {
    launched.push_back(enqueueFiltered(i));
    output_->add(i, real_.get());  // in order: read before the next plane overwrites real_
  }
  const HostSamples& samples = output_->finish();
  record(built, "build_mask", halfBins() * 4);
  for (const FilteredPlane& plane : launched) record(plane);
  for (const TimingRecord& t : output_->timings()) timings_.push_back(t);
  return samples;
}

}  // namespace fftscope
