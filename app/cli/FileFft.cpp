#include "FileFft.h"

#include "engine/cl/HostParallel.h"
#include "engine/cl/PinnedHostBuffer.h"
#include "engine/cl/ProgramBuild.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/Plan.h"

#include <complex>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <type_traits>

namespace fftscope::cli {
namespace {

// Host memory that nothing reads before it is written: not zeroed first.
std::unique_ptr<std::uint8_t[]> hostBytes(std::size_t bytes) { return std::make_unique_for_overwrite<std::uint8_t[]>(bytes); }

template <typename T>
std::span<std::complex<T>> valuesIn(std::span<std::uint8_t> bytes) {
  return {reinterpret_cast<std::complex<T>*>(bytes.data()), bytes.size() / sizeof(std::complex<T>)};
}

// A buffer's memory mapped on the host side: on a CPU device the buffer's own memory, no copy.
// Unmapped when it goes, or at unmap(), which waits for it.
class Mapped {
 public:
  Mapped(const cl::DeviceContext& context, cl_mem buffer, std::size_t bytes, cl_map_flags flags)
      : context_(context), buffer_(buffer) {
    cl_int status = CL_SUCCESS;
    void* mapped = clEnqueueMapBuffer(context.queue(), buffer, CL_TRUE, flags, 0, bytes, 0, nullptr, nullptr, &status);
    cl::check(status, "clEnqueueMapBuffer(" + std::to_string(bytes) + " bytes)");
    bytes_ = {static_cast<std::uint8_t*>(mapped), bytes};
  }
  Mapped(const Mapped&) = delete;
  Mapped& operator=(const Mapped&) = delete;
  ~Mapped() {
    if (bytes_.data()) clEnqueueUnmapMemObject(context_.queue(), buffer_, bytes_.data(), 0, nullptr, nullptr);
  }
  std::span<std::uint8_t> bytes() const { return bytes_; }
  void unmap() {
    cl::check(clEnqueueUnmapMemObject(context_.queue(), buffer_, bytes_.data(), 0, nullptr, nullptr),
              "clEnqueueUnmapMemObject");
    bytes_ = {};
    context_.finish();
  }

 private:
  const cl::DeviceContext& context_;
  cl_mem buffer_;
  std::span<std::uint8_t> bytes_;
};

// body(begin, end) over parts of [0, count) on every core; the first failure is thrown here.
template <typename Body>
void onEveryCore(std::size_t count, std::size_t grain, const Body& body) {
  std::mutex mutex;
  std::exception_ptr failure;
  cl::parallelFor(count, cl::stagingThreads(1), [&](std::size_t begin, std::size_t end) {
    try {
      body(begin, end);
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
    }
  }, grain);
  if (failure) std::rethrow_exception(failure);
}

constexpr std::size_t kReadPart = std::size_t{8} << 20;  // bytes a thread reads at a time at least

// The file's values as complex<T> into `staging`: read straight there when the file holds
// complex<T>, else read beside it and converted into it.
template <typename T>
void load(const NpyHeader& header, std::span<std::uint8_t> staging, PhaseTimings& timings) {
  const bool asStored = header.isComplex && header.precision == (std::is_same_v<T, float> ? Precision::F32 : Precision::F64);
  std::unique_ptr<std::uint8_t[]> stored;
  std::span<std::uint8_t> into = staging;
  if (!asStored) {
    stored = hostBytes(header.dataBytes);
    into = {stored.get(), header.dataBytes};
  }
  onEveryCore(into.size(), kReadPart, [&](std::size_t begin, std::size_t end) {
    readNpyBytes(header, begin, into.subspan(begin, end - begin));
  });
  timings.lap("read", std::to_string(header.dataBytes) + " bytes");
  if (asStored) {
    timings.lap("convert", "none: the file holds the plan's type");
    return;
  }
  const std::span<std::complex<T>> values = valuesIn<T>(staging);
  const std::size_t stored1 = header.dataBytes / values.size();
  onEveryCore(values.size(), kReadPart / sizeof(std::complex<T>), [&](std::size_t begin, std::size_t end) {
    toComplexInto(into.subspan(begin * stored1, (end - begin) * stored1), header.isComplex, header.precision,
                  values.subspan(begin, end - begin));
  });
  timings.lap("convert");
}

void write(const FileFft& job, std::span<const std::uint8_t> result, PhaseTimings& timings) {
  NpyWriteTimes spent;
  writeNpyBytes(job.out, job.header.shape, true, job.description.precision, result, &spent);
  timings.add("write", spent.writeMs);
  timings.add("fsync", spent.flushMs);
  timings.add("rename", spent.renameMs);
}

template <typename T>
void withFftw(const FileFft& job, PhaseTimings& timings) {
  const PlanDescription& d = job.description;
  const std::unique_ptr<std::uint8_t[]> in = hostBytes(d.bytes()), out = hostBytes(d.bytes());
  timings.lap("buffers");
  load<T>(job.header, {in.get(), d.bytes()}, timings);
  timings.lap("upload", "none: FFTW on the host");
  fftwTransform(valuesIn<T>({in.get(), d.bytes()}).data(), valuesIn<T>({out.get(), d.bytes()}).data(), d.rows, d.cols,
                d.batch, d.dimensions == 2, d.direction);
  timings.lap("transform", "FFTW");
  timings.lap("download", "none: FFTW on the host");
  write(job, {out.get(), d.bytes()}, timings);
}

}  // namespace

template <typename T>
void transformFile(const FileFft& job, PhaseTimings& timings) {
  const PlanDescription& d = job.description;
  std::unique_ptr<cl::DeviceContext> context;
  try {
    context = std::make_unique<cl::DeviceContext>(cl::chooseDevice(job.device));
  } catch (const cl::NoPlatformError& e) {
    std::fprintf(stderr, "notice: %s; computing with FFTW on the CPU\n", e.what());
    timings.lap("devices", "none");
    timings.lap("plan", "FFTW's estimate");
    withFftw<T>(job, timings);
    timings.lap("release");
    return;
  }
  timings.lap("devices", context->device().name);
  checkFitsDevice(d, context->device());
  std::optional<PlanPicker> picker(std::in_place, job.choice, *context, false);
  std::optional<Plan> plan;
  try {
    plan.emplace(*context, d, picker->choose(d).chosen.passes);
  } catch (const KernelGroupTooLarge&) {
    plan.emplace(*context, d);  // planned again, it falls back to what local memory holds
  }
  const cl::ProgramBuildCounts built = cl::programBuildCounts();
  timings.lap("plan", std::to_string(built.fromSource) + " programs built from source, " +
                          std::to_string(built.fromBinary) + " loaded from the program cache");

  // A CPU device's buffers are the host's memory: the file is read into the input's and written
  // from the output's, mapped. Another device's go through one pinned buffer both ways.
  const std::size_t bytes = d.bytes();
  const bool hostMemory = context->device().type == "CPU";
  std::optional<cl::Buffer> in(context->buffer(bytes)), out(context->buffer(bytes));
  std::optional<cl::PinnedHostBuffer> pinned;
  std::optional<Mapped> mapped;
  if (hostMemory)
    mapped.emplace(*context, in->get(), bytes, CL_MAP_WRITE_INVALIDATE_REGION);
  else
    pinned.emplace(*context, bytes);
  const std::span<std::uint8_t> staging =
      hostMemory ? mapped->bytes() : std::span(static_cast<std::uint8_t*>(pinned->data()), bytes);
  timings.lap("buffers", hostMemory ? "the device's, mapped" : "the device's and a pinned one");
  load<T>(job.header, staging, timings);
  if (hostMemory)
    mapped->unmap();
  else
    context->write(in->get(), staging.data(), bytes);
  timings.lap("upload", hostMemory ? "none: the device's memory is the host's" : "");
  const std::vector<TimingRecord> records = plan->enqueue(in->get(), out->get()).timings();
  std::uint64_t ns = 0;
  for (const TimingRecord& t : records) ns += t.nanoseconds;
  char kernels[64];
  std::snprintf(kernels, sizeof kernels, "kernels %.3f", ns * 1e-6);
  timings.lap("transform", kernels);
  std::span<std::uint8_t> result = staging;
  if (hostMemory) {
    mapped.emplace(*context, out->get(), bytes, CL_MAP_READ);
    result = mapped->bytes();
  } else {
    context->read(out->get(), staging.data(), bytes);
  }
  timings.lap("download", hostMemory ? "none: the device's memory is the host's" : "");
  std::fprintf(stderr, "%s on %s: %zu kernels, %.3f ms\n", d.summary().c_str(), context->device().name.c_str(),
               records.size(), ns * 1e-6);
  write(job, result, timings);
  mapped.reset();
  pinned.reset();
  in.reset();
  out.reset();
  plan.reset();
  picker.reset();
  context.reset();
  timings.lap("release");
}

template void transformFile<float>(const FileFft&, PhaseTimings&);
template void transformFile<double>(const FileFft&, PhaseTimings&);

}  // namespace fftscope::cli
