// Video frames filtered on the device a batch at a time: B frames of 8-bit interleaved samples go
// up in one copy from pinned memory, their planes through one batched real 2D transform each
// way with one mask between, and the filtered samples come back in one copy, each frame clipped
// to its own range and rounded as the host's filter does (OutputRange Clip, no padding, each
// channel filtered alone). Fewer, larger copies and launches than frame by frame is the point:
// a 1080p colour frame is 6 MB each way, and its transforms take a fraction of a millisecond.
// Uploads, kernels and downloads are timed apart from the queue's events. One thread at a time,
// like its DeviceContext.
#pragma once

#include "engine/cl/PinnedHostBuffer.h"
#include "engine/runtime/RealPlan.h"
#include "imaging/FilterSpec.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace fftscope {

// How a batch's frames lie in memory, coming or going. Interleaved: the frame's channels
// interleaved (blue, green, red for colour), rows packed. Yuv420 (colour only): planes Y of width
// x height, then U and V of width/2 x height/2 each (halves rounded up), as decoders give and
// encoders take MPEG-4 and Motion JPEG; the device converts between them and blue, green, red
// by ITU-R BT.601 as swscale does, in video range (Y 16-235) or, fullRange, JPEG's (0-255).
struct FrameLayout {
  enum class Kind { Interleaved, Yuv420 };
  Kind kind = Kind::Interleaved;
  bool fullRange = false;
  static FrameLayout yuv420(bool fullRange) { return {Kind::Yuv420, fullRange}; }
  std::size_t bytes(std::size_t width, std::size_t height, std::size_t channels) const;
};

// Device time of one batch, from the queue's profiling events.
struct FrameBatchTimings {
  std::size_t frames = 0;
  double uploadMs = 0;    // the frames' samples to the device
  double kernelMs = 0;    // unpacking, both transforms, the mask and packing
  double downloadMs = 0;  // the filtered samples back
  std::size_t uploadBytes = 0, downloadBytes = 0;
  double deviceMs() const { return uploadMs + kernelMs + downloadMs; }
  FrameBatchTimings& operator+=(const FrameBatchTimings& other);
};

class DeviceFrameBatch {
 public:
  // Frames of width x height pixels with 1 or 3 channels, up to `batch` at a time, coming in as
  // `in` and going out as `out`. Throws std::invalid_argument for a shape the device cannot
  // transform or planes of a grey frame.
  DeviceFrameBatch(cl::DeviceContext& context, std::size_t width, std::size_t height, std::size_t channels,
                   std::size_t batch, FrameLayout in = {}, FrameLayout out = {});
  ~DeviceFrameBatch();

  std::size_t width() const { return width_; }
  std::size_t height() const { return height_; }
  std::size_t channels() const { return channels_; }
  std::size_t batch() const { return batch_; }
  // A frame's samples interleaved, and as they come in and go out.
  std::size_t frameBytes() const { return width_ * height_ * channels_; }
  std::size_t inputBytes() const { return in_layout_.bytes(width_, height_, channels_); }
  std::size_t outputBytes() const { return out_layout_.bytes(width_, height_, channels_); }
  // The half-spectrum bins a mask has: height x (width/2 + 1), as buildHalfMask makes them.
  std::size_t maskBins() const { return height_ * halfSpectrumLength(width_); }

  // The mask every frame is multiplied by, on the half spectrum in the FFT's unshifted order.
  void setMask(const std::vector<float>& halfMask);
  // The same, made from the filter's description: on a device with double precision other than a
  // CPU (DeviceMask.h; a 4K frame's mask took 100 ms on one host core), else on the host.
  void setMask(const imaging::FilterSpec& spec);
  // The same by the device's mask kernel whatever the device; throws std::invalid_argument on one
  // without double precision.
  void makeMaskOnDevice(const imaging::FilterSpec& spec);
  // Where frame b (below batch()) of the next batch is written: inputBytes() samples, pinned.
  std::uint8_t* input(std::size_t b);
  // Filters frames 0 .. count-1 written to input(); returns when their samples are back.
  void filter(std::size_t count);
  // Filters the frames at `inputs` (up to batch(), inputBytes() each) into `outputs` (outputBytes()
  // each), one for one:
  // a caller whose frames are already in pinned memory of the context (PinnedHostBuffer.h) sends
  // them from there and takes them back there, with no copy through the batch's own buffers.
  void filter(std::span<const std::uint8_t* const> inputs, std::span<std::uint8_t* const> outputs);
  // Frame b's filtered samples from the last filter(count), laid out as they go out; refused
  // after a filter into the caller's memory.
  const std::uint8_t* output(std::size_t b) const;
  const FrameBatchTimings& lastTimings() const { return timings_; }

 private:
  cl::Event launch(cl::Kernel& kernel, std::size_t global0, std::size_t global1);
  // contiguous: inputs and outputs are the batch's own buffers, a copy each way for all frames.
  void run(std::span<const std::uint8_t* const> inputs, std::span<std::uint8_t* const> outputs, bool contiguous);
  void ownBuffers();

  cl::DeviceContext& context_;
  std::size_t width_, height_, channels_, batch_, group_;
  FrameLayout in_layout_, out_layout_;
  std::unique_ptr<RealPlan> forward_, inverse_;
  cl::Buffer samples_, planes_, spectra_, mask_, bounds_;
  cl::PinnedHostBuffer in_, out_;
  cl::Kernel unpack_, applyMask_, pack_;
  bool hasMask_ = false;
  bool lastIntoOwn_ = false;  // the last filter() wrote into out_
  FrameBatchTimings timings_;
};

}  // namespace fftscope
