#include "imaging/device/DeviceFrameBatch.h"

#include "engine/cl/FinishOnFailure.h"
#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"
#include "engine/cl/StagingRing.h"
#include "imaging/Mask.h"
#include "imaging/device/DeviceMask.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope {
namespace {

double milliseconds(const cl::Event& event) { return double(cl::eventNanoseconds(event.get())) * 1e-6; }

// The largest power of two up to 256 that the device takes as a work-group.
std::size_t frameGroup(const cl::DeviceInfo& device) {
  std::size_t group = 256;
  while (group > 1 && group > device.maxWorkGroupSize) group /= 2;
  return group;
}

}  // namespace

std::size_t FrameLayout::bytes(std::size_t width, std::size_t height, std::size_t channels) const {
  if (kind == Kind::Interleaved) return width * height * channels;
  return width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2);
}

FrameBatchTimings& FrameBatchTimings::operator+=(const FrameBatchTimings& other) {
  frames += other.frames;
  uploadMs += other.uploadMs;
  kernelMs += other.kernelMs;
  downloadMs += other.downloadMs;
  uploadBytes += other.uploadBytes;
  downloadBytes += other.downloadBytes;
  return *this;
}

DeviceFrameBatch::DeviceFrameBatch(cl::DeviceContext& context, std::size_t width, std::size_t height,
                                   std::size_t channels, std::size_t batch, FrameLayout in, FrameLayout out)
    : context_(context), width_(width), height_(height), channels_(channels), batch_(batch),
      group_(frameGroup(context.device())), in_layout_(in), out_layout_(out) {
  if (width == 0 || height == 0 || (channels != 1 && channels != 3) || batch == 0)
    throw std::invalid_argument("a frame batch needs a size, 1 or 3 channels and at least one frame, not " +
                                std::to_string(width) + "x" + std::to_string(height) + "x" +
                                std::to_string(channels) + " x" + std::to_string(batch));
  if (channels != 3 && (in.kind == FrameLayout::Kind::Yuv420 || out.kind == FrameLayout::Kind::Yuv420))
    throw std::invalid_argument("frames come and go as Y, U, V planes in colour only");
  PlanDescription d = PlanDescription::twoD(height, width, batch * channels);
  forward_ = std::make_unique<RealPlan>(context_, d);
  d.direction = Direction::Inverse;
  inverse_ = std::make_unique<RealPlan>(context_, d);
  samples_ = context_.buffer(batch * std::max(inputBytes(), outputBytes()));
  planes_ = context_.buffer(forward_->realBytes());
  spectra_ = context_.buffer(forward_->complexBytes());
  mask_ = context_.buffer(maskBins() * sizeof(float));
  bounds_ = context_.buffer(2 * batch * sizeof(cl_int));
  const std::string options = "-DFRAME_GROUP=" + std::to_string(group_);
  const bool planesIn = in.kind == FrameLayout::Kind::Yuv420, planesOut = out.kind == FrameLayout::Kind::Yuv420;
  unpack_ = context_.kernel("frames", options, planesIn ? "unpack_yuv420" : "unpack_frames");
  applyMask_ = context_.kernel("frames", options, "mask_planes");
  pack_ = context_.kernel("frames", options, planesOut ? "pack_yuv420" : "pack_frames");
}

DeviceFrameBatch::~DeviceFrameBatch() = default;

void DeviceFrameBatch::setMask(const std::vector<float>& halfMask) {
  if (halfMask.size() != maskBins())
    throw std::invalid_argument("a mask of " + std::to_string(halfMask.size()) + " bins for frames whose half spectrum has " +
                                std::to_string(maskBins()));
  context_.write(mask_.get(), halfMask.data(), halfMask.size() * sizeof(float));
  hasMask_ = true;
}

void DeviceFrameBatch::setMask(const imaging::FilterSpec& spec) {
  // A CPU device computes the mask's doubles slower than the host's own loop (a 4K frame's: 390
  // against 100 ms on two cores with PoCL).
  if (!DeviceMask::available(context_.device()) || context_.device().type == "CPU")
    return setMask(imaging::buildHalfMask(int(height_), int(width_), spec));
  makeMaskOnDevice(spec);
}

void DeviceFrameBatch::makeMaskOnDevice(const imaging::FilterSpec& spec) {
  imaging::validateFilterSpec(spec);  // a bad spec leaves the mask there was
  DeviceMask masks(context_, height_, width_);
  hasMask_ = false;  // until the kernel has written it
  cl::Event built = masks.enqueue(spec, mask_.get(), halfSpectrumLength(width_));
  cl::waitAndClear(built, "clWaitForEvents(frame mask)");
  hasMask_ = true;
}

void DeviceFrameBatch::ownBuffers() {
  // Pinned on first use: a caller that brings its own frames never needs them.
  if (!in_.data()) in_ = cl::PinnedHostBuffer(context_, batch_ * inputBytes());
  if (!out_.data()) out_ = cl::PinnedHostBuffer(context_, batch_ * outputBytes());
}

std::uint8_t* DeviceFrameBatch::input(std::size_t b) {
  if (b >= batch_) throw std::out_of_range("frame " + std::to_string(b) + " of a batch of " + std::to_string(batch_));
  ownBuffers();
  return static_cast<std::uint8_t*>(in_.data()) + b * inputBytes();
}

const std::uint8_t* DeviceFrameBatch::output(std::size_t b) const {
  if (!lastIntoOwn_) throw std::logic_error("DeviceFrameBatch::output after frames filtered into the caller's memory");
  if (b >= timings_.frames)
    throw std::out_of_range("frame " + std::to_string(b) + " of " + std::to_string(timings_.frames) + " filtered");
  return static_cast<const std::uint8_t*>(out_.data()) + b * outputBytes();
}

cl::Event DeviceFrameBatch::launch(cl::Kernel& kernel, std::size_t global0, std::size_t global1) {
  const std::size_t local[2] = {group_, 1};
  const std::size_t global[2] = {(global0 + group_ - 1) / group_ * group_, global1};
  cl_event e = nullptr;
  cl::check(clEnqueueNDRangeKernel(context_.queue(), kernel.get(), 2, nullptr, global, local, 0, nullptr, &e),
            "clEnqueueNDRangeKernel(frames kernels)");
  return cl::Event(e);
}

void DeviceFrameBatch::filter(std::size_t count) {
  if (count == 0 || count > batch_)
    throw std::invalid_argument("filter " + std::to_string(count) + " frames of a batch of " + std::to_string(batch_));
  ownBuffers();
  std::vector<const std::uint8_t*> inputs(count);
  std::vector<std::uint8_t*> outputs(count);
  for (std::size_t b = 0; b < count; ++b) {
    inputs[b] = static_cast<const std::uint8_t*>(in_.data()) + b * inputBytes();
    outputs[b] = static_cast<std::uint8_t*>(out_.data()) + b * outputBytes();
  }
  run(inputs, outputs, true);
  lastIntoOwn_ = true;
}

void DeviceFrameBatch::filter(std::span<const std::uint8_t* const> inputs, std::span<std::uint8_t* const> outputs) {
  lastIntoOwn_ = false;
  run(inputs, outputs, false);
}

void DeviceFrameBatch::run(std::span<const std::uint8_t* const> inputs, std::span<std::uint8_t* const> outputs,
                           bool contiguous) {
  if (!hasMask_) throw std::logic_error("DeviceFrameBatch::filter before setMask");
  const std::size_t count = inputs.size();
  if (count == 0 || count > batch_ || outputs.size() != count)
    throw std::invalid_argument("filter " + std::to_string(count) + " frames into " + std::to_string(outputs.size()) +
                                " of a batch of " + std::to_string(batch_));
  const std::size_t inBytes = inputBytes(), outBytes = outputBytes();
  const cl::FinishOnFailure finishOnFailure{context_.queue()};  // the copies write into the caller's memory
  const cl_uint n = cl_uint(width_ * height_), channels = cl_uint(channels_), frames = cl_uint(batch_);
  const cl_int unset[2] = {255, 0};
  cl_event e = nullptr;
  cl::check(clEnqueueFillBuffer(context_.queue(), bounds_.get(), unset, sizeof unset, 0, 2 * count * sizeof(cl_int), 0,
                                nullptr, &e),
            "clEnqueueFillBuffer(frame bounds)");
  cl::Event filled(e);
  // The batch's own buffers in one copy each way; a caller's frames one copy a frame.
  std::vector<cl::Event> uploads, downloads;
  for (std::size_t b = 0; b < (contiguous ? 1 : count); ++b) {
    cl::check(clEnqueueWriteBuffer(context_.queue(), samples_.get(), CL_FALSE, b * inBytes,
                                   contiguous ? count * inBytes : inBytes, inputs[b], 0, nullptr, &e),
              "clEnqueueWriteBuffer(frames)");
    uploads.emplace_back(e);
  }
  const cl_uint width = cl_uint(width_), height = cl_uint(height_);
  if (in_layout_.kind == FrameLayout::Kind::Yuv420)
    cl::setArgs(unpack_.get(), "unpack_yuv420", samples_.get(), planes_.get(), width, height, frames,
                cl_uint(in_layout_.fullRange), bounds_.get());
  else
    cl::setArgs(unpack_.get(), "unpack_frames", samples_.get(), planes_.get(), n, channels, frames, bounds_.get());
  cl::Event unpacked = launch(unpack_, n, count);
  PendingRun forward = forward_->enqueue(planes_.get(), spectra_.get(), LaunchEvents::Each);
  const cl_uint bins = cl_uint(maskBins());
  cl::setArgs(applyMask_.get(), "mask_planes", spectra_.get(), mask_.get(), bins);
  cl::Event masked = launch(applyMask_, bins, batch_ * channels_);
  PendingRun inverse = inverse_->enqueue(spectra_.get(), planes_.get(), LaunchEvents::Each);
  cl::Event packed;
  if (out_layout_.kind == FrameLayout::Kind::Yuv420) {
    cl::setArgs(pack_.get(), "pack_yuv420", planes_.get(), samples_.get(), width, height, frames,
                cl_uint(out_layout_.fullRange), bounds_.get());
    packed = launch(pack_, ((width_ + 1) / 2) * ((height_ + 1) / 2), count);
  } else {
    cl::setArgs(pack_.get(), "pack_frames", planes_.get(), samples_.get(), n, channels, frames, bounds_.get());
    packed = launch(pack_, n, count);
  }
  for (std::size_t b = 0; b < (contiguous ? 1 : count); ++b) {
    cl::check(clEnqueueReadBuffer(context_.queue(), samples_.get(), CL_FALSE, b * outBytes,
                                  contiguous ? count * outBytes : outBytes, outputs[b], 0, nullptr, &e),
              "clEnqueueReadBuffer(frames)");
    downloads.emplace_back(e);
  }
  cl::check(clWaitForEvents(1, &e), "clWaitForEvents(frames)");  // the last download: everything before it

  timings_ = {};
  timings_.frames = count;
  for (const cl::Event& up : uploads) timings_.uploadMs += milliseconds(up);
  for (const cl::Event& down : downloads) timings_.downloadMs += milliseconds(down);
  timings_.kernelMs = milliseconds(filled) + milliseconds(unpacked) + milliseconds(masked) + milliseconds(packed);
  for (const PendingRun* run : {&forward, &inverse})
    for (const TimingRecord& t : run->timings()) timings_.kernelMs += double(t.nanoseconds) * 1e-6;
  timings_.uploadBytes = count * inBytes;
  timings_.downloadBytes = count * outBytes;
}

}  // namespace fftscope
