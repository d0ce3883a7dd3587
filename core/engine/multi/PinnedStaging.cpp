#include "engine/multi/PinnedStaging.h"

#include <algorithm>

namespace fftscope::multi {

namespace {

void wait(cl::Event& event) {
  if (!event) return;
  cl_event raw = event.get();
  cl::check(clWaitForEvents(1, &raw), "clWaitForEvents(staging copy)");
  event = cl::Event();
}

}  // namespace

PinnedStaging::PinnedStaging(cl::DeviceContext& context, std::size_t chunkBytes) : context_(context) {
  const std::size_t bytes = std::min<std::size_t>(chunkBytes, context.device().maxAllocBytes);
  for (cl::PinnedHostBuffer& chunk : chunks_) chunk = cl::PinnedHostBuffer(context, bytes);
}

std::size_t PinnedStaging::chunkElements(std::size_t elementBytes, std::size_t rowLength) const {
  const std::size_t fits = chunks_[0].size() / elementBytes;
  if (rowLength == 0 || rowLength > fits) return fits;
  return fits / rowLength * rowLength;
}

void PinnedStaging::upload(cl_mem buffer, std::size_t count, std::size_t elementBytes, std::size_t rowLength,
                           const Fill& fill, std::size_t first) {
  const std::size_t step = chunkElements(elementBytes, rowLength);
  cl::Event pending[2];
  int slot = 0;
  for (std::size_t begin = 0; begin < count; begin += step, slot ^= 1) {
    const std::size_t end = std::min(count, begin + step);
    wait(pending[slot]);
    const auto start = std::chrono::steady_clock::now();
    fill(chunks_[slot].data(), begin, end);
    hostSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    hostBytes_ += (end - begin) * elementBytes;
    cl_event raw = nullptr;
    cl::check(clEnqueueWriteBuffer(context_.queue(), buffer, CL_FALSE, (first + begin) * elementBytes, (end - begin) * elementBytes,
                                   chunks_[slot].data(), 0, nullptr, &raw),
              "clEnqueueWriteBuffer(staging chunk)");
    pending[slot] = cl::Event(raw);
  }
  wait(pending[0]);
  wait(pending[1]);
}

void PinnedStaging::download(cl_mem buffer, std::size_t count, std::size_t elementBytes, std::size_t rowLength,
                             const Drain& drain, std::size_t first) {
  const std::size_t step = chunkElements(elementBytes, rowLength);
  cl::Event pending[2];
  auto read = [&](std::size_t begin, int slot) {
    if (begin >= count) return;
    cl_event raw = nullptr;
    cl::check(clEnqueueReadBuffer(context_.queue(), buffer, CL_FALSE, (first + begin) * elementBytes,
                                  (std::min(count, begin + step) - begin) * elementBytes, chunks_[slot].data(), 0,
                                  nullptr, &raw),
              "clEnqueueReadBuffer(staging chunk)");
    pending[slot] = cl::Event(raw);
  };
  read(0, 0);
  int slot = 0;
  for (std::size_t begin = 0; begin < count; begin += step, slot ^= 1) {
    read(begin + step, slot ^ 1);
    wait(pending[slot]);
    const std::size_t end = std::min(count, begin + step);
    const auto start = std::chrono::steady_clock::now();
    drain(chunks_[slot].data(), begin, end);
    hostSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    hostBytes_ += (end - begin) * elementBytes;
  }
}

}  // namespace fftscope::multi
