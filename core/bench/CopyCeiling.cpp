#include "bench/CopyCeiling.h"

#include "bench/Statistics.h"
#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <stdexcept>
#include <vector>

namespace fftscope::bench {
namespace {

// Median nanoseconds of a launch that returns its event, after the warm-ups.
double medianNanoseconds(const std::function<cl_event()>& launch, int warmup, int repeat) {
  std::vector<double> ns;
  for (int i = 0; i < warmup + repeat; ++i) {
    cl::Event event(launch());
    const double elapsed = static_cast<double>(cl::eventNanoseconds(event.get()));
    if (i >= warmup) ns.push_back(elapsed);
  }
  return std::max(1.0, quartiles(ns).median);  // a copy timed at 0 ns would be an infinite ceiling
}

}  // namespace

CopyCeiling measureCopyCeiling(cl::DeviceContext& context, std::size_t bytes, int warmup, int repeat) {
  if (repeat < 1) throw std::invalid_argument("measureCopyCeiling: repeat must be at least 1");
  const std::size_t vectors = std::max<std::size_t>(1, (bytes + 15) / 16);
  if (vectors > std::numeric_limits<cl_uint>::max())
    throw std::invalid_argument("measureCopyCeiling: " + std::to_string(bytes) + " bytes is more than one launch copies");
  bytes = vectors * 16;
  cl::Buffer in = context.buffer(bytes), out = context.buffer(bytes);
  std::vector<unsigned char> noise(bytes);
  for (std::size_t i = 0; i < bytes; ++i) noise[i] = static_cast<unsigned char>(i * 2654435761u >> 13);
  context.write(in.get(), noise.data(), bytes);

  CopyCeiling ceiling;
  const double bufferNs = medianNanoseconds(
      [&] {
        cl_event e = nullptr;
        cl::check(clEnqueueCopyBuffer(context.queue(), in.get(), out.get(), 0, 0, bytes, 0, nullptr, &e),
                  "clEnqueueCopyBuffer");
        return e;
      },
      warmup, repeat);
  ceiling.bufferCopyGbs = 2.0 * static_cast<double>(bytes) / bufferNs;  // bytes per ns = GB/s

  cl::Kernel kernel = context.kernel("copy", "", "copy_vec");
  const cl_uint count = static_cast<cl_uint>(vectors);
  cl::setArgs(kernel.get(), "copy_vec", in.get(), out.get(), count);
  const std::size_t local = std::min<std::size_t>(256, context.device().maxWorkGroupSize);
  const std::size_t global = (vectors + local - 1) / local * local;
  const double kernelNs = medianNanoseconds(
      [&] {
        cl_event e = nullptr;
        cl::check(clEnqueueNDRangeKernel(context.queue(), kernel.get(), 1, nullptr, &global, &local, 0, nullptr, &e),
                  "clEnqueueNDRangeKernel(copy_vec)");
        return e;
      },
      warmup, repeat);
  ceiling.kernelCopyGbs = 2.0 * static_cast<double>(bytes) / kernelNs;
  return ceiling;
}

}  // namespace fftscope::bench
