#include "engine/DeviceSpectralFilter.h"

#include "engine/DeviceMask.h"
#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"

#include <algorithm>
#include <stdexcept>

namespace fftscope {
DeviceSpectralFilter::DeviceSpectralFilter(cl::DeviceContext& context, std::size_t rows, std::size_t cols,
                                           Variant variant, TransposeMode transpose)
    : context_(context), rows_(rows), cols_(cols) {
  PlanDescription d = PlanDescription::twoD(rows, cols);
  d.variant = variant;
  d.transpose = transpose;
  validate(d);
  forward_ = std::make_unique<Plan>(context_, d);
  d.direction = Direction::Inverse;
  inverse_ = std::make_unique<Plan>(context_, d);
  const std::size_t n = rows * cols;
  real_ = context_.buffer(n * sizeof(float));
  mask_ = context_.buffer(n * sizeof(float));
  complexA_ = context_.buffer(n * sizeof(std::complex<float>));
  complexB_ = context_.buffer(n * sizeof(std::complex<float>));
  centred_ = context_.kernel("spectrum", "", "centred_measure");
  applyMask_ = context_.kernel("spectrum", "", "apply_mask");
  toComplex_ = context_.kernel("spectrum", "", "real_to_complex");
  toReal_ = context_.kernel("spectrum", "", "complex_to_real");
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
  r.pass.elementwiseKernel = name;
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
                                  std::to_string(rows_) + "x" + std::to_string(cols_) + " spectrum");
  setPlanes(planes.size(), [&planes](std::size_t i) { return planes[i]; }, filtered);
}

void DeviceSpectralFilter::setPlanes(std::size_t planeCount, const std::function<std::vector<float>(std::size_t)>& make,
                                     std::size_t filtered) {
  const std::size_t n = rows_ * cols_;
  timings_.clear();
  spectra_.clear();
  weights_.clear();
  if (!forward_) {
    PlanDescription d = inverse_->description();
    d.direction = Direction::Forward;
    forward_ = std::make_unique<Plan>(context_, d);
  }
  const cl_uint count = static_cast<cl_uint>(n);
  for (std::size_t i = 0; i < planeCount; ++i) {
    const std::vector<float> plane = make(i);
    if (plane.size() != n)
      throw std::invalid_argument("a plane of " + std::to_string(plane.size()) + " values for a " +
                                  std::to_string(rows_) + "x" + std::to_string(cols_) + " spectrum");
    context_.write(real_.get(), plane.data(), n * sizeof(float));
    cl_mem in = real_.get(), out = complexA_.get();
    cl::setArgs(toComplex_.get(), "real_to_complex", in, out, count);
    cl::Event converted = launch(toComplex_, n);
    cl::Buffer spectrum = context_.buffer(n * sizeof(std::complex<float>));
    PendingRun transformed = forward_->enqueue(complexA_.get(), spectrum.get());
    // Timings once the work is done: waiting between launches would idle the device.
    record(converted, "real_to_complex", n * 12);
    for (TimingRecord& t : transformed.timings()) timings_.push_back(t);
    spectra_.push_back(std::move(spectrum));
  }
  filtered_ = std::min(filtered, spectra_.size());
  // The spectra stay; the forward plan's scratch memory is not needed until another upload.
  context_.finish();
  forward_.reset();
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

std::vector<std::complex<float>> DeviceSpectralFilter::spectrum(std::size_t plane) {
  timings_.clear();
  cl_mem in = planeBuffer(plane);
  std::vector<std::complex<float>> bins(rows_ * cols_);
  context_.read(in, bins.data(), bins.size() * sizeof(bins[0]));
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
  const std::size_t n = rows_ * cols_;
  const cl_uint count = static_cast<cl_uint>(n);
  for (std::size_t i = 0; i < weights_.size(); ++i) {
    cl_mem in = spectra_[i].get(), out = complexB_.get();  // complexB_ is free between filters
    const float weight = weights_[i];
    const cl_uint first = i == 0 ? 1u : 0u;
    cl::setArgs(accumulate_.get(), "accumulate_weighted", in, out, weight, first, count);
    record(launch(accumulate_, n), "accumulate_weighted", n * (i == 0 ? 16 : 24));
  }
  return complexB_.get();
}

std::vector<std::vector<float>> DeviceSpectralFilter::filter(const std::vector<float>& mask) {
  std::vector<std::vector<float>> planes;
  filter(mask, [&planes](std::size_t, std::vector<float>&& plane) { planes.push_back(std::move(plane)); });
  return planes;
}

void DeviceSpectralFilter::filter(const std::vector<float>& mask,
                                  const std::function<void(std::size_t, std::vector<float>&&)>& take) {
  const std::size_t n = rows_ * cols_;
  if (mask.size() != n)
    throw std::invalid_argument("a mask of " + std::to_string(mask.size()) + " values for a " + std::to_string(rows_) +
                                "x" + std::to_string(cols_) + " spectrum");
  timings_.clear();
  context_.write(mask_.get(), mask.data(), n * sizeof(float));
  const cl_uint count = static_cast<cl_uint>(n);
  for (std::size_t i = 0; i < filtered_; ++i) {
    cl_mem s = spectra_[i].get(), m = mask_.get(), a = complexA_.get(), b = complexB_.get(), r = real_.get();
    cl::setArgs(applyMask_.get(), "apply_mask", s, m, a, count);
    cl::Event masked = launch(applyMask_, n);
    PendingRun inverted = inverse_->enqueue(a, b);
    cl::setArgs(toReal_.get(), "complex_to_real", b, r, count);
    cl::Event extracted = launch(toReal_, n);
    std::vector<float> plane(n);
    context_.read(real_.get(), plane.data(), n * sizeof(float));  // blocking: all three are done
    record(masked, "apply_mask", n * 20);
    for (TimingRecord& t : inverted.timings()) timings_.push_back(t);
    record(extracted, "complex_to_real", n * 12);
    take(i, std::move(plane));
  }
}

cl::Event DeviceSpectralFilter::buildMask(const DeviceMaskSpec& spec) {
  if (!deviceMask_) deviceMask_ = std::make_unique<DeviceMask>(context_, rows_, cols_);
  return deviceMask_->enqueue(spec, mask_.get(), cols_);
}

DeviceSpectralFilter::FilteredPlane DeviceSpectralFilter::enqueueFiltered(std::size_t i) {
  const cl_uint count = static_cast<cl_uint>(rows_ * cols_);
  cl_mem s = spectra_[i].get(), m = mask_.get(), a = complexA_.get(), b = complexB_.get(), r = real_.get();
  cl::setArgs(applyMask_.get(), "apply_mask", s, m, a, count);
  cl::Event masked = launch(applyMask_, rows_ * cols_);
  PendingRun inverted = inverse_->enqueue(a, b);
  cl::setArgs(toReal_.get(), "complex_to_real", b, r, count);
  cl::Event extracted = launch(toReal_, rows_ * cols_);
  return {std::move(masked), std::move(inverted), std::move(extracted)};
}

void DeviceSpectralFilter::record(const FilteredPlane& plane) {
  const std::size_t n = rows_ * cols_;
  record(plane.masked, "apply_mask", n * 20);
  for (TimingRecord& t : plane.inverted.timings()) timings_.push_back(t);
  record(plane.extracted, "complex_to_real", n * 12);
}

std::vector<std::vector<float>> DeviceSpectralFilter::filter(const DeviceMaskSpec& mask) {
  std::vector<std::vector<float>> planes;
  filter(mask, [&planes](std::size_t, std::vector<float>&& plane) { planes.push_back(std::move(plane)); });
  return planes;
}

void DeviceSpectralFilter::filter(const DeviceMaskSpec& mask,
                                  const std::function<void(std::size_t, std::vector<float>&&)>& take) {
  const std::size_t n = rows_ * cols_;
  timings_.clear();
  cl::Event built = buildMask(mask);
  for (std::size_t i = 0; i < filtered_; ++i) {
    FilteredPlane launched = enqueueFiltered(i);
    std::vector<float> plane(n);
    context_.read(real_.get(), plane.data(), n * sizeof(float));  // blocking: the launches are done
    if (i == 0) record(built, "build_mask", n * 4);
    record(launched);
    take(i, std::move(plane));
  }
}

const HostSamples& DeviceSpectralFilter::filter(const DeviceMaskSpec& mask, const OutputFormat& format) {
  if (filtered_ == 0) throw std::logic_error("DeviceSpectralFilter::filter before setPlanes");
  validate(mask);  // both refused before anything is enqueued
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
  record(built, "build_mask", rows_ * cols_ * 4);
  for (const FilteredPlane& plane : launched) record(plane);
  for (const TimingRecord& t : output_->timings()) timings_.push_back(t);
  return samples;
}

}  // namespace fftscope
