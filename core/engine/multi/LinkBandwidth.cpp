#include "engine/multi/LinkBandwidth.h"

#include "engine/cl/PinnedHostBuffer.h"
#include "engine/cl/Profiling.h"
#include "engine/cl/HostParallel.h"

#include <algorithm>

namespace fftscope::multi {

std::vector<LinkFigures> measureLinks(std::span<cl::DeviceContext* const> devices, std::size_t bytes, int repeats) {
  std::vector<LinkFigures> links(devices.size());
  cl::onEveryDevice(devices.size(), [&](std::size_t d) {
    cl::DeviceContext& context = *devices[d];
    const std::size_t size = std::min<std::size_t>(bytes, context.device().maxAllocBytes);
    cl::PinnedHostBuffer host(context, size);
    cl::Buffer buffer = context.buffer(size);
    double up = 0, down = 0;
    for (int r = 0; r <= repeats; ++r) {  // the first of each is a warm-up
      for (bool upload : {true, false}) {
        cl_event raw = nullptr;
        cl::check(upload ? clEnqueueWriteBuffer(context.queue(), buffer.get(), CL_TRUE, 0, size, host.data(), 0, nullptr, &raw)
                         : clEnqueueReadBuffer(context.queue(), buffer.get(), CL_TRUE, 0, size, host.data(), 0, nullptr, &raw),
                  "a link's timed copy");
        cl::Event event(raw);
        const double rate = double(size) / (double(cl::eventInterval(raw).nanoseconds()) * 1e-9);
        if (r > 0) (upload ? up : down) = std::max(upload ? up : down, rate);
      }
    }
    links[d] = {up, down, 0};
  });
  return links;
}

}  // namespace fftscope::multi
