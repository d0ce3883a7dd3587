#include "signal/FftwBatchBackend.h"

#include "engine/reference/FftwReference.h"

#include <fftw3.h>

#include <mutex>
#include <stdexcept>
#include <string>

namespace fftscope::signal {

FftwBatchBackend::~FftwBatchBackend() {
  const std::lock_guard lock(fftwPlannerMutex());
  for (auto& [key, plan] : plans_) fftwf_destroy_plan(static_cast<fftwf_plan>(plan));
}

void FftwBatchBackend::forwardRows(std::complex<float>* rows, std::size_t n, std::size_t count) {
  if (n < 1 || count < 1 || rows == nullptr)
    throw std::invalid_argument("an FFT of " + std::to_string(count) + " rows of " + std::to_string(n) + " points");
  auto* data = reinterpret_cast<fftwf_complex*>(rows);
  const bool aligned = fftwf_alignment_of(reinterpret_cast<float*>(rows)) == 0;
  const auto key = std::make_tuple(n, count, aligned);
  auto found = plans_.find(key);
  if (found == plans_.end()) {
    const int length = int(n);
    fftwf_plan plan;
    {
      // FFTW_ESTIMATE leaves the array untouched while planning.
      const std::lock_guard lock(fftwPlannerMutex());
      plan = fftwf_plan_many_dft(1, &length, int(count), data, nullptr, 1, length, data, nullptr, 1, length,
                                 FFTW_FORWARD, FFTW_ESTIMATE | (aligned ? 0u : unsigned(FFTW_UNALIGNED)));
    }
    if (plan == nullptr) throw std::runtime_error("FFTW could not plan " + std::to_string(count) + " x " + std::to_string(n));
    found = plans_.emplace(key, plan).first;
  }
  fftwf_execute_dft(static_cast<fftwf_plan>(found->second), data, data);
}

}  // namespace fftscope::signal
