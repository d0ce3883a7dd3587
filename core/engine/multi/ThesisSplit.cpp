#include "engine/multi/ThesisSplit.h"

#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"
#include "engine/cl/HostParallel.h"
#include "engine/cl/HostThreadPool.h"
#include "engine/multi/DeviceRelay.h"
#include "engine/multi/HostPipeline.h"
#include "engine/multi/HostTwiddles.h"
#include "engine/multi/HugeSplitCost.h"
#include "engine/multi/PinnedStaging.h"
#include "engine/runtime/ElementwiseLaunch.h"
#include "engine/runtime/Plan.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fftscope::multi {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{32} << 20;
constexpr std::size_t kMostSharesADevice = 64;

template <typename T>
constexpr Precision precisionOf() {
  return std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
}

// The butterfly step of share s, outputs [begin, end) of its m into `to`:
// to[n1 - begin] = w(n1 * s, N) * sum_n2 in[n1 + m * n2] * root[n2], root[n2] = w(n2 * s, S) scaled.
template <typename T>
void stepInto(std::complex<T>* to, std::span<const std::complex<T>> in, std::size_t m, std::span<const std::complex<double>> root,
              const HostTwiddles& twiddles, std::size_t s, std::size_t begin, std::size_t end, cl::HostThreadPool& pool) {
  to -= begin;
  pool.parallelFor(end - begin, [&](std::size_t b, std::size_t e) {
    for (std::size_t n1 = begin + b; n1 < begin + e; ++n1) {
      std::complex<double> sum = times(in[n1], root[0]);
      for (std::size_t n2 = 1; n2 < root.size(); ++n2) sum += times(in[n1 + m * n2], root[n2]);
      const std::complex<double> y = times(sum, twiddles(std::uint64_t(n1) * s));
      to[n1] = {T(y.real()), T(y.imag())};
    }
  });
}

// Share s's outputs [begin, end) into their places among the S shares' interleaved outputs.
template <typename T>
void mergeFrom(std::span<std::complex<T>> out, const std::complex<T>* from, std::size_t count, std::size_t s,
               std::size_t begin, std::size_t end, cl::HostThreadPool& pool) {
  from -= begin;
  pool.parallelFor(end - begin, [&](std::size_t b, std::size_t e) {
    for (std::size_t k1 = begin + b; k1 < begin + e; ++k1) out[k1 * count + s] = from[k1];
  });
}

// The launches' time on the device's clock, summed.
double secondsOf(const std::vector<cl::Event>& launches) {
  double seconds = 0;
  for (const cl::Event& launch : launches) seconds += double(cl::eventInterval(launch.get()).nanoseconds()) * 1e-9;
  return seconds;
}

}  // namespace

template <typename T>
struct ThesisSplit<T>::Device {
  cl::DeviceContext& context;
  Plan plan;
  cl::Buffer in, out;
  PinnedStaging staging;

  double transform() {
    const auto start = std::chrono::steady_clock::now();
    plan.enqueue(in.get(), out.get(), {}, LaunchEvents::Last).wait();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
};

template <typename T>
ThesisSplit<T>::ThesisSplit(std::span<cl::DeviceContext* const> devices, std::size_t n, Direction direction,
                            std::size_t sharesEachDevice)
    : n_(n), direction_(direction) {
  const std::size_t g = devices.size();
  if (g == 0) throw std::invalid_argument("the thesis split needs at least one device");
  std::uint64_t buffer = UINT64_MAX;
  for (cl::DeviceContext* context : devices) buffer = std::min(buffer, context->device().maxAllocBytes);
  const std::size_t longest = std::min<std::uint64_t>(kLongestThesisShare, buffer / sizeof(std::complex<T>));
  for (std::size_t k = std::max<std::size_t>(1, sharesEachDevice); k <= kMostSharesADevice && shares_ == 0; ++k)
    if (n > 0 && n % (g * k) == 0 && n / (g * k) <= longest) shares_ = g * k;
  if (sharesEachDevice > 0 && shares_ != g * sharesEachDevice) shares_ = 0;
  if (shares_ == 0)
    throw std::invalid_argument("the thesis split of " + std::to_string(n) + " points over " + std::to_string(g) +
                                " devices needs a multiple of " + std::to_string(g) + " points whose shares fit a plan of " +
                                std::to_string(longest) + " points; the four-step split takes any length");
  m_ = n / shares_;
  transformSeconds_.assign(g, 0.0);
  pool_ = std::make_unique<cl::HostThreadPool>(g);
  PlanDescription d = PlanDescription::oneD(m_);
  d.precision = precisionOf<T>();
  d.direction = direction;
  for (cl::DeviceContext* context : devices) {
    try {
      const std::size_t bytes = d.bytes();
      devices_.push_back(std::unique_ptr<Device>(new Device{*context, Plan(*context, d), context->buffer(bytes),
                                                            context->buffer(bytes), PinnedStaging(*context, kChunkBytes)}));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("the thesis split's share of " + std::to_string(m_) + " points on " +
                                  context->device().name + ": " + e.what() +
                                  "; the four-step split works in pieces that fit");
    }
  }
}

template <typename T>
ThesisSplit<T>::~ThesisSplit() = default;

template <typename T>
void ThesisSplit<T>::run(std::span<const std::complex<T>> in, std::span<std::complex<T>> out) {
  if (in.size() != n_ || out.size() != n_)
    throw std::invalid_argument("the thesis split was planned for " + std::to_string(n_) + " points");
  const std::size_t groups = devices_.size(), count = shares_;
  const HostTwiddles twiddles(n_, direction_);
  const HostTwiddles roots(count, direction_);
  // The engine's inverse divides by m; the butterfly step takes the rest of 1/N.
  const double scale = direction_ == Direction::Inverse ? 1.0 / double(count) : 1.0;
  cl::onEveryDevice(groups, [&](std::size_t g) {
    Device& device = *devices_[g];
    device.staging.resetHostRate();
    transformSeconds_[g] = 0;
    for (std::size_t s = g; s < count; s += groups) {
      std::vector<std::complex<double>> root(count);  // w(n2 * s, S), scaled
      for (std::size_t n2 = 0; n2 < count; ++n2) root[n2] = roots(n2 * s) * scale;
      device.staging.upload(device.in.get(), m_, sizeof(std::complex<T>), 0, [&](void* chunk, std::size_t begin, std::size_t end) {
        stepInto<T>(static_cast<std::complex<T>*>(chunk), in, m_, root, twiddles, s, begin, end, *pool_);
      });
      transformSeconds_[g] += device.transform();
      device.staging.download(device.out.get(), m_, sizeof(std::complex<T>), 0,
                              [&](const void* chunk, std::size_t begin, std::size_t end) {
                                mergeFrom<T>(out, static_cast<const std::complex<T>*>(chunk), count, s, begin, end, *pool_);
                              });
    }
  });
}

template <typename T>
void ThesisSplit<T>::runOnDevice(std::size_t holder, cl_mem in, cl_mem out) {
  const std::size_t groups = devices_.size(), count = shares_;
  if (holder >= groups) throw std::invalid_argument("no device " + std::to_string(holder) + " in the split");
  Device& home = *devices_[holder];
  const std::string options = std::string(precisionOf<T>() == Precision::F64 ? "-D DOUBLE_PRECISION " : "") +
                              (direction_ == Direction::Forward ? "-D FFT_SIGN=-1" : "-D FFT_SIGN=1");
  cl::Kernel step = home.context.kernel("huge_split", options, "dif_share");
  cl::Kernel merge = home.context.kernel("huge_split", options, "interleave");
  const cl_ulong m = m_;
  const cl_uint shares = cl_uint(count);
  const T scale = direction_ == Direction::Inverse ? T(1) / T(count) : T(1);
  const std::size_t bytes = sizeof(std::complex<T>);
  if (count == groups) {
    relayShares(holder, in, out, step, merge, scale);
    return;
  }
  std::vector<std::unique_ptr<std::complex<T>[]>>& exchange = exchange_;
  exchange.resize(count);
  auto toHost = [&](Device& device, cl_mem buffer, std::size_t s) {
    if (!exchange[s]) exchange[s] = std::make_unique_for_overwrite<std::complex<T>[]>(m_);
    device.staging.download(buffer, m_, bytes, 0, [&](const void* chunk, std::size_t begin, std::size_t end) {
      pool_->copy(exchange[s].get() + begin, chunk, (end - begin) * bytes);
    });
  };
  auto fromHost = [&](Device& device, cl_mem buffer, std::size_t s) {
    device.staging.upload(buffer, m_, bytes, 0, [&](void* chunk, std::size_t begin, std::size_t end) {
      pool_->copy(chunk, exchange[s].get() + begin, (end - begin) * bytes);
    });
  };
  for (auto& device : devices_) device->staging.resetHostRate();

  std::vector<cl::Event> passes;
  // The butterfly step on the holder, a share at a time.
  for (std::size_t s = 0; s < count; ++s) {
    cl_mem target = home.out.get();
    cl::setArgs(step.get(), "dif_share", in, target, m, cl_uint(s), shares, scale);
    passes.push_back(launchElementwise(home.context, step, m_));
    toHost(home, target, s);
  }
  cl::onEveryDevice(groups, [&](std::size_t g) {
    Device& device = *devices_[g];
    transformSeconds_[g] = 0;
    for (std::size_t s = g; s < count; s += groups) {
      fromHost(device, device.in.get(), s);
      transformSeconds_[g] += device.transform();
      toHost(device, device.out.get(), s);
    }
  });
  // The merge on the holder: each share's outputs come back and are interleaved in place.
  for (std::size_t s = 0; s < count; ++s) {
    cl_mem source = home.in.get();
    fromHost(home, source, s);
    cl::setArgs(merge.get(), "interleave", source, out, m, cl_uint(s), shares);
    passes.push_back(launchElementwise(home.context, merge, m_));
  }
  home.context.finish();
  holderPassSeconds_ = secondsOf(passes);
}

template <typename T>
void ThesisSplit<T>::relayShares(std::size_t holder, cl_mem in, cl_mem out, cl::Kernel& step, cl::Kernel& merge, T scale) {
  const std::size_t groups = devices_.size();
  Device& home = *devices_[holder];
  const cl_ulong m = m_;
  const cl_uint shares = cl_uint(groups);
  const std::size_t shareBytes = m_ * sizeof(std::complex<T>);
  if (!relay_) relay_ = std::make_unique<DeviceRelay>(home.context, std::min(stagingChunkBytes(), shareBytes));
  for (auto& device : devices_) device->staging.resetHostRate();
  std::vector<cl::Event> passes;
  // The butterfly step: the holder's share into its plan's input; every other share into its
  // plan's output, from where it is relayed to its device before the next is made there.
  for (std::size_t s = 0; s < groups; ++s) {
    cl_mem target = s == holder ? home.in.get() : home.out.get();
    cl::setArgs(step.get(), "dif_share", in, target, m, cl_uint(s), shares, scale);
    passes.push_back(launchElementwise(home.context, step, m_));
    if (s != holder) relay_->move(home.context, target, 0, devices_[s]->context, devices_[s]->in.get(), 0, shareBytes);
  }
  cl::onEveryDevice(groups, [&](std::size_t g) { transformSeconds_[g] = devices_[g]->transform(); });
  // The merge: the holder's outputs where its plan left them; every other share's relayed back
  // into the holder's plan input, which its transform no longer needs.
  for (std::size_t s = 0; s < groups; ++s) {
    cl_mem source = s == holder ? home.out.get() : home.in.get();
    if (s != holder) relay_->move(devices_[s]->context, devices_[s]->out.get(), 0, home.context, source, 0, shareBytes);
    cl::setArgs(merge.get(), "interleave", source, out, m, cl_uint(s), shares);
    passes.push_back(launchElementwise(home.context, merge, m_));
  }
  home.context.finish();
  holderPassSeconds_ = secondsOf(passes);
}

template <typename T>
double ThesisSplit<T>::stagingRate(std::size_t devices, std::size_t n, Direction direction) {
  if (devices == 0 || n < devices) throw std::invalid_argument("the thesis split's staging rate needs a share a device");
  const std::size_t m = n / devices;
  n = m * devices;
  const std::vector<std::complex<T>> in(n, std::complex<T>(1, 0));
  std::vector<std::complex<T>> out(n);  // each device's merges write their share of it
  const HostTwiddles twiddles(n, direction), roots(devices, direction);
  cl::HostThreadPool pool(devices);
  const std::size_t chunk = std::min(m, kChunkBytes / sizeof(std::complex<T>));
  std::vector<double> seconds(devices, 0.0);
  cl::onEveryDevice(devices, [&](std::size_t s) {
    std::vector<std::complex<double>> root(devices);
    for (std::size_t n2 = 0; n2 < devices; ++n2) root[n2] = roots(n2 * s);
    std::vector<std::complex<T>> staged(chunk);
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t begin = 0; begin < m; begin += chunk) {
      const std::size_t end = std::min(m, begin + chunk);
      stepInto<T>(staged.data(), in, m, root, twiddles, s, begin, end, pool);
      mergeFrom<T>(out, staged.data(), devices, s, begin, end, pool);
    }
    seconds[s] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  });
  return 2.0 * double(m * sizeof(std::complex<T>)) / std::max(*std::max_element(seconds.begin(), seconds.end()), 1e-9);
}

template <typename T>
std::vector<double> ThesisSplit<T>::stagingBytesPerSecond() const {
  std::vector<double> rates;
  for (const auto& device : devices_) rates.push_back(device->staging.hostBytesPerSecond());
  return rates;
}

template class ThesisSplit<float>;
template class ThesisSplit<double>;

}  // namespace fftscope::multi
