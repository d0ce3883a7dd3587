#include "imaging/device/DeviceOutput.h"

#include "engine/cl/KernelArgs.h"
#include "engine/runtime/ElementwiseLaunch.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace fftscope {
namespace {

// Partial ranges per plane: enough work-groups to fill a large GPU, few enough to reduce in one,
// and none with less than kRangeSpan samples per work-item (a CPU device pays for each group).
constexpr std::size_t kRangeGroups = 256;
constexpr std::size_t kRangeSpan = 64;

std::size_t sampleBytes(const OutputFormat& format) {
  if (format.mapping == SampleMapping::Float) return sizeof(float);
  return format.bitDepth == 16 ? 2 : 1;
}

}  // namespace

float topSample(int bitDepth) { return bitDepth == 16 ? 65535.0f : 255.0f; }
float midSample(int bitDepth) { return bitDepth == 16 ? 32768.0f : 128.0f; }

void validate(const OutputFormat& format, std::size_t rows, std::size_t cols) {
  if (format.bitDepth != 8 && format.bitDepth != 16)
    throw std::invalid_argument("output samples of " + std::to_string(format.bitDepth) + " bits (8 or 16 are made)");
  const std::size_t width = format.width ? format.width : cols, height = format.height ? format.height : rows;
  if (format.x > cols || width > cols - format.x || format.y > rows || height > rows - format.y)
    throw std::invalid_argument("an output of " + std::to_string(width) + " x " + std::to_string(height) + " at (" +
                                std::to_string(format.x) + ", " + std::to_string(format.y) + ") in planes of " +
                                std::to_string(cols) + " x " + std::to_string(rows));
  if (format.mapping == SampleMapping::Clip &&
      (!std::isfinite(format.clipLow) || !std::isfinite(format.clipHigh) || format.clipLow > format.clipHigh))
    throw std::invalid_argument("clip bounds " + std::to_string(format.clipLow) + " .. " +
                                std::to_string(format.clipHigh));
}

std::size_t DeviceOutput::rangeGroup() const {
  std::size_t group = 1;
  while (group * 2 <= std::min<std::size_t>(256, context_.device().maxWorkGroupSize)) group *= 2;
  return group;
}

void DeviceOutput::ensure(cl::Buffer& buffer, std::size_t& capacity, std::size_t bytes) {
  if (buffer && capacity >= bytes) return;
  buffer.reset();  // the old one goes first: both might not fit together
  buffer = context_.buffer(bytes);
  capacity = bytes;
}

cl::Kernel& DeviceOutput::mapKernel(bool raw) {
  const cl::DeviceInfo& device = context_.device();
  const std::string common = " -D RANGE_GROUP=" + std::to_string(rangeGroup()) + (device.fp64 ? " -D HAVE_FP64" : "");
  if (raw) {
    if (!mapRaw_) mapRaw_ = context_.kernel("output", "-D OUT_T=float -D RAW" + common, "map_samples");
    return mapRaw_;
  }
  if (!mapInteger_ || kernelDepth_ != format_.bitDepth) {
    const std::string options = (format_.bitDepth == 16 ? "-D OUT_T=ushort -D TOP=65535.0f" : "-D OUT_T=uchar -D TOP=255.0f") + common;
    mapInteger_ = context_.kernel("output", options, "map_samples");
    partialRange_ = context_.kernel("output", options, "partial_range");
    stretchRange_ = context_.kernel("output", options, "stretch_range");
    kernelDepth_ = format_.bitDepth;
  }
  return mapInteger_;
}

void DeviceOutput::begin(const OutputFormat& format, std::size_t planes, std::size_t rows, std::size_t cols) {
  validate(format, rows, cols);
  if (planes < 1) throw std::invalid_argument("an output of no planes");
  format_ = format;
  planes_ = planes;
  rows_ = rows;
  cols_ = cols;
  width_ = format.width ? format.width : cols;
  height_ = format.height ? format.height : rows;
  if (width_ * height_ * planes_ > std::numeric_limits<cl_uint>::max())
    throw std::invalid_argument("an output of more than 2^32 samples");
  added_ = 0;
  launches_.clear();
  timings_.clear();
  const std::size_t count = width_ * height_ * planes_, bytes = count * sampleBytes(format);
  ensure(samples_, samplesBytes_, bytes);
  if (pinned_.size() < bytes) {
    pinned_ = cl::PinnedHostBuffer();
    pinned_ = cl::PinnedHostBuffer(context_, bytes);
  }
  if (format.mapping == SampleMapping::Stretch) {
    ensure(staging_, stagingBytes_, count * sizeof(float));
    const std::size_t span = rangeGroup() * kRangeSpan;
    rangeGroups_ = std::clamp<std::size_t>((width_ * height_ + span - 1) / span, 1, kRangeGroups);
    ensure(partials_, partialsBytes_, planes * rangeGroups_ * 2 * sizeof(float));
    ensure(range_, rangeBytes_, 4 * sizeof(float));
  } else if (!range_) {
    ensure(range_, rangeBytes_, 4 * sizeof(float));  // an argument the kernel does not read
  }
  mapKernel(format.mapping == SampleMapping::Float);
}

void DeviceOutput::map(cl::Kernel& kernel, bool raw, cl_mem in, std::size_t pitch, std::size_t x0, std::size_t y0,
                       cl_mem out, std::size_t base, std::size_t stride, bool stretch, std::size_t outBytes) {
  float scale = 1, shift = 0, lo = 0, hi = topSample(format_.bitDepth);
  if (format_.mapping == SampleMapping::Clip) {
    lo = format_.clipLow;
    hi = format_.clipHigh;
  } else if (format_.mapping == SampleMapping::Offset) {
    shift = midSample(format_.bitDepth);
  }
  cl_mem range = range_.get();
  auto u = [](std::size_t v) { return static_cast<cl_uint>(v); };
  cl::setArgs(kernel.get(), "map_samples", in, u(pitch), u(x0), u(y0), u(width_), u(height_), out, u(base), u(stride),
              scale, shift, lo, hi, range, u(stretch ? 1 : 0));
  const std::size_t n = width_ * height_;
  launches_.push_back({launchElementwise(context_, kernel, width_, height_), raw ? "crop" : "map_samples", n * 4,
                       n * outBytes});
}

void DeviceOutput::add(std::size_t p, cl_mem plane) {
  if (p >= planes_) throw std::out_of_range("output plane " + std::to_string(p) + " of " + std::to_string(planes_));
  const std::size_t n = width_ * height_;
  const std::size_t base = format_.interleaved ? p : p * n, stride = format_.interleaved ? planes_ : 1;
  switch (format_.mapping) {
    case SampleMapping::Float:
      map(mapKernel(true), true, plane, cols_, format_.x, format_.y, samples_.get(), base, stride, false, 4);
      break;
    case SampleMapping::Stretch: {
      // Kept whole as floats until every plane's range is known.
      map(mapKernel(true), true, plane, cols_, format_.x, format_.y, staging_.get(), p * n, 1, false, 4);
      cl_mem staged = staging_.get(), partials = partials_.get();
      cl::setArgs(partialRange_.get(), "partial_range", staged, static_cast<cl_uint>(p * n), static_cast<cl_uint>(n),
                  partials, static_cast<cl_uint>(p * rangeGroups_));
      const std::size_t group = rangeGroup(), global = rangeGroups_ * group;
      cl_event e = nullptr;
      cl::check(clEnqueueNDRangeKernel(context_.queue(), partialRange_.get(), 1, nullptr, &global, &group, 0, nullptr, &e),
                "clEnqueueNDRangeKernel(partial_range)");
      launches_.push_back({cl::Event(e), "partial_range", n * 4, rangeGroups_ * 8});
      break;
    }
    default:
      map(mapKernel(false), false, plane, cols_, format_.x, format_.y, samples_.get(), base, stride, false,
          sampleBytes(format_));
  }
  ++added_;
}

const HostSamples& DeviceOutput::finish() {
  if (added_ != planes_)
    throw std::logic_error("DeviceOutput::finish after " + std::to_string(added_) + " of " + std::to_string(planes_) +
                           " planes");
  const std::size_t n = width_ * height_, bytesPerSample = sampleBytes(format_);
  if (format_.mapping == SampleMapping::Stretch) {
    const std::size_t group = rangeGroup();
    cl_mem partials = partials_.get(), range = range_.get();
    cl::setArgs(stretchRange_.get(), "stretch_range", partials, static_cast<cl_uint>(planes_ * rangeGroups_), range);
    cl_event e = nullptr;
    cl::check(clEnqueueNDRangeKernel(context_.queue(), stretchRange_.get(), 1, nullptr, &group, &group, 0, nullptr, &e),
              "clEnqueueNDRangeKernel(stretch_range)");
    launches_.push_back({cl::Event(e), "stretch_range", planes_ * rangeGroups_ * 8, 16});
    for (std::size_t p = 0; p < planes_; ++p)
      // Plane p of the staging buffer begins at its row p * height.
      map(mapKernel(false), false, staging_.get(), width_, 0, p * height_, samples_.get(), format_.interleaved ? p : p * n,
          format_.interleaved ? planes_ : 1, true, bytesPerSample);
  }
  result_ = HostSamples{pinned_.data(), width_, height_, planes_, bytesPerSample, format_.interleaved};
  context_.read(samples_.get(), pinned_.data(), result_.bytes());  // blocking: every launch is done
  for (const Launch& launch : launches_)
    timings_.push_back(elementwiseRecord(launch.event, launch.name, width_, height_, launch.bytesRead, launch.bytesWritten));
  launches_.clear();
  return result_;
}

}  // namespace fftscope
