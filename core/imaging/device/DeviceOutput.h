// Filtered real planes made into the output's samples on the device, so that only 8-bit (or
// 16-bit) samples cross the bus, into pinned host memory kept between calls. The mappings are
// the Image workspace's output ranges (kernels/output.cl does what core/imaging/OutputRange.cpp
// does on the host): Clip to given bounds, Offset by the mid-level, Stretch min .. max onto the
// full range (the min and max found on the device), Float the values as they are. Each plane can
// be cropped (the image inside its padding). One thread at a time, like its DeviceContext.
#pragma once

#include "engine/cl/PinnedHostBuffer.h"
#include "engine/runtime/Plan.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fftscope {

enum class SampleMapping {
  Clip,     // clamped to [clipLow, clipHigh], rounded
  Offset,   // + the mid-level (128 or 32768), clamped to 0 .. top, rounded
  Stretch,  // min .. max over all planes onto 0 .. top, rounded (a flat result: clamped, rounded)
  Float,    // the values as they are, as 32-bit floats
};

struct OutputFormat {
  SampleMapping mapping = SampleMapping::Clip;
  int bitDepth = 8;                   // 8 or 16: samples 0 .. 255 or 0 .. 65535 (not Float's)
  float clipLow = 0, clipHigh = 255;  // Clip's bounds, e.g. the source image's own range
  // The part of each plane that comes back; a width or height of 0 means the whole plane.
  std::size_t x = 0, y = 0, width = 0, height = 0;
  bool interleaved = false;  // the planes' samples pixel by pixel (RGB RGB ...), else plane after plane
};

// Samples on the host, in pinned memory that the next call making samples overwrites.
struct HostSamples {
  const void* data = nullptr;
  std::size_t width = 0, height = 0, planes = 0;
  std::size_t bytesPerSample = 1;  // 1 (8-bit), 2 (16-bit) or 4 (float)
  bool interleaved = false;
  std::size_t count() const { return width * height * planes; }
  std::size_t bytes() const { return count() * bytesPerSample; }
  // Plane p's sample at (x, y), whatever the layout.
  std::size_t index(std::size_t p, std::size_t x, std::size_t y) const {
    return interleaved ? (y * width + x) * planes + p : (p * height + y) * width + x;
  }
};

// 255 or 65535; 128 or 32768 (where zero lands in Offset).
float topSample(int bitDepth);
float midSample(int bitDepth);
// Throws std::invalid_argument naming what is wrong with the format for planes of rows x cols.
void validate(const OutputFormat& format, std::size_t rows, std::size_t cols);

class DeviceOutput {
 public:
  explicit DeviceOutput(cl::DeviceContext& context) : context_(context) {}

  // Starts a result of `planes` planes, each rows x cols floats on the device.
  void begin(const OutputFormat& format, std::size_t planes, std::size_t rows, std::size_t cols);
  // Enqueues plane p's part of the result from `plane`; the queue is in order, so the caller
  // may enqueue work that overwrites `plane` right after.
  void add(std::size_t p, cl_mem plane);
  // Enqueues what is left (Stretch's range and mapping) and reads the samples back.
  const HostSamples& finish();
  // The launches of the last begin .. finish, with their times.
  const std::vector<TimingRecord>& timings() const { return timings_; }

 private:
  struct Launch {
    cl::Event event;
    std::string name;
    std::uint64_t bytesRead, bytesWritten;
  };
  cl::Kernel& mapKernel(bool raw);
  void map(cl::Kernel& kernel, bool raw, cl_mem in, std::size_t pitch, std::size_t x0, std::size_t y0, cl_mem out,
           std::size_t base, std::size_t stride, bool stretch, std::size_t sampleBytes);
  std::size_t rangeGroup() const;  // the reduction's work-group: 256, or the device's largest below
  void ensure(cl::Buffer& buffer, std::size_t& capacity, std::size_t bytes);

  cl::DeviceContext& context_;
  OutputFormat format_;
  std::size_t planes_ = 0, rows_ = 0, cols_ = 0, width_ = 0, height_ = 0, added_ = 0;
  std::size_t rangeGroups_ = 1;  // Stretch: the partial ranges per plane
  int kernelDepth_ = 0;  // the bit depth mapKernel(false) was built for
  cl::Kernel mapInteger_, mapRaw_, partialRange_, stretchRange_;
  cl::Buffer samples_, staging_, partials_, range_;
  std::size_t samplesBytes_ = 0, stagingBytes_ = 0, partialsBytes_ = 0, rangeBytes_ = 0;
  cl::PinnedHostBuffer pinned_;
  HostSamples result_;
  std::vector<Launch> launches_;
  std::vector<TimingRecord> timings_;
};

}  // namespace fftscope
