// One row per FFTW precision, so that code calling FFTW is written once for float, double and
// long double. Threads (initThreads, planWithThreads) are linked for float and double only.
// Internal to the engine.
#pragma once

#include <fftw3.h>

#include <type_traits>

namespace fftscope::fftw {

template <typename T>
struct Fftw;

template <>
struct Fftw<float> {
  using Complex = fftwf_complex;
  using PlanStruct = std::remove_pointer_t<fftwf_plan>;
  using IoDim = fftwf_iodim64;
  static constexpr auto plan = fftwf_plan_guru64_dft;
  static constexpr auto execute = fftwf_execute_dft;
  static constexpr auto destroy = fftwf_destroy_plan;
  static constexpr auto alignmentOf = fftwf_alignment_of;
  static constexpr auto planMany = fftwf_plan_many_dft;
  static constexpr auto executePlan = fftwf_execute;
  static constexpr auto initThreads = fftwf_init_threads;
  static constexpr auto planWithThreads = fftwf_plan_with_nthreads;
};

template <>
struct Fftw<double> {
  using Complex = fftw_complex;
  using PlanStruct = std::remove_pointer_t<fftw_plan>;
  using IoDim = fftw_iodim64;
  static constexpr auto plan = fftw_plan_guru64_dft;
  static constexpr auto execute = fftw_execute_dft;
  static constexpr auto destroy = fftw_destroy_plan;
  static constexpr auto alignmentOf = fftw_alignment_of;
  static constexpr auto planMany = fftw_plan_many_dft;
  static constexpr auto executePlan = fftw_execute;
  static constexpr auto initThreads = fftw_init_threads;
  static constexpr auto planWithThreads = fftw_plan_with_nthreads;
};

template <>
struct Fftw<long double> {
  using Complex = fftwl_complex;
  using PlanStruct = std::remove_pointer_t<fftwl_plan>;
  using IoDim = fftwl_iodim64;
  static constexpr auto plan = fftwl_plan_guru64_dft;
  static constexpr auto execute = fftwl_execute_dft;
  static constexpr auto destroy = fftwl_destroy_plan;
  static constexpr auto alignmentOf = fftwl_alignment_of;
};

}  // namespace fftscope::fftw
