#include "signal/RealFft.h"

#include "engine/reference/FftwReference.h"

#include <fftw3.h>

#include <mutex>
#include <stdexcept>
#include <string>

namespace fftscope::signal {

RealFft::RealFft(std::size_t n) : n_(n) {
  if (n < 1) throw std::invalid_argument("a real FFT of length 0");
  real_ = fftw_alloc_real(n);
  spectrum_ = reinterpret_cast<std::complex<double>*>(fftw_alloc_complex(n / 2 + 1));
  const std::lock_guard lock(fftwPlannerMutex());
  auto* bins = reinterpret_cast<fftw_complex*>(spectrum_);
  forwardPlan_ = fftw_plan_dft_r2c_1d(int(n), real_, bins, FFTW_ESTIMATE);
  inversePlan_ = fftw_plan_dft_c2r_1d(int(n), bins, real_, FFTW_ESTIMATE);
  if (forwardPlan_ == nullptr || inversePlan_ == nullptr)
    throw std::runtime_error("FFTW could not plan a real FFT of " + std::to_string(n) + " points");
}

RealFft::~RealFft() {
  {
    const std::lock_guard lock(fftwPlannerMutex());
    if (forwardPlan_ != nullptr) fftw_destroy_plan(static_cast<fftw_plan>(forwardPlan_));
    if (inversePlan_ != nullptr) fftw_destroy_plan(static_cast<fftw_plan>(inversePlan_));
  }
  fftw_free(real_);
  fftw_free(spectrum_);
}

void RealFft::forward() { fftw_execute(static_cast<fftw_plan>(forwardPlan_)); }
void RealFft::inverse() { fftw_execute(static_cast<fftw_plan>(inversePlan_)); }

}  // namespace fftscope::signal
