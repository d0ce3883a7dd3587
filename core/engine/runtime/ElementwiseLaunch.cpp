#include "engine/runtime/ElementwiseLaunch.h"

#include "engine/cl/Profiling.h"

namespace fftscope {

cl::Event launchElementwise(const cl::DeviceContext& context, const cl::Kernel& kernel, std::size_t global0,
                            std::size_t global1) {
  const bool twoD = global1 > 1;
  std::size_t local[2] = {twoD ? std::size_t{16} : std::size_t{256}, twoD ? std::size_t{16} : std::size_t{1}};
  while (local[0] * local[1] > context.device().maxWorkGroupSize && local[0] > 1) local[0] /= 2;
  std::size_t global[2] = {(global0 + local[0] - 1) / local[0] * local[0], (global1 + local[1] - 1) / local[1] * local[1]};
  cl_event e = nullptr;
  cl::check(clEnqueueNDRangeKernel(context.queue(), kernel.get(), twoD ? 2 : 1, nullptr, global, local, 0, nullptr, &e),
            "clEnqueueNDRangeKernel(element-wise kernel)");
  return cl::Event(e);
}

TimingRecord elementwiseRecord(const cl::Event& event, const std::string& name, std::size_t length, std::size_t span,
                               std::uint64_t bytesRead, std::uint64_t bytesWritten) {
  TimingRecord r;
  r.pass.kind = PassKind::Elementwise;
  r.pass.elementwise.name = name;
  r.pass.length = length;
  r.pass.span = span;
  r.pass.bytesRead = bytesRead;
  r.pass.bytesWritten = bytesWritten;
  const cl::DeviceInterval t = cl::eventInterval(event.get());
  r.nanoseconds = t.nanoseconds();
  r.startNs = t.start;
  r.endNs = t.end;
  return r;
}

}  // namespace fftscope
