#include "engine/multi/BatchSplit.h"

#include "engine/cl/ClError.h"
#include "engine/cl/HostParallel.h"
#include "engine/cl/Profiling.h"
#include "engine/multi/HostPipeline.h"
#include "engine/runtime/Plan.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fftscope::multi {

namespace {

template <typename T>
constexpr Precision precisionOf() {
  return std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
}

std::string deviceName(std::size_t g, const cl::DeviceContext& context) {
  return "device " + std::to_string(g) + " (" + context.device().name + ")";
}

double secondsOf(const auto& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::vector<std::size_t> batchShares(std::size_t batch, std::span<const double> weights) {
  if (weights.empty()) throw std::invalid_argument("a batch split needs at least one device");
  double total = 0;
  for (double w : weights) {
    if (!(w > 0) || !std::isfinite(w)) throw std::invalid_argument("a batch split's speed weights must be positive");
    total += w;
  }
  std::vector<std::size_t> shares(weights.size());
  std::vector<std::pair<double, std::size_t>> cut;  // (remainder, device)
  std::size_t given = 0;
  for (std::size_t g = 0; g < weights.size(); ++g) {
    const double exact = double(batch) * weights[g] / total;
    shares[g] = std::min(batch - given, std::size_t(std::floor(exact)));
    given += shares[g];
    cut.emplace_back(exact - double(shares[g]), g);
  }
  std::stable_sort(cut.begin(), cut.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; given < batch; ++i, ++given) ++shares[cut[i % cut.size()].second];
  return shares;
}

template <typename T>
struct BatchSplit<T>::Device {
  cl::DeviceContext& context;
  PlanDescription share;
  HostPipeline pipeline;   // the share from the host and back
  std::unique_ptr<Plan> whole;  // the share in one launch, made for the first run with it on a device
  cl::Buffer in, out;      // the whole share's, made for the first run with the batch on one device
  bool failNext = false;

  void failIfAsked() {
    if (std::exchange(failNext, false)) throw cl::ClError("a transform of the batch split", CL_DEVICE_NOT_AVAILABLE);
  }
  double transform(cl_mem from, cl_mem to) {
    failIfAsked();
    if (!whole) whole = std::make_unique<Plan>(context, share);
    return secondsOf([&] { whole->enqueue(from, to, {}, LaunchEvents::Last).wait(); });
  }
  void wholeBuffers() {
    if (!in) in = context.buffer(share.bytes()), out = context.buffer(share.bytes());
  }
};

template <typename T>
BatchSplit<T>::BatchSplit(std::span<cl::DeviceContext* const> devices, const PlanDescription& description,
                          std::span<const double> weights)
    : description_(description), item_(description.points()) {
  if (description.precision != precisionOf<T>())
    throw std::invalid_argument("the batch split's precision differs from its description's");
  validate(description);
  const std::vector<double> equal(devices.size(), 1.0);
  if (!weights.empty() && weights.size() != devices.size())
    throw std::invalid_argument("the batch split needs one speed weight a device");
  shares_ = batchShares(description.batch, weights.empty() ? std::span<const double>(equal) : weights);
  contexts_.assign(devices.begin(), devices.end());
  pool_ = std::make_unique<cl::HostThreadPool>(devices.size());
  transformSeconds_.assign(devices.size(), 0.0);
  std::size_t first = 0;
  for (std::size_t g = 0; g < devices.size(); ++g) {
    first_.push_back(first);
    first += shares_[g];
    if (shares_[g] == 0) {
      devices_.push_back(nullptr);
      continue;
    }
    PlanDescription share = description;
    share.batch = shares_[g];
    try {
      checkFitsDevice(share, devices[g]->device());
      devices_.push_back(std::unique_ptr<Device>(new Device{*devices[g], share, HostPipeline(*devices[g], share, *pool_), {}, {}, {}}));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("the batch split's share of " + std::to_string(shares_[g]) + " items on " +
                                  deviceName(g, *devices[g]) + ": " + e.what());
    }
  }
}

template <typename T>
BatchSplit<T>::~BatchSplit() = default;

template <typename T>
std::vector<double> BatchSplit<T>::measureWeights(std::span<cl::DeviceContext* const> devices,
                                                  const PlanDescription& description, std::size_t items) {
  PlanDescription probe = description;
  probe.batch = 1;
  const std::size_t fits = std::max<std::size_t>(1, (std::size_t{256} << 20) / probe.bytes());  // a short run
  probe.batch = std::max<std::size_t>(1, std::min({items, description.batch, fits}));
  std::vector<double> weights;
  for (cl::DeviceContext* context : devices) {
    Plan plan(*context, probe);
    cl::Buffer in = context->buffer(probe.bytes()), out = context->buffer(probe.bytes());
    auto once = [&] { plan.enqueue(in.get(), out.get(), {}, LaunchEvents::Last).wait(); };
    once();  // a warm-up
    double best = std::numeric_limits<double>::infinity();
    for (int r = 0; r < 3; ++r) best = std::min(best, secondsOf(once));
    weights.push_back(1.0 / std::max(best, 1e-9));
  }
  return weights;
}

template <typename T>
void BatchSplit<T>::run(std::span<const std::complex<T>> in, std::span<std::complex<T>> out) {
  const std::size_t elements = description_.elements();
  if (in.size() != elements || out.size() != elements)
    throw std::invalid_argument("the batch split takes and gives " + std::to_string(elements) + " elements");
  try {
    cl::onEveryDevice(devices_.size(), [&](std::size_t g) {
      if (!devices_[g]) return;
      Device& device = *devices_[g];
      try {
        device.failIfAsked();
        transformSeconds_[g] = device.pipeline.run(in.data() + first_[g] * item_, out.data() + first_[g] * item_);
      } catch (const std::exception& e) {
        throw std::runtime_error(deviceName(g, device.context) + " failed in the batch split: " + e.what());
      }
    });
  } catch (...) {
    std::fill(out.begin(), out.end(), std::complex<T>(std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::quiet_NaN()));
    throw;
  }
}

template <typename T>
void BatchSplit<T>::runOnDevices(std::span<const cl_mem> in, std::span<const cl_mem> out) {
  if (in.size() != devices_.size() || out.size() != devices_.size())
    throw std::invalid_argument("the batch split takes one input and one output buffer a device");
  // Every share is enqueued and flushed from this thread, then each is waited for: a thread a
  // device costs more to start than a short transform takes.
  std::vector<std::vector<cl::Event>> launched(devices_.size());
  std::exception_ptr failure;
  for (std::size_t g = 0; g < devices_.size() && !failure; ++g) {
    if (!devices_[g]) continue;
    Device& device = *devices_[g];
    try {
      device.failIfAsked();
      if (!device.whole) device.whole = std::make_unique<Plan>(device.context, device.share);
      launched[g] = device.whole->enqueue(in[g], out[g], {}, LaunchEvents::Each).releaseEvents();
      cl::check(clFlush(device.context.queue()), "clFlush(a share of the batch)");
    } catch (const std::exception& e) {
      clFinish(device.context.queue());  // launches made before the failure end before it leaves
      failure = std::make_exception_ptr(std::runtime_error(deviceName(g, device.context) + " failed in the batch split: " + e.what()));
    }
  }
  for (std::size_t g = 0; g < devices_.size(); ++g) {
    if (launched[g].empty()) continue;
    try {
      const cl_event last = launched[g].back().get();
      cl::check(clWaitForEvents(1, &last), "clWaitForEvents(a share of the batch)");
      transformSeconds_[g] =
          double(cl::eventInterval(last).end - cl::eventInterval(launched[g].front().get()).start) * 1e-9;
    } catch (const std::exception& e) {
      if (!failure)
        failure = std::make_exception_ptr(
            std::runtime_error(deviceName(g, devices_[g]->context) + " failed in the batch split: " + e.what()));
    }
  }
  if (failure) std::rethrow_exception(failure);
}

template <typename T>
void BatchSplit<T>::runOnDevice(std::size_t holder, cl_mem in, cl_mem out) {
  if (holder >= contexts_.size()) throw std::invalid_argument("no device " + std::to_string(holder) + " in the batch split");
  cl::DeviceContext& home = *contexts_[holder];
  const std::size_t itemBytes = sizeof(std::complex<T>) * item_;
  if (!relay_) {
    const std::size_t largest = *std::max_element(shares_.begin(), shares_.end()) * itemBytes;
    relay_ = std::make_unique<DeviceRelay>(home, std::min(stagingChunkBytes(), largest));
  }
  auto named = [&](std::size_t g, const std::exception& e) {
    return std::runtime_error(deviceName(g, *contexts_[g]) + " failed in the batch split: " + e.what());
  };
  // The other shares leave the holder for their devices, one after another through its link.
  for (std::size_t g = 0; g < contexts_.size(); ++g) {
    if (g == holder || !devices_[g]) continue;
    Device& device = *devices_[g];
    try {
      device.wholeBuffers();
      relay_->move(home, in, first_[g] * itemBytes, device.context, device.in.get(), 0, shares_[g] * itemBytes);
    } catch (const std::exception& e) {
      throw named(g, e);
    }
  }
  cl::onEveryDevice(contexts_.size(), [&](std::size_t g) {
    if (!devices_[g]) return;
    Device& device = *devices_[g];
    try {
      device.wholeBuffers();
      if (g != holder) {
        transformSeconds_[g] = device.transform(device.in.get(), device.out.get());
        return;
      }
      const std::size_t offset = first_[g] * itemBytes, bytes = shares_[g] * itemBytes;
      cl::check(clEnqueueCopyBuffer(home.queue(), in, device.in.get(), offset, 0, bytes, 0, nullptr, nullptr),
                "clEnqueueCopyBuffer(the holder's share)");
      transformSeconds_[g] = device.transform(device.in.get(), device.out.get());
      cl::check(clEnqueueCopyBuffer(home.queue(), device.out.get(), out, 0, offset, bytes, 0, nullptr, nullptr),
                "clEnqueueCopyBuffer(the holder's share)");
      home.finish();
    } catch (const std::exception& e) {
      throw named(g, e);
    }
  });
  // Their outputs come back to the holder in their places.
  for (std::size_t g = 0; g < contexts_.size(); ++g) {
    if (g == holder || !devices_[g]) continue;
    Device& device = *devices_[g];
    try {
      relay_->move(device.context, device.out.get(), 0, home, out, first_[g] * itemBytes, shares_[g] * itemBytes);
    } catch (const std::exception& e) {
      throw named(g, e);
    }
  }
}

template <typename T>
std::size_t BatchSplit<T>::rounds(std::size_t g) const {
  return g < devices_.size() && devices_[g] ? devices_[g]->pipeline.rounds() : 0;
}

template <typename T>
std::vector<double> BatchSplit<T>::stagingBytesPerSecond() const {
  std::vector<double> rates;
  for (const auto& device : devices_) rates.push_back(device ? device->pipeline.hostBytesPerSecond() : 0.0);
  return rates;
}

template <typename T>
void BatchSplit<T>::failNextRun(std::size_t g) {
  if (g < devices_.size() && devices_[g]) devices_[g]->failNext = true;
}

template class BatchSplit<float>;
template class BatchSplit<double>;

}  // namespace fftscope::multi
