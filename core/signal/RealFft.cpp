#include "signal/RealFft.h"

#include "engine/reference/FftwReference.h"
#include "io/MemoryBudget.h"

#include <fftw3.h>

#include <mutex>
#include <stdexcept>
#include <string>

namespace fftscope::signal {

RealFft::RealFft(std::size_t n) : n_(n) {
  if (n < 1) throw std::invalid_argument("a real FFT of length 0");
  // FFTW's plans take an int length: a larger one would be planned for the length truncated.
  if (n > kLongestRealFft)
    throw std::invalid_argument("a real FFT of " + std::to_string(n) + " points; FFTW plans at most " +
                                std::to_string(kLongestRealFft));
  io::requireMemory(workingBytes(n), "a real FFT of " + std::to_string(n) + " points");
  real_ = fftw_alloc_real(n);
  spectrum_ = reinterpret_cast<std::complex<double>*>(fftw_alloc_complex(n / 2 + 1));
  if (real_ == nullptr || spectrum_ == nullptr) {
    fftw_free(real_);
    fftw_free(spectrum_);
    throw io::MemoryLimitError("a real FFT of " + std::to_string(n) + " points: out of memory");
  }
  const std::lock_guard lock(fftwPlannerMutex());
  auto* bins = reinterpret_cast<fftw_complex*>(spectrum_);
  forwardPlan_ = fftw_plan_dft_r2c_1d(int(n), real_, bins, FFTW_ESTIMATE);
  inversePlan_ = fftw_plan_dft_c2r_1d(int(n), bins, real_, FFTW_ESTIMATE);
  if (forwardPlan_ == nullptr || inversePlan_ == nullptr)
    throw std::runtime_error("FFTW could not plan a real FFT of " + std::to_string(n) + " points");
}

std::uint64_t RealFft::workingBytes(std::size_t n) {
  // Its two arrays, and about as much again for FFTW's twiddles and buffers.
  return 2 * (io::bytesOf(n, sizeof(double)) + io::bytesOf(n / 2 + 1, sizeof(std::complex<double>)));
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
