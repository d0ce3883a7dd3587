#include "engine/runtime/HostRun.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace fftscope {

template <typename T>
HostRunResult<T> runOnHost(cl::DeviceContext& context, Plan& plan, const std::vector<std::complex<T>>& input) {
  const PlanDescription& d = plan.description();
  if (bytesPerComplex(d.precision) != sizeof(std::complex<T>))
    throw std::invalid_argument("runOnHost: the data's precision differs from the plan's (" +
                                std::string(toString(d.precision)) + ")");
  if (input.size() != d.elements())
    throw std::invalid_argument("runOnHost: " + std::to_string(input.size()) + " values for a plan of " +
                                std::to_string(d.elements()));
  const std::size_t bytes = d.bytes();
  // Sub-buffer origins must be aligned to the device's base address alignment.
  const std::size_t align = std::max<std::size_t>(context.device().memBaseAlignBytes, 256);
  const std::size_t guard = align;
  const unsigned char pattern = 0xA5;

  cl::Buffer in = context.buffer(bytes);
  context.write(in.get(), input.data(), bytes);
  cl::Buffer whole = context.buffer(bytes + 2 * guard);
  std::vector<unsigned char> fill(bytes + 2 * guard, pattern);
  context.write(whole.get(), fill.data(), fill.size());
  cl_buffer_region region{guard, bytes};
  cl_int status = CL_SUCCESS;
  cl::Buffer out(clCreateSubBuffer(whole.get(), CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &status));
  cl::check(status, "clCreateSubBuffer");

  HostRunResult<T> result;
  result.timings = plan.enqueue(in.get(), out.get()).timings();

  context.read(whole.get(), fill.data(), fill.size());
  auto intact = [&](std::size_t from, std::size_t to) {
    return std::all_of(fill.begin() + from, fill.begin() + to, [&](unsigned char c) { return c == pattern; });
  };
  result.guardsIntact = intact(0, guard) && intact(guard + bytes, fill.size());
  result.output.resize(input.size());
  std::memcpy(result.output.data(), fill.data() + guard, bytes);

  std::vector<std::complex<T>> after(input.size());
  context.read(in.get(), after.data(), bytes);
  result.inputUntouched = std::memcmp(after.data(), input.data(), bytes) == 0;
  return result;
}

template HostRunResult<float> runOnHost(cl::DeviceContext&, Plan&, const std::vector<std::complex<float>>&);
template HostRunResult<double> runOnHost(cl::DeviceContext&, Plan&, const std::vector<std::complex<double>>&);

}  // namespace fftscope
