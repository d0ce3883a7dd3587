#include "engine/peers/FftwTiming.h"

#include "engine/Accuracy.h"
#include "engine/FftwReference.h"

#include <fftw3.h>

#include <algorithm>
#include <chrono>
#include <complex>
#include <cstring>
#include <mutex>
#include <thread>

namespace fftscope {
namespace {

// The four FFTW calls this needs, for float and for double.
template <typename T>
struct Fftw;

template <>
struct Fftw<float> {
  using Plan = fftwf_plan;
  static void initThreads() { fftwf_init_threads(); }
  static void setThreads(int n) { fftwf_plan_with_nthreads(n); }
  static Plan plan(int rank, const int* n, int howmany, std::complex<float>* in, std::complex<float>* out, int dist,
                   int sign) {
    return fftwf_plan_many_dft(rank, n, howmany, reinterpret_cast<fftwf_complex*>(in), nullptr, 1, dist,
                               reinterpret_cast<fftwf_complex*>(out), nullptr, 1, dist, sign, FFTW_MEASURE);
  }
  static void execute(Plan p) { fftwf_execute(p); }
  static void destroy(Plan p) { fftwf_destroy_plan(p); }
  static std::vector<std::complex<float>> random(std::size_t n) { return randomComplexF32(n, 5); }
};

template <>
struct Fftw<double> {
  using Plan = fftw_plan;
  static void initThreads() { fftw_init_threads(); }
  static void setThreads(int n) { fftw_plan_with_nthreads(n); }
  static Plan plan(int rank, const int* n, int howmany, std::complex<double>* in, std::complex<double>* out, int dist,
                   int sign) {
    return fftw_plan_many_dft(rank, n, howmany, reinterpret_cast<fftw_complex*>(in), nullptr, 1, dist,
                              reinterpret_cast<fftw_complex*>(out), nullptr, 1, dist, sign, FFTW_MEASURE);
  }
  static void execute(Plan p) { fftw_execute(p); }
  static void destroy(Plan p) { fftw_destroy_plan(p); }
  static std::vector<std::complex<double>> random(std::size_t n) { return randomComplexF64(n, 5); }
};

template <typename T>
std::vector<double> timeTyped(const PlanDescription& d, int repeat, int threads) {
  static std::once_flag once;
  std::call_once(once, [] {
    Fftw<float>::initThreads();
    Fftw<double>::initThreads();
  });
  std::vector<std::complex<T>> in(d.elements()), out(d.elements());
  const int n[2] = {static_cast<int>(d.dimensions == 2 ? d.rows : d.cols), static_cast<int>(d.cols)};
  typename Fftw<T>::Plan plan;
  {
    std::lock_guard<std::mutex> lock(fftwPlannerMutex());
    Fftw<T>::setThreads(threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    // FFTW_MEASURE overwrites the arrays while it plans, so the data comes afterwards.
    plan = Fftw<T>::plan(d.dimensions, d.dimensions == 2 ? n : n + 1, static_cast<int>(d.batch), in.data(), out.data(),
                         static_cast<int>(d.points()), d.direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD);
    Fftw<T>::setThreads(1);
  }
  if (!plan) throw std::runtime_error("FFTW could not plan " + d.summary());
  // Into the planned buffer: the plan keeps its address.
  const std::vector<std::complex<T>> values = Fftw<T>::random(d.elements());
  std::copy(values.begin(), values.end(), in.begin());
  for (int i = 0; i < 2; ++i) Fftw<T>::execute(plan);
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    Fftw<T>::execute(plan);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  Fftw<T>::destroy(plan);
  return ms;
}

}  // namespace

std::vector<double> timeFftw(const PlanDescription& d, int repeat, int threads) {
  validate(d);
  return d.precision == Precision::F32 ? timeTyped<float>(d, repeat, threads) : timeTyped<double>(d, repeat, threads);
}

}  // namespace fftscope
