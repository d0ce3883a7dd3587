// FftBackend on FFTW (single precision). Plans are made once per size and direction and kept;
// one FftwBackend serves one thread at a time (planning itself is serialised across instances,
// as FFTW requires).
#pragma once

#include "imaging/FftBackend.h"

#include <map>
#include <memory>
#include <tuple>

namespace fftscope::imaging {

class FftwBackend final : public FftBackend {
 public:
  FftwBackend();
  ~FftwBackend() override;
  FftwBackend(const FftwBackend&) = delete;
  FftwBackend& operator=(const FftwBackend&) = delete;

  void forward(std::complex<float>* data, int rows, int cols) override;
  void inverse(std::complex<float>* data, int rows, int cols) override;

 private:
  struct Plan;
  // rows, cols, sign, whether the data is SIMD-aligned
  using PlanKey = std::tuple<int, int, int, bool>;

  void execute(std::complex<float>* data, int rows, int cols, int sign);

  std::map<PlanKey, std::unique_ptr<Plan>> plans_;
};

}  // namespace fftscope::imaging
