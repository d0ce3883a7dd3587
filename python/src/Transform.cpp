#include "Transform.h"

#include "DeviceBuffer.h"
#include "PlanPicking.h"
#include "SharedContext.h"

#include "engine/cl/DeviceContext.h"
#include "engine/cl/Devices.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/Plan.h"
#include "engine/runtime/RealHost.h"
#include "engine/runtime/RealPlan.h"

#include <algorithm>
#include <atomic>
#include <complex>
#include <cstring>
#include <mutex>

namespace fftscope::python {
namespace {

std::atomic<std::size_t> chunkBytesSetting{std::size_t(64) << 20};

PlanDescription describe(const TransformSpec& spec, std::size_t batch) {
  PlanDescription d = spec.twoD ? PlanDescription::twoD(spec.rows, spec.cols, batch)
                                : PlanDescription::oneD(spec.cols, batch);
  d.precision = spec.doublePrecision ? Precision::F64 : Precision::F32;
  const bool inverse = spec.kind == Kind::Complex ? spec.inverse : spec.kind == Kind::RealInverse;
  d.direction = inverse ? Direction::Inverse : Direction::Forward;
  return d;
}

template <typename T>
void runFftw(const TransformSpec& spec, const void* in, void* out, std::size_t batch, std::size_t inBytes,
             std::size_t outBytes) {
  using C = std::complex<T>;
  if (spec.kind == Kind::Complex) {
    fftwTransform(static_cast<const C*>(in), static_cast<C*>(out), spec.rows, spec.cols, batch, spec.twoD,
                  spec.inverse ? Direction::Inverse : Direction::Forward);
  } else if (spec.kind == Kind::RealForward) {
    const T* x = static_cast<const T*>(in);
    std::vector<C> y = realForwardFftw(std::vector<T>(x, x + inBytes / sizeof(T)), spec.rows, spec.cols, batch,
                                       spec.twoD);
    std::memcpy(out, y.data(), outBytes);
  } else {
    const C* x = static_cast<const C*>(in);
    std::vector<T> y = realInverseFftw(std::vector<C>(x, x + inBytes / sizeof(C)), spec.rows, spec.cols, batch,
                                       spec.twoD);
    std::memcpy(out, y.data(), outBytes);
  }
}

}  // namespace

// The engine's plan for a batch of `count` transforms.
struct Transform::Engine {
  Engine(cl::DeviceContext& context, const TransformSpec& spec, std::size_t count, std::string* source = nullptr,
         std::string* warning = nullptr)
      : count(count) {
    if (spec.kind == Kind::Complex) {
      PickedPlan picked = pickComplexPlan(context, describe(spec, count), spec.measure, spec.wisdom);
      complex = std::move(picked.plan);
      if (source) *source = picked.source;
      if (warning) *warning = picked.warning;
    } else {
      real = std::make_unique<RealPlan>(context, describe(spec, count));
    }
  }
  void enqueue(cl_mem in, cl_mem out) {
    if (complex)
      complex->enqueue(in, out, {}, LaunchEvents::None);
    else
      real->enqueue(in, out, LaunchEvents::None);
  }
  std::size_t count;
  std::unique_ptr<Plan> complex;
  std::unique_ptr<RealPlan> real;
};

struct Transform::Device {
  std::shared_ptr<SharedContext> shared;  // declared first: the plans below refer to it
  std::unique_ptr<Engine> chunk, rest;    // rest: the batch's last, shorter chunk, if any
  std::unique_ptr<Engine> whole;          // the whole batch at once, for device arrays; made on first use
};

// A chunk's device buffers for one run of host arrays, from the context's pool and back to it
// after, so that plans in the cache hold no device memory between calls.
struct ChunkBuffers {
  ChunkBuffers(const std::shared_ptr<SharedContext>& shared, std::size_t inBytes, std::size_t outBytes) {
    for (auto [memory, bytes] : {std::pair{&in, inBytes}, std::pair{&out, outBytes}}) {
      memory->shared = shared;
      memory->bytes = bytes;
      memory->buffer = shared->pool.acquire(bytes);
      memory->pooled = true;
    }
  }
  DeviceMemory in, out;
};

Transform::Transform(const TransformSpec& spec) : spec_(spec) {
  if (spec.cols == 0 || spec.rows == 0 || spec.batch == 0)
    throw std::invalid_argument("an FFT needs at least one point and one transform");
  if (!spec.twoD && spec.rows != 1) throw std::invalid_argument("a 1D transform has one row");
  const PlanDescription description = describe(spec, spec.batch);
  validate(description);
  chunk_ = std::clamp(chunkBytes() / (inputBytes() / spec.batch), std::size_t(1), spec.batch);
  if (spec.device == "fftw") return;
  cl::DeviceInfo info;
  std::shared_ptr<SharedContext> outside;
  try {
    if (isOutsideQueue(spec.device)) {
      outside = outsideContext(spec.device);
      info = outside->context.device();
    } else {
      info = cl::chooseDevice(spec.device);
    }
  } catch (const cl::NoPlatformError&) {
    if (!spec.device.empty()) throw std::runtime_error("no OpenCL platform for device '" + spec.device + "'");
    return;  // no OpenCL at all: FFTW serves the default device
  }
  const std::size_t chunkIn = inputBytes() / spec.batch * chunk_, chunkOut = outputBytes() / spec.batch * chunk_;
  if (std::max(chunkIn, chunkOut) > info.maxAllocBytes || chunkIn + chunkOut > info.globalMemBytes)
    throw DoesNotFit("a transform of " + description.summary() + " does not fit " + info.name + "'s memory");
  auto device = std::make_unique<Device>();
  device->shared = outside ? outside : sharedContext(info);
  std::lock_guard lock(device->shared->mutex);
  try {
    cl::DeviceContext& context = device->shared->context;
    device->chunk = std::make_unique<Engine>(context, spec, chunk_, &planSource_, &wisdomWarning_);
    if (spec.batch % chunk_ != 0) device->rest = std::make_unique<Engine>(context, spec, spec.batch % chunk_);
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, info.name);
  }
  device_ = std::move(device);
}

Transform::~Transform() = default;

std::size_t Transform::inputBytes() const {
  const std::size_t real = spec_.doublePrecision ? 8 : 4;
  const std::size_t n = spec_.rows * spec_.cols * spec_.batch;
  const std::size_t half = spec_.rows * (spec_.cols / 2 + 1) * spec_.batch;
  if (spec_.kind == Kind::RealForward) return n * real;
  if (spec_.kind == Kind::RealInverse) return half * 2 * real;
  return n * 2 * real;
}

std::size_t Transform::outputBytes() const {
  const std::size_t real = spec_.doublePrecision ? 8 : 4;
  const std::size_t n = spec_.rows * spec_.cols * spec_.batch;
  if (spec_.kind == Kind::RealForward) return spec_.rows * (spec_.cols / 2 + 1) * spec_.batch * 2 * real;
  if (spec_.kind == Kind::RealInverse) return n * real;
  return n * 2 * real;
}

std::string Transform::deviceName() const { return device_ ? device_->shared->context.device().name : "FFTW"; }

void Transform::run(const void* in, void* out, const std::function<void()>& betweenChunks) {
  ranFromHost_ = true;
  const std::size_t inEach = inputBytes() / spec_.batch, outEach = outputBytes() / spec_.batch;
  std::unique_ptr<ChunkBuffers> buffers;
  if (device_) {
    try {
      buffers = std::make_unique<ChunkBuffers>(device_->shared, inEach * chunk_, outEach * chunk_);
    } catch (const cl::ClError& error) {
      rethrowDeviceError(error, deviceName());
    }
  }
  for (std::size_t first = 0; first < spec_.batch; first += chunk_) {
    if (first > 0 && betweenChunks) betweenChunks();
    const std::size_t count = std::min(chunk_, spec_.batch - first);
    runChunk(static_cast<const char*>(in) + first * inEach, static_cast<char*>(out) + first * outEach, count,
             buffers.get());
  }
}

void Transform::runChunk(const void* in, void* out, std::size_t count, ChunkBuffers* buffers) {
  const std::size_t inBytes = inputBytes() / spec_.batch * count, outBytes = outputBytes() / spec_.batch * count;
  if (!device_) {
    if (spec_.doublePrecision)
      runFftw<double>(spec_, in, out, count, inBytes, outBytes);
    else
      runFftw<float>(spec_, in, out, count, inBytes, outBytes);
    return;
  }
  // The lock is taken a chunk at a time, so other threads' transforms interleave with a long batch.
  std::lock_guard lock(device_->shared->mutex);
  cl::DeviceContext& context = device_->shared->context;
  HostStaging& staging = device_->shared->staging;
  try {
    staging.upload(buffers->in.buffer.get(), in, inBytes);
    (count == chunk_ ? *device_->chunk : *device_->rest).enqueue(buffers->in.buffer.get(), buffers->out.buffer.get());
    // Returns once the result is on the host: the queue is in order, so nothing is left to wait for.
    staging.download(buffers->out.buffer.get(), out, outBytes);
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, context.device().name);
  }
}

std::shared_ptr<void> Transform::resultMemory() {
  if (!device_ || !ranFromHost_) return nullptr;
  SharedContext& shared = *device_->shared;
  // Chunked results are copied a chunk at a time; each chunk must be worth staging.
  const std::size_t chunkOut = outputBytes() / spec_.batch * chunk_;
  if (!shared.staging.staged(chunkOut)) return nullptr;
  std::lock_guard lock(shared.mutex);
  try {
    return shared.results.acquire(outputBytes(), device_->shared);
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, deviceName());
  }
}

int Transform::deviceIndex() const { return device_ ? device_->shared->context.device().index : -1; }

Transform::Engine& Transform::wholeBatch() {
  if (chunk_ == spec_.batch) return *device_->chunk;
  if (!device_->whole) device_->whole = std::make_unique<Engine>(device_->shared->context, spec_, spec_.batch);
  return *device_->whole;
}

void Transform::runDevice(const DeviceBuffer& in, const DeviceBuffer& out) {
  if (!device_) throw std::invalid_argument("this plan runs with FFTW on the host; a device array needs a plan on its device");
  const DeviceMemory& source = in.memory();
  const DeviceMemory& destination = out.memory();
  for (const DeviceBuffer* array : {&in, &out})
    if (array->memory().shared != device_->shared)
      throw std::invalid_argument("the array is on " + array->deviceName() + " (device " +
                                  std::to_string(array->deviceIndex()) + "); the plan runs on " + deviceName() +
                                  " (device " + std::to_string(deviceIndex()) + ")" +
                                  (array->deviceIndex() == deviceIndex()
                                       ? ", in another context (a PyOpenCL queue's or the module's own)"
                                       : ""));
  if (source.bytes != inputBytes() || destination.bytes != outputBytes())
    throw std::invalid_argument("device array sizes do not match the plan: " + std::to_string(source.bytes) + " and " +
                                std::to_string(destination.bytes) + " bytes for " + std::to_string(inputBytes()) +
                                " and " + std::to_string(outputBytes()));
  if (&source == &destination) throw std::invalid_argument("a transform needs distinct input and output arrays");
  std::lock_guard lock(device_->shared->mutex);
  try {
    wholeBatch().enqueue(source.buffer.get(), destination.buffer.get());
  } catch (const cl::ClError& error) {
    rethrowDeviceError(error, deviceName());
  }
}

void setChunkBytes(std::size_t bytes) { chunkBytesSetting = bytes; }
std::size_t chunkBytes() { return chunkBytesSetting; }

std::vector<DeviceEntry> listDevices() {
  std::vector<DeviceEntry> entries;
  try {
    for (const cl::DeviceInfo& d : cl::listDevices())
      entries.push_back({d.index, d.name, d.platformName, d.type, d.globalMemBytes, d.fp64});
  } catch (const cl::NoPlatformError&) {
  }
  return entries;
}

}  // namespace fftscope::python
