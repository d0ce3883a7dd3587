#include "engine/multi/LinkBandwidth.h"

#include "engine/cl/FinishOnFailure.h"
#include "engine/cl/PinnedHostBuffer.h"
#include "engine/cl/Profiling.h"
#include "engine/cl/HostParallel.h"
#include "engine/cl/HostThreadPool.h"
#include "engine/multi/DeviceRelay.h"
#include "engine/multi/HostPipeline.h"

#include <algorithm>
#include <barrier>
#include <chrono>
#include <limits>

namespace fftscope::multi {

namespace {

double median(std::vector<double> values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// The median time from starting a 4-byte fill on device 0 alone to its end (wait), and from
// starting one on every device at once to each one's end, less the wait (start): the batch
// split's own way of starting and joining work on the devices (BatchSplit::runOnDevices: each
// enqueued and flushed from one thread, then each waited for).
struct Starts {
  double wait = 0;
  std::vector<double> start;
};
Starts startSeconds(std::span<cl::DeviceContext* const> devices, int rounds = 9) {
  std::vector<cl::Buffer> marks;
  for (cl::DeviceContext* context : devices) marks.push_back(context->buffer(sizeof(cl_uint)));
  using Clock = std::chrono::steady_clock;
  auto start = [&](std::size_t d) {
    const cl_uint zero = 0;
    cl::check(clEnqueueFillBuffer(devices[d]->queue(), marks[d].get(), &zero, sizeof zero, 0, sizeof zero, 0, nullptr, nullptr),
              "a start's timed fill");
    cl::check(clFlush(devices[d]->queue()), "clFlush(a start's timed fill)");
  };
  std::vector<double> alone;
  std::vector<std::vector<double>> together(devices.size());
  for (int r = 0; r <= rounds; ++r) {  // the first of each is a warm-up
    const Clock::time_point begin = Clock::now();
    start(0);
    devices[0]->finish();
    if (r > 0) alone.push_back(std::chrono::duration<double>(Clock::now() - begin).count());
    const Clock::time_point all = Clock::now();
    for (std::size_t d = 0; d < devices.size(); ++d) start(d);
    for (std::size_t d = 0; d < devices.size(); ++d) {
      devices[d]->finish();
      if (r > 0) together[d].push_back(std::chrono::duration<double>(Clock::now() - all).count());
    }
  }
  Starts out{median(alone), {}};
  for (const std::vector<double>& ends : together) out.start.push_back(std::max(0.0, median(ends) - out.wait));
  return out;
}

// The rate each of `streams` threads sees copying `bytes` of pageable memory into a chunk and back,
// a chunk at a time, on a pool sized for that many devices: the batch split's staging copies
// (HostPipeline.h). The best of `repeats` after a warm-up that also touches the pages.
double hostCopyRate(std::size_t streams, std::size_t bytes, int repeats) {
  cl::HostThreadPool pool(streams);
  const std::size_t chunk = std::max<std::size_t>(1, std::min(stagingChunkBytes(), bytes));
  std::vector<std::vector<char>> data(streams, std::vector<char>(bytes, 1)), chunks(streams, std::vector<char>(chunk, 2));
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r <= repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    cl::onEveryDevice(streams, [&](std::size_t s) {
      for (std::size_t begin = 0; begin < bytes; begin += chunk) {
        const std::size_t n = std::min(chunk, bytes - begin);
        pool.copy(chunks[s].data(), data[s].data() + begin, n);
        pool.copy(data[s].data() + begin, chunks[s].data(), n);
      }
    });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (r > 0) best = std::min(best, seconds);
  }
  return 2.0 * double(bytes) / std::max(best, 1e-9);
}

// The best rate of `size` bytes going up and `size` coming down at once on two queues of the
// device, each direction's bytes over the time from the first start to the last end (the device's
// clock). Where `together` is given, every device's thread meets there before each copy.
double duplexRate(cl::DeviceContext& context, std::size_t size, int repeats, std::barrier<>* together) {
  cl_int status = CL_SUCCESS;
  cl::Queue second(clCreateCommandQueue(context.context(), context.device().id, CL_QUEUE_PROFILING_ENABLE, &status));
  cl::check(status, "clCreateCommandQueue(a link's timed copy down)");
  cl::PinnedHostBuffer from(context, size), to(context, size);
  cl::Buffer upBuffer = context.buffer(size), downBuffer = context.buffer(size);
  double best = 0;
  const cl::FinishOnFailure finishOnFailure{context.queue(), second.get()};  // before the buffers go
  for (int r = 0; r <= repeats; ++r) {  // the first is a warm-up
    if (together) together->arrive_and_wait();
    cl_event rawUp = nullptr, rawDown = nullptr;
    cl::check(clEnqueueWriteBuffer(context.queue(), upBuffer.get(), CL_FALSE, 0, size, from.data(), 0, nullptr, &rawUp),
              "a link's timed copy up");
    cl::Event upEvent(rawUp);
    cl::check(clEnqueueReadBuffer(second.get(), downBuffer.get(), CL_FALSE, 0, size, to.data(), 0, nullptr, &rawDown),
              "a link's timed copy down");
    cl::Event downEvent(rawDown);
    cl::check(clFlush(context.queue()), "clFlush(a link's timed copy up)");
    cl::check(clFlush(second.get()), "clFlush(a link's timed copy down)");
    const cl_event both[] = {rawUp, rawDown};
    cl::check(clWaitForEvents(2, both), "clWaitForEvents(a link's timed copies)");
    const cl::DeviceInterval a = cl::eventInterval(rawUp), b = cl::eventInterval(rawDown);
    const double seconds = double(std::max(a.end, b.end) - std::min(a.start, b.start)) * 1e-9;
    if (r > 0) best = std::max(best, double(size) / std::max(seconds, 1e-9));
  }
  return best;
}

// The steady rate of a relay of `bytes` from one device to another (DeviceRelay.h), the best of
// `repeats` after a warm-up: the time less the one chunk that relaySeconds counts apart, at
// `fasterLink`. The host's memory carries the bytes in from one link and out to the other at once.
double relayRate(cl::DeviceContext& from, cl::DeviceContext& to, std::size_t bytes, int repeats, double fasterLink) {
  const std::size_t size = std::min<std::size_t>({bytes, from.device().maxAllocBytes, to.device().maxAllocBytes});
  cl::Buffer source = from.buffer(size), target = to.buffer(size);
  DeviceRelay relay(from, std::min(stagingChunkBytes(), size));
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r <= repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    relay.move(from, source.get(), 0, to, target.get(), 0, size);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (r > 0) best = std::min(best, seconds);
  }
  // Where the links' figures make the fill longer than half the relay (a CPU device's copies
  // within memory), half of it.
  const double fill = std::min(double(std::min(size, relay.chunkBytes())) / fasterLink, best / 2);
  return double(size) / std::max(best - fill, 1e-9);
}

// Device `context`'s link one way at a time, then both ways at once (duplexRate).
void measureLink(cl::DeviceContext& context, std::size_t bytes, int repeats, LinkFigures& link, std::barrier<>* together) {
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
  link = {up, down, 0};
  link.duplexBytesPerSecond = duplexRate(context, size, repeats, together);
}

}  // namespace

std::vector<LinkFigures> measureLinks(std::span<cl::DeviceContext* const> devices, std::size_t bytes, int repeats) {
  std::vector<LinkFigures> links(devices.size());
  std::barrier<> allAtOnce(std::ptrdiff_t(devices.size()));
  cl::onEveryDevice(devices.size(), [&](std::size_t d) {
    try {
      measureLink(*devices[d], bytes, repeats, links[d], devices.size() > 1 ? &allAtOnce : nullptr);
    } catch (...) {
      if (devices.size() > 1) allAtOnce.arrive_and_drop();  // the others' rounds go on without it
      throw;
    }
  });
  if (devices.size() > 1) {
    const double alone = duplexRate(*devices[0], std::min<std::size_t>(bytes, devices[0]->device().maxAllocBytes), repeats, nullptr);
    for (LinkFigures& link : links) link.duplexAloneBytesPerSecond = alone;
  }
  const double alone = hostCopyRate(1, bytes, repeats);
  const double together = devices.size() > 1 ? hostCopyRate(devices.size(), bytes, repeats) : alone;
  for (LinkFigures& link : links) link.hostCopyBytesPerSecond = together, link.hostCopyAloneBytesPerSecond = alone;
  for (std::size_t d = 0; devices.size() > 1 && d < devices.size(); ++d) {
    const std::size_t next = (d + 1) % devices.size();
    links[d].relayBytesPerSecond = relayRate(*devices[d], *devices[next], bytes, repeats,
                                             std::max(links[d].downloadBytesPerSecond, links[next].uploadBytesPerSecond));
  }
  const Starts starts = startSeconds(devices);
  for (std::size_t d = 0; d < devices.size(); ++d) {
    links[d].waitSeconds = starts.wait;
    if (devices.size() > 1) links[d].startSeconds = starts.start[d];
  }
  return links;
}

}  // namespace fftscope::multi
