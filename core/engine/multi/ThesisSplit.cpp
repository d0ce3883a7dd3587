#include "engine/multi/ThesisSplit.h"

#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"
#include "engine/multi/HostParallel.h"
#include "engine/multi/HostTwiddles.h"
#include "engine/multi/PinnedStaging.h"
#include "engine/runtime/ElementwiseLaunch.h"
#include "engine/runtime/Plan.h"

#include <chrono>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fftscope::multi {

namespace {

template <typename Share>
double timedTransform(Share& share) {
  const auto start = std::chrono::steady_clock::now();
  share.plan.enqueue(share.in.get(), share.out.get(), {}, LaunchEvents::Last).wait();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

constexpr std::size_t kChunkBytes = std::size_t{32} << 20;

template <typename T>
constexpr Precision precisionOf() {
  return std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
}

}  // namespace

template <typename T>
struct ThesisSplit<T>::Share {
  cl::DeviceContext& context;
  Plan plan;
  cl::Buffer in, out;
  PinnedStaging staging;
};

template <typename T>
ThesisSplit<T>::ThesisSplit(std::span<cl::DeviceContext* const> devices, std::size_t n, Direction direction)
    : n_(n), direction_(direction) {
  const std::size_t g = devices.size();
  if (g == 0) throw std::invalid_argument("the thesis split needs at least one device");
  if (n == 0 || n % g != 0)
    throw std::invalid_argument("the thesis split of " + std::to_string(n) + " points over " + std::to_string(g) +
                                " devices needs a multiple of " + std::to_string(g) +
                                " points; the four-step split takes any length");
  m_ = n / g;
  transformSeconds_.assign(g, 0.0);
  PlanDescription d = PlanDescription::oneD(m_);
  d.precision = precisionOf<T>();
  d.direction = direction;
  for (cl::DeviceContext* context : devices) {
    try {
      const std::size_t bytes = d.bytes();
      shares_.push_back(std::unique_ptr<Share>(new Share{*context, Plan(*context, d), context->buffer(bytes),
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
  const std::size_t groups = shares_.size();
  const HostTwiddles twiddles(n_, direction_);
  const HostTwiddles roots(groups, direction_);
  // The engine's inverse divides by m; the butterfly step takes the rest of 1/N.
  const double scale = direction_ == Direction::Inverse ? 1.0 / double(groups) : 1.0;
  const unsigned threads = stagingThreads(groups);
  onEveryDevice(groups, [&](std::size_t g) {
    Share& share = *shares_[g];
    share.staging.resetHostRate();
    share.staging.upload(share.in.get(), m_, sizeof(std::complex<T>), 0, [&](void* chunk, std::size_t begin, std::size_t end) {
      auto* to = static_cast<std::complex<T>*>(chunk) - begin;
      parallelFor(end - begin, threads, [&](std::size_t b, std::size_t e) {
        for (std::size_t n1 = begin + b; n1 < begin + e; ++n1) {
          std::complex<double> sum = in[n1];
          for (std::size_t n2 = 1; n2 < groups; ++n2)
            sum += std::complex<double>(in[n1 + m_ * n2]) * roots(n2 * g);
          const std::complex<double> y = sum * twiddles(std::uint64_t(n1) * g) * scale;
          to[n1] = {T(y.real()), T(y.imag())};
        }
      });
    });
    transformSeconds_[g] = timedTransform(share);
    share.staging.download(share.out.get(), m_, sizeof(std::complex<T>), 0,
                           [&](const void* chunk, std::size_t begin, std::size_t end) {
                             const auto* from = static_cast<const std::complex<T>*>(chunk) - begin;
                             parallelFor(end - begin, threads, [&](std::size_t b, std::size_t e) {
                               for (std::size_t k1 = begin + b; k1 < begin + e; ++k1) out[k1 * groups + g] = from[k1];
                             });
                           });
  });
}

template <typename T>
void ThesisSplit<T>::runOnDevice(std::size_t holder, cl_mem in, cl_mem out) {
  const std::size_t groups = shares_.size();
  if (holder >= groups) throw std::invalid_argument("no device " + std::to_string(holder) + " in the split");
  Share& home = *shares_[holder];
  const std::string options = std::string(precisionOf<T>() == Precision::F64 ? "-D DOUBLE_PRECISION " : "") +
                              (direction_ == Direction::Forward ? "-D FFT_SIGN=-1" : "-D FFT_SIGN=1");
  cl::Kernel step = home.context.kernel("huge_split", options, "dif_share");
  cl::Kernel merge = home.context.kernel("huge_split", options, "interleave");
  const cl_ulong m = m_;
  const cl_uint count = cl_uint(groups);
  const T scale = direction_ == Direction::Inverse ? T(1) / T(groups) : T(1);
  const std::size_t bytes = sizeof(std::complex<T>);
  auto copy = [](std::complex<T>* to, const void* from, std::size_t elements) {
    std::memcpy(to, from, elements * sizeof(std::complex<T>));
  };

  for (auto& share : shares_) share->staging.resetHostRate();
  std::vector<cl::Event> passes;
  // The butterfly step on the holder; the holder keeps its own share, the others go to the host.
  std::vector<std::unique_ptr<std::complex<T>[]>> exchange(groups);
  for (std::size_t g = 0; g < groups; ++g) {
    const cl_uint share = cl_uint(g);
    cl_mem target = g == holder ? home.in.get() : home.out.get();
    cl::setArgs(step.get(), "dif_share", in, target, m, share, count, scale);
    passes.push_back(launchElementwise(home.context, step, m_));
    if (g == holder) continue;
    exchange[g] = std::make_unique_for_overwrite<std::complex<T>[]>(m_);
    home.staging.download(target, m_, bytes, 0, [&](const void* chunk, std::size_t begin, std::size_t end) {
      copy(exchange[g].get() + begin, chunk, end - begin);
    });
  }
  onEveryDevice(groups, [&](std::size_t g) {
    Share& share = *shares_[g];
    if (g != holder)
      share.staging.upload(share.in.get(), m_, bytes, 0, [&](void* chunk, std::size_t begin, std::size_t end) {
        std::memcpy(chunk, exchange[g].get() + begin, (end - begin) * bytes);
      });
    transformSeconds_[g] = timedTransform(share);
    if (g != holder)
      share.staging.download(share.out.get(), m_, bytes, 0, [&](const void* chunk, std::size_t begin, std::size_t end) {
        copy(exchange[g].get() + begin, chunk, end - begin);
      });
  });
  // The merge on the holder: each share's outputs come back and are interleaved in place.
  for (std::size_t g = 0; g < groups; ++g) {
    const cl_uint share = cl_uint(g);
    cl_mem source = g == holder ? home.out.get() : home.in.get();
    if (g != holder)
      home.staging.upload(source, m_, bytes, 0, [&](void* chunk, std::size_t begin, std::size_t end) {
        std::memcpy(chunk, exchange[g].get() + begin, (end - begin) * bytes);
      });
    cl::setArgs(merge.get(), "interleave", source, out, m, share, count);
    passes.push_back(launchElementwise(home.context, merge, m_));
  }
  home.context.finish();
  holderPassSeconds_ = 0;
  for (const cl::Event& pass : passes) holderPassSeconds_ += double(cl::eventInterval(pass.get()).nanoseconds()) * 1e-9;
}

template <typename T>
std::vector<double> ThesisSplit<T>::stagingBytesPerSecond() const {
  std::vector<double> rates;
  for (const auto& each : shares_) rates.push_back(each->staging.hostBytesPerSecond());
  return rates;
}

template class ThesisSplit<float>;
template class ThesisSplit<double>;

}  // namespace fftscope::multi
