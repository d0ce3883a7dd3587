#include "engine/multi/ToneSignal.h"

#include "engine/cl/HostParallel.h"
#include "engine/multi/HostTwiddles.h"

#include <cmath>
#include <mutex>
#include <random>
#include <set>
#include <thread>

namespace fftscope::multi {

namespace {

unsigned allThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

std::complex<double> expected(const Tone& t, std::uint64_t n, Direction direction) {
  return direction == Direction::Forward ? t.amplitude * double(n) : t.amplitude;
}

}  // namespace

std::vector<Tone> someTones(std::uint64_t n, unsigned count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> part(-0.7, 0.7);
  std::set<std::uint64_t> taken;
  std::vector<Tone> tones;
  while (tones.size() < std::min<std::uint64_t>(count, n)) {
    const std::uint64_t f = random() % n;
    if (taken.insert(f).second) tones.push_back({f, {part(random), part(random)}});
  }
  return tones;
}

template <typename T>
void writeTones(std::span<std::complex<T>> x, std::span<const Tone> tones, Direction direction) {
  const HostTwiddles twiddles(x.size(), direction);
  cl::parallelFor(x.size(), allThreads(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      std::complex<double> sum;
      for (const Tone& t : tones) sum += times(t.amplitude, std::conj(twiddles(t.frequency * i)));
      x[i] = {T(sum.real()), T(sum.imag())};
    }
  });
}

template <typename T>
double toneError(std::span<const std::complex<T>> transform, std::span<const Tone> tones, Direction direction) {
  const std::uint64_t n = transform.size();
  const std::set<std::uint64_t> toned = [&] {
    std::set<std::uint64_t> f;
    for (const Tone& t : tones) f.insert(t.frequency);
    return f;
  }();
  // Every output but the tones' should be 0: their squares summed apart, so that no large term
  // swallows an f64 error.
  std::mutex lock;
  double error = 0;
  cl::parallelFor(n, allThreads(), [&](std::size_t begin, std::size_t end) {
    double sum = 0;
    auto next = toned.lower_bound(begin);
    for (std::size_t k = begin; k < end; ++k) {
      if (next != toned.end() && *next == k) {
        ++next;
        continue;
      }
      sum += std::norm(std::complex<double>(transform[k]));
    }
    const std::lock_guard guard(lock);
    error += sum;
  });
  double reference = 0;
  for (const Tone& t : tones) {
    const std::complex<double> want = expected(t, n, direction);
    error += std::norm(std::complex<double>(transform[t.frequency]) - want);
    reference += std::norm(want);
  }
  return std::sqrt(error / reference);
}

template void writeTones(std::span<std::complex<float>>, std::span<const Tone>, Direction);
template void writeTones(std::span<std::complex<double>>, std::span<const Tone>, Direction);
template double toneError(std::span<const std::complex<float>>, std::span<const Tone>, Direction);
template double toneError(std::span<const std::complex<double>>, std::span<const Tone>, Direction);

}  // namespace fftscope::multi
