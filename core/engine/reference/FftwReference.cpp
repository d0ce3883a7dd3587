// Plans are made once per problem with FFTW_ESTIMATE (no timing runs, arrays left untouched) and
// kept in a small cache; they run on any buffers through FFTW's new-array execute, which requires
// the same in-place-ness and alignment as at planning time, so both are part of the key.
// FFTW's planner and plan destruction are not thread-safe (execution is): one mutex guards them.
#include "engine/reference/FftwReference.h"

#include "engine/reference/FftwTraits.h"

#include <fftw3.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fftscope {

std::mutex& fftwPlannerMutex() {
  static std::mutex mutex;
  // FFTW wants its threads set up before the first plan; every plan here takes this lock first.
  static const bool threads = (fftw::Fftw<float>::initThreads(), fftw::Fftw<double>::initThreads(), true);
  (void)threads;
  return mutex;
}

namespace {

using fftw::Fftw;

std::mutex& plannerMutex() { return fftwPlannerMutex(); }

struct PlanKey {
  std::size_t rows, cols, batch;
  bool twoD;
  Direction dir;
  bool inPlace;
  int inAlignment, outAlignment;
  bool operator==(const PlanKey&) const = default;
};

// A few shapes are in use at a time (a GUI view, a test's sizes); the least recently used goes first.
template <typename T>
class PlanCache {
 public:
  using Plan = std::shared_ptr<typename Fftw<T>::PlanStruct>;

  static PlanCache& instance() {
    static PlanCache cache;
    return cache;
  }

  Plan get(const PlanKey& key, std::complex<T>* in, std::complex<T>* out) {
    Plan evicted;  // destroyed after the lock below is released: its deleter takes the same lock
    std::lock_guard lock(plannerMutex());
    ++clock_;
    for (Entry& entry : entries_)
      if (entry.key == key) {
        entry.lastUse = clock_;
        return entry.plan;
      }
    Plan plan = make(key, in, out);
    if (entries_.size() >= kCapacity) {
      auto oldest = std::min_element(entries_.begin(), entries_.end(),
                                     [](const Entry& a, const Entry& b) { return a.lastUse < b.lastUse; });
      evicted = std::move(oldest->plan);
      entries_.erase(oldest);
    }
    entries_.push_back({key, plan, clock_});
    return plan;
  }

 private:
  static constexpr std::size_t kCapacity = 16;
  struct Entry {
    PlanKey key;
    Plan plan;
    std::uint64_t lastUse;
  };

  // Called with the planner mutex held.
  static Plan make(const PlanKey& key, std::complex<T>* in, std::complex<T>* out) {
    using F = Fftw<T>;
    using D = typename F::IoDim;
    const auto n = [](std::size_t v) { return static_cast<std::ptrdiff_t>(v); };
    const std::size_t points = key.rows * key.cols;
    // 2D: rows of stride cols, columns of stride 1; 1D: one dimension of cols. Batch members follow
    // one another at a distance of one transform.
    const D dims2[2] = {{n(key.rows), n(key.cols), n(key.cols)}, {n(key.cols), 1, 1}};
    const D dims1[1] = {{n(key.cols), 1, 1}};
    const D howMany[1] = {{n(key.batch), n(points), n(points)}};
    const int sign = key.dir == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD;
    // Out-of-place complex plans keep their input by default; the flag says so in writing, since
    // `in` comes from a const pointer.
    const unsigned flags = FFTW_ESTIMATE | (key.inPlace ? 0u : FFTW_PRESERVE_INPUT);
    auto* plan = F::plan(key.twoD ? 2 : 1, key.twoD ? dims2 : dims1, 1, howMany,
                         reinterpret_cast<typename F::Complex*>(in), reinterpret_cast<typename F::Complex*>(out),
                         sign, flags);
    if (!plan)
      throw std::runtime_error("FFTW could not plan a " + std::string(key.twoD ? "2D " : "1D ") +
                               std::to_string(key.rows) + "x" + std::to_string(key.cols) + " transform");
    return Plan(plan, [](typename F::PlanStruct* p) {
      std::lock_guard lock(plannerMutex());
      F::destroy(p);
    });
  }

  std::vector<Entry> entries_;
  std::uint64_t clock_ = 0;
};

void validateShape(std::size_t bytesPerValue, std::size_t rows, std::size_t cols, std::size_t batch, bool twoD) {
  if (rows == 0 || cols == 0 || batch == 0)
    throw std::invalid_argument("FFTW transform: rows, cols and batch must be at least 1 (got " +
                                std::to_string(rows) + ", " + std::to_string(cols) + ", " + std::to_string(batch) + ")");
  if (!twoD && rows != 1)
    throw std::invalid_argument("FFTW transform: a 1D transform has rows = 1 (got " + std::to_string(rows) +
                                "); put the rows in batch");
  const std::size_t limit = static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max()) / bytesPerValue;
  if (cols > limit / rows || rows * cols > limit / batch)
    throw std::invalid_argument("FFTW transform: rows x cols x batch is too large");
}

void validateBuffers(const void* in, const void* out, std::size_t bytes) {
  if (!in || !out) throw std::invalid_argument("FFTW transform: null buffer");
  // Partly overlapping buffers would be read after being written.
  const auto* a = static_cast<const unsigned char*>(in);
  const auto* b = static_cast<const unsigned char*>(out);
  std::less<const unsigned char*> before;
  if (a != b && before(a, b + bytes) && before(b, a + bytes))
    throw std::invalid_argument("FFTW transform: input and output overlap without being the same buffer");
}

template <typename T>
void transform(const std::complex<T>* in, std::complex<T>* out, std::size_t rows, std::size_t cols,
               std::size_t batch, bool twoD, Direction dir) {
  using F = Fftw<T>;
  validateShape(sizeof(std::complex<T>), rows, cols, batch, twoD);
  validateBuffers(in, out, rows * cols * batch * sizeof(std::complex<T>));
  auto* input = const_cast<std::complex<T>*>(in);
  const PlanKey key{rows,
                    cols,
                    batch,
                    twoD,
                    dir,
                    in == out,
                    F::alignmentOf(reinterpret_cast<T*>(input)),
                    F::alignmentOf(reinterpret_cast<T*>(out))};
  const auto plan = PlanCache<T>::instance().get(key, input, out);
  F::execute(plan.get(), reinterpret_cast<typename F::Complex*>(input), reinterpret_cast<typename F::Complex*>(out));
  if (dir == Direction::Inverse) {
    // Dividing rounds once per component; multiplying by a rounded 1/N would add an error for N not
    // a power of two.
    const T points = static_cast<T>(rows * cols);
    for (std::size_t i = 0, count = rows * cols * batch; i < count; ++i) out[i] /= points;
  }
}

template <typename T>
std::vector<std::complex<long double>> reference(const std::vector<std::complex<T>>& in, std::size_t rows,
                                                 std::size_t cols, std::size_t batch, bool twoD, Direction dir) {
  validateShape(sizeof(std::complex<long double>), rows, cols, batch, twoD);
  if (in.size() != rows * cols * batch)
    throw std::invalid_argument("referenceTransform: " + std::to_string(in.size()) + " values given, the shape needs " +
                                std::to_string(rows * cols * batch));
  std::vector<std::complex<long double>> out(in.begin(), in.end());
  transform<long double>(out.data(), out.data(), rows, cols, batch, twoD, dir);
  return out;
}

}  // namespace

void fftwTransform(const std::complex<float>* in, std::complex<float>* out, std::size_t rows, std::size_t cols,
                   std::size_t batch, bool twoD, Direction dir) {
  transform(in, out, rows, cols, batch, twoD, dir);
}

void fftwTransform(const std::complex<double>* in, std::complex<double>* out, std::size_t rows, std::size_t cols,
                   std::size_t batch, bool twoD, Direction dir) {
  transform(in, out, rows, cols, batch, twoD, dir);
}

std::vector<std::complex<long double>> referenceTransform(const std::vector<std::complex<double>>& in,
                                                          std::size_t rows, std::size_t cols, std::size_t batch,
                                                          bool twoD, Direction dir) {
  return reference(in, rows, cols, batch, twoD, dir);
}

std::vector<std::complex<long double>> referenceTransform(const std::vector<std::complex<float>>& in,
                                                          std::size_t rows, std::size_t cols, std::size_t batch,
                                                          bool twoD, Direction dir) {
  return reference(in, rows, cols, batch, twoD, dir);
}

}  // namespace fftscope
