#include "engine/peers/FftwTiming.h"

#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"

#include "engine/reference/FftwTraits.h"

#include <algorithm>
#include <chrono>
#include <complex>
#include <mutex>
#include <thread>
#include <type_traits>

namespace fftscope {
namespace {

using fftw::Fftw;

template <typename T>
std::vector<std::complex<T>> randomValues(std::size_t count) {
  if constexpr (std::is_same_v<T, float>)
    return randomComplexF32(count, 5);
  else
    return randomComplexF64(count, 5);
}

template <typename T>
std::vector<double> timeTyped(const PlanDescription& d, int repeat, int threads) {
  std::vector<std::complex<T>> in(d.elements()), out(d.elements());
  const int n[2] = {static_cast<int>(d.dimensions == 2 ? d.rows : d.cols), static_cast<int>(d.cols)};
  using F = Fftw<T>;
  typename F::PlanStruct* plan = nullptr;
  {
    std::lock_guard<std::mutex> lock(fftwPlannerMutex());
    F::planWithThreads(threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    // FFTW_MEASURE overwrites the arrays while it plans, so the data comes afterwards.
    const int dist = static_cast<int>(d.points());
    plan = F::planMany(d.dimensions, d.dimensions == 2 ? n : n + 1, static_cast<int>(d.batch),
                       reinterpret_cast<typename F::Complex*>(in.data()), nullptr, 1, dist,
                       reinterpret_cast<typename F::Complex*>(out.data()), nullptr, 1, dist,
                       d.direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_MEASURE);
    F::planWithThreads(1);
  }
  if (!plan) throw std::runtime_error("FFTW could not plan " + d.summary());
  // Into the planned buffer: the plan keeps its address.
  const std::vector<std::complex<T>> values = randomValues<T>(d.elements());
  std::copy(values.begin(), values.end(), in.begin());
  for (int i = 0; i < 2; ++i) F::executePlan(plan);
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    F::executePlan(plan);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  F::destroy(plan);
  return ms;
}

}  // namespace

std::vector<double> timeFftw(const PlanDescription& d, int repeat, int threads) {
  validate(d);
  return d.precision == Precision::F32 ? timeTyped<float>(d, repeat, threads) : timeTyped<double>(d, repeat, threads);
}

}  // namespace fftscope
