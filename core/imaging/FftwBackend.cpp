#include "imaging/FftwBackend.h"

#include <fftw3.h>

#include <mutex>
#include <stdexcept>
#include <string>

namespace fftscope::imaging {
namespace {

// FFTW's planner is not thread-safe; executing a plan is.
std::mutex& plannerMutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

struct FftwBackend::Plan {
  fftwf_plan plan = nullptr;
  ~Plan() {
    const std::lock_guard lock(plannerMutex());
    if (plan != nullptr) fftwf_destroy_plan(plan);
  }
};

FftwBackend::FftwBackend() = default;
FftwBackend::~FftwBackend() = default;

void FftwBackend::forward(std::complex<float>* data, int rows, int cols) { execute(data, rows, cols, FFTW_FORWARD); }
void FftwBackend::inverse(std::complex<float>* data, int rows, int cols) { execute(data, rows, cols, FFTW_BACKWARD); }

void FftwBackend::execute(std::complex<float>* data, int rows, int cols, int sign) {
  if (rows < 1 || cols < 1 || data == nullptr)
    throw std::invalid_argument("FFT of " + std::to_string(rows) + " x " + std::to_string(cols) + " values");
  auto* buffer = reinterpret_cast<fftwf_complex*>(data);
  const bool aligned = fftwf_alignment_of(reinterpret_cast<float*>(data)) == 0;
  const PlanKey key{rows, cols, sign, aligned};
  auto found = plans_.find(key);
  if (found == plans_.end()) {
    auto plan = std::make_unique<Plan>();
    // FFTW_ESTIMATE leaves the array untouched while planning, so the caller's data can serve.
    const unsigned flags = FFTW_ESTIMATE | (aligned ? 0u : unsigned(FFTW_UNALIGNED));
    {
      const std::lock_guard lock(plannerMutex());
      plan->plan = fftwf_plan_dft_2d(rows, cols, buffer, buffer, sign, flags);
    }
    if (plan->plan == nullptr)
      throw std::runtime_error("FFTW could not plan a " + std::to_string(rows) + " x " + std::to_string(cols) + " transform");
    found = plans_.emplace(key, std::move(plan)).first;
  }
  fftwf_execute_dft(found->second->plan, buffer, buffer);
}

}  // namespace fftscope::imaging
