#include "engine/multi/FourStepSplit.h"

#include "engine/cl/HostParallel.h"
#include "engine/multi/HostTwiddles.h"
#include "engine/multi/PinnedStaging.h"
#include "engine/runtime/Plan.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fftscope::multi {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{32} << 20;
// The transposing loops take a column of the chunk (all its rows) an index: a few make a part.
constexpr std::size_t kColumnGrain = 16;

struct Range {
  std::size_t begin = 0, end = 0;
  std::size_t size() const { return end - begin; }
};

// Share `device` of `count` members among `devices`, cut in pieces of at most `most` members.
std::vector<Range> piecesOf(std::size_t count, std::size_t device, std::size_t devices, std::size_t most) {
  const Range share{count * device / devices, count * (device + 1) / devices};
  std::vector<Range> pieces;
  if (share.size() == 0) return pieces;
  const std::size_t parts = (share.size() + most - 1) / most;
  for (std::size_t p = 0; p < parts; ++p)
    pieces.push_back({share.begin + share.size() * p / parts, share.begin + share.size() * (p + 1) / parts});
  return pieces;
}

// For elements [begin, end) of rows of `length`, the rows j that hold column i.
Range rowsHolding(std::size_t i, std::size_t begin, std::size_t end, std::size_t length) {
  const std::size_t first = begin > i ? (begin - i + length - 1) / length : 0;
  const std::size_t last = end > i ? (end - 1 - i) / length + 1 : 0;
  return {first, std::max(first, last)};
}

template <typename Worker>
double timedTransform(Plan& plan, Worker& w) {
  const auto start = std::chrono::steady_clock::now();
  plan.enqueue(w.in.get(), w.out.get(), {}, LaunchEvents::Last).wait();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::size_t fourStepColumnLength(std::size_t n) {
  std::size_t best = 1;
  for (std::size_t d = 1; d * d <= n; ++d)
    if (n % d == 0) best = d;
  return best;
}

template <typename T>
struct FourStepSplit<T>::Worker {
  cl::DeviceContext& context;
  std::vector<Range> columns, rows;  // this device's pieces of the N2 columns and the N1 rows
  std::map<std::pair<std::size_t, std::size_t>, std::unique_ptr<Plan>> plans;  // by (length, batch)
  cl::Buffer in, out;
  PinnedStaging staging;

  Plan& plan(std::size_t length, std::size_t batch) { return *plans.at({length, batch}); }
};

template <typename T>
FourStepSplit<T>::FourStepSplit(std::span<cl::DeviceContext* const> devices, std::size_t n, Direction direction,
                                std::size_t n1)
    : n1_(n1 ? n1 : fourStepColumnLength(n)), direction_(direction) {
  if (devices.empty()) throw std::invalid_argument("the four-step split needs at least one device");
  if (n == 0 || n % n1_ != 0)
    throw std::invalid_argument("the four-step split of " + std::to_string(n) + " points needs columns of a divisor, not " +
                                std::to_string(n1_));
  n2_ = n / n1_;
  const std::size_t bytes = sizeof(std::complex<T>);
  for (std::size_t d = 0; d < devices.size(); ++d) {
    cl::DeviceContext& context = *devices[d];
    // A piece, its output and the plan's scratch share the device's memory.
    const std::size_t fit = std::min<std::uint64_t>(context.device().maxAllocBytes, context.device().globalMemBytes / 4) / bytes;
    if (std::max(n1_, n2_) > fit)
      throw std::invalid_argument("the four-step split of " + std::to_string(n) + " points takes rows of " +
                                  std::to_string(std::max(n1_, n2_)) + " points, more than a buffer of " +
                                  context.device().name + " holds (" + std::to_string(fit) + " points)");
    auto worker = std::unique_ptr<Worker>(new Worker{context, piecesOf(n2_, d, devices.size(), fit / n1_),
                                                     piecesOf(n1_, d, devices.size(), fit / n2_), {}, {}, {},
                                                     PinnedStaging(context, kChunkBytes)});
    std::size_t largest = 0;
    auto bake = [&](std::size_t length, const std::vector<Range>& pieces) {
      for (const Range& piece : pieces) {
        largest = std::max(largest, piece.size() * length);
        auto& plan = worker->plans[{length, piece.size()}];
        if (plan) continue;
        PlanDescription desc = PlanDescription::oneD(length, piece.size());
        desc.precision = std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
        desc.direction = direction;
        plan = std::make_unique<Plan>(context, desc);
      }
    };
    bake(n1_, worker->columns);
    bake(n2_, worker->rows);
    if (largest > 0) {
      worker->in = context.buffer(largest * bytes);
      worker->out = context.buffer(largest * bytes);
    }
    workers_.push_back(std::move(worker));
  }
}

template <typename T>
FourStepSplit<T>::~FourStepSplit() = default;

template <typename T>
std::size_t FourStepSplit<T>::pieces() const {
  std::size_t count = 0;
  for (const auto& w : workers_) count += w->columns.size() + w->rows.size();
  return count;
}

template <typename T>
void FourStepSplit<T>::run(std::span<const std::complex<T>> in, std::span<std::complex<T>> out) {
  const std::size_t n = points();
  if (in.size() != n || out.size() != n)
    throw std::invalid_argument("the four-step split was planned for " + std::to_string(n) + " points");
  using C = std::complex<T>;
  const HostTwiddles twiddles(n, direction_);
  const std::size_t n1 = n1_, n2 = n2_;
  // The columns' results, twiddled, as N1 rows of N2: the exchange between the two stages.
  if (!between_) between_ = std::make_unique_for_overwrite<C[]>(n);
  C* const between = between_.get();
  if (!pool_) pool_ = std::make_unique<cl::HostThreadPool>(workers_.size());
  cl::HostThreadPool& pool = *pool_;
  columnSeconds_.assign(workers_.size(), 0.0);
  rowSeconds_.assign(workers_.size(), 0.0);

  cl::onEveryDevice(workers_.size(), [&](std::size_t d) {
    Worker& w = *workers_[d];
    w.staging.resetHostRate();
    for (const Range& piece : w.columns) {
      // Column c0 + j of x, gathered as row j: element j * N1 + n1 is x[N2 * n1 + c0 + j].
      w.staging.upload(w.in.get(), piece.size() * n1, sizeof(C), n1, [&](void* chunk, std::size_t begin, std::size_t end) {
        C* to = static_cast<C*>(chunk) - begin;
        pool.parallelFor(n1, [&](std::size_t i0, std::size_t i1) {
          for (std::size_t i = i0; i < i1; ++i) {
            const Range rows = rowsHolding(i, begin, end, n1);
            const C* from = in.data() + n2 * i + piece.begin;
            for (std::size_t j = rows.begin; j < rows.end; ++j) to[j * n1 + i] = from[j];
          }
        }, kColumnGrain);
      });
      columnSeconds_[d] += timedTransform(w.plan(n1, piece.size()), w);
      // Element j * N1 + k1 goes to row k1, column c0 + j, times w((c0 + j) * k1, N).
      w.staging.download(w.out.get(), piece.size() * n1, sizeof(C), n1, [&](const void* chunk, std::size_t begin, std::size_t end) {
        const C* from = static_cast<const C*>(chunk) - begin;
        pool.parallelFor(n1, [&](std::size_t k0, std::size_t k1End) {
          for (std::size_t k1 = k0; k1 < k1End; ++k1) {
            const Range rows = rowsHolding(k1, begin, end, n1);
            C* to = between + k1 * n2 + piece.begin;
            for (std::size_t j = rows.begin; j < rows.end; ++j) {
              const std::complex<double> v = times(from[j * n1 + k1], twiddles(std::uint64_t(piece.begin + j) * k1));
              to[j] = {T(v.real()), T(v.imag())};
            }
          }
        }, kColumnGrain);
      });
    }
  });

  cl::onEveryDevice(workers_.size(), [&](std::size_t d) {
    Worker& w = *workers_[d];
    for (const Range& piece : w.rows) {
      const C* rows = between + piece.begin * n2;
      w.staging.upload(w.in.get(), piece.size() * n2, sizeof(C), n2, [&](void* chunk, std::size_t begin, std::size_t end) {
        pool.copy(chunk, rows + begin, (end - begin) * sizeof(C));
      });
      rowSeconds_[d] += timedTransform(w.plan(n2, piece.size()), w);
      // Element i * N2 + k2 is X[(r0 + i) + N1 * k2].
      w.staging.download(w.out.get(), piece.size() * n2, sizeof(C), n2, [&](const void* chunk, std::size_t begin, std::size_t end) {
        const C* from = static_cast<const C*>(chunk) - begin;
        pool.parallelFor(n2, [&](std::size_t k0, std::size_t kEnd) {
          for (std::size_t k2 = k0; k2 < kEnd; ++k2) {
            const Range held = rowsHolding(k2, begin, end, n2);
            C* to = out.data() + n1 * k2 + piece.begin;
            for (std::size_t i = held.begin; i < held.end; ++i) to[i] = from[i * n2 + k2];
          }
        }, kColumnGrain);
      });
    }
  });
}

template <typename T>
void FourStepSplit<T>::runOnDevice(std::size_t holder, cl_mem in, cl_mem out) {
  if (holder >= workers_.size()) throw std::invalid_argument("no device " + std::to_string(holder) + " in the split");
  using C = std::complex<T>;
  const std::size_t n = points();
  PinnedStaging& staging = workers_[holder]->staging;
  if (!hostIn_) hostIn_ = std::make_unique_for_overwrite<C[]>(n), hostOut_ = std::make_unique_for_overwrite<C[]>(n);
  if (!pool_) pool_ = std::make_unique<cl::HostThreadPool>(workers_.size());
  staging.download(in, n, sizeof(C), 0, [&](const void* chunk, std::size_t begin, std::size_t end) {
    pool_->copy(hostIn_.get() + begin, chunk, (end - begin) * sizeof(C));
  });
  run({hostIn_.get(), n}, {hostOut_.get(), n});
  staging.upload(out, n, sizeof(C), 0, [&](void* chunk, std::size_t begin, std::size_t end) {
    pool_->copy(chunk, hostOut_.get() + begin, (end - begin) * sizeof(C));
  });
}

template <typename T>
std::vector<double> FourStepSplit<T>::stagingBytesPerSecond() const {
  std::vector<double> rates;
  for (const auto& each : workers_) rates.push_back(each->staging.hostBytesPerSecond());
  return rates;
}

template class FourStepSplit<float>;
template class FourStepSplit<double>;

}  // namespace fftscope::multi
