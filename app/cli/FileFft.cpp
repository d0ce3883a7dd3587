#include "FileFft.h"

#include "FileLoad.h"
#include "engine/cl/ProgramBuild.h"
#include "engine/cl/StagedUpload.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/Plan.h"

#include <chrono>
#include <complex>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <thread>

namespace fftscope::cli {
namespace {

template <typename T>
std::complex<T>* valuesIn(std::span<std::uint8_t> bytes) {
  return reinterpret_cast<std::complex<T>*>(bytes.data());
}

std::string fixed(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", ms);
  return text;
}

// The file's read as a phase: what the main thread waited for it, with what it took beside the
// device's start.
template <typename T>
std::span<std::uint8_t> waitFor(FileLoad<T>& load, const NpyHeader& header, PhaseTimings& timings) {
  const std::span<std::uint8_t> values = load.wait();
  timings.lap("read", std::to_string(header.dataBytes) + " bytes in " + fixed(load.readMs()) +
                          " ms on every core, beside the phases before");
  timings.lap("convert", load.converted() ? "in " + fixed(load.convertMs()) + " ms, beside the phases before"
                                          : "none: the file holds the plan's type");
  return values;
}

// A buffer's memory mapped on the host side: on a CPU device the buffer's own memory, no copy.
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
    clEnqueueUnmapMemObject(context_.queue(), buffer_, bytes_.data(), 0, nullptr, nullptr);
    clFinish(context_.queue());
  }
  std::span<std::uint8_t> bytes() const { return bytes_; }

 private:
  const cl::DeviceContext& context_;
  cl_mem buffer_;
  std::span<std::uint8_t> bytes_;
};

void write(const FileFft& job, std::span<const std::uint8_t> result, PhaseTimings& timings) {
  NpyWriteTimes spent;
  writeNpyBytes(job.out, job.header.shape, true, job.description.precision, result, &spent);
  timings.add("write", spent.writeMs);
  timings.add("fsync", spent.flushMs);
  timings.add("rename", spent.renameMs);
}

template <typename T>
void withFftw(const FileFft& job, FileLoad<T>& load, PhaseTimings& timings) {
  const PlanDescription& d = job.description;
  const HostBytes out = hostBytes(d.bytes());
  timings.lap("buffers");
  const std::span<std::uint8_t> in = waitFor(load, job.header, timings);
  timings.lap("upload", "none: FFTW on the host");
  fftwTransform(valuesIn<T>(in), valuesIn<T>({out.get(), d.bytes()}), d.rows, d.cols, d.batch, d.dimensions == 2,
                d.direction);
  timings.lap("transform", "FFTW");
  timings.lap("download", "none: FFTW on the host");
  write(job, {out.get(), d.bytes()}, timings);
}

// What a device's run holds until the end, released together.
struct DeviceRun {
  std::unique_ptr<cl::DeviceContext> context;
  std::optional<PlanPicker> picker;
  std::optional<Plan> plan;
  std::optional<cl::Buffer> in, out;
  std::optional<cl::StagedUpload> upload;
  std::optional<Mapped> result;

  void release() {
    result.reset();
    upload.reset();
    in.reset();
    out.reset();
    plan.reset();
    picker.reset();
    context.reset();
  }
};

}  // namespace

template <typename T>
void transformFile(const FileFft& job, PhaseTimings& timings) {
  const PlanDescription& d = job.description;
  FileLoad<T> load(job.header);  // read while the device starts
  DeviceRun run;
  try {
    run.context = std::make_unique<cl::DeviceContext>(cl::chooseDevice(job.device));
  } catch (const cl::NoPlatformError& e) {
    std::fprintf(stderr, "notice: %s; computing with FFTW on the CPU\n", e.what());
    timings.lap("devices", "none");
    timings.lap("plan", "FFTW's estimate");
    withFftw<T>(job, load, timings);
    load.free();
    timings.lap("release");
    return;
  }
  cl::DeviceContext& context = *run.context;
  timings.lap("devices", context.device().name);
  checkFitsDevice(d, context.device());
  run.picker.emplace(job.choice, context, false);
  try {
    run.plan.emplace(context, d, run.picker->choose(d).chosen.passes);
  } catch (const KernelGroupTooLarge&) {
    run.plan.emplace(context, d);  // planned again, it falls back to what local memory holds
  }
  const cl::ProgramBuildCounts built = cl::programBuildCounts();
  timings.lap("plan", std::to_string(built.fromSource) + " programs built from source, " +
                          std::to_string(built.fromBinary) + " loaded from the program cache");

  // A CPU device's buffers are the host's memory: its input is the memory the file was read into,
  // and its output is written to the file from the buffer itself, mapped. Another device's input
  // goes through a small ring of pinned memory.
  const std::size_t bytes = d.bytes();
  const bool hostMemory = context.device().type == "CPU";
  run.out.emplace(context.buffer(bytes));
  if (!hostMemory) {
    run.in.emplace(context.buffer(bytes));
    run.upload.emplace(context);
  }
  timings.lap("buffers", hostMemory ? "the output's" : "the device's and a ring of pinned ones");
  const std::span<std::uint8_t> values = waitFor(load, job.header, timings);
  if (hostMemory) {
    run.in.emplace(context.buffer(bytes, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, values.data()));
  } else {
    run.upload->write(run.in->get(), values.data(), bytes);
    run.upload->finish();
  }
  timings.lap("upload", hostMemory ? "none: the device reads the memory the file was read into" : "");
  const std::vector<TimingRecord> records = run.plan->enqueue(run.in->get(), run.out->get()).timings();
  std::uint64_t ns = 0;
  for (const TimingRecord& t : records) ns += t.nanoseconds;
  timings.lap("transform", "kernels " + fixed(ns * 1e-6));
  std::span<std::uint8_t> result = values;
  if (hostMemory) {
    run.result.emplace(context, run.out->get(), bytes, CL_MAP_READ);
    result = run.result->bytes();
  } else {
    context.read(run.out->get(), values.data(), bytes);
  }
  timings.lap("download", hostMemory ? "none: mapped, the device's memory is the host's" : "");
  std::fprintf(stderr, "%s on %s: %zu kernels, %.3f ms\n", d.summary().c_str(), context.device().name.c_str(),
               records.size(), ns * 1e-6);
  if (hostMemory) {
    write(job, result, timings);
    run.release();
    load.free();
    timings.lap("release");
    return;
  }
  // The result is in host memory of its own: the device is released while it is written.
  double releaseMs = 0;
  std::thread releasing([&run, &releaseMs] {
    const auto started = std::chrono::steady_clock::now();
    run.release();
    releaseMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  });
  try {
    write(job, result, timings);
  } catch (...) {
    releasing.join();
    throw;
  }
  load.free();
  releasing.join();
  timings.lap("release", "in " + fixed(releaseMs) + " ms, beside the write");
}

template void transformFile<float>(const FileFft&, PhaseTimings&);
template void transformFile<double>(const FileFft&, PhaseTimings&);

}  // namespace fftscope::cli
