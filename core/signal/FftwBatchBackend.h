// BatchFftBackend on FFTW (single precision, FFTW_ESTIMATE). Plans are made once per
// (n, count, alignment) and kept.
#pragma once

#include "signal/BatchFftBackend.h"

#include <map>
#include <tuple>

namespace fftscope::signal {

class FftwBatchBackend final : public BatchFftBackend {
 public:
  FftwBatchBackend() = default;
  ~FftwBatchBackend() override;
  FftwBatchBackend(const FftwBatchBackend&) = delete;
  FftwBatchBackend& operator=(const FftwBatchBackend&) = delete;

  void forwardRows(std::complex<float>* rows, std::size_t n, std::size_t count) override;
  bool powerOfTwoOnly() const override { return false; }
  std::string name() const override { return "FFTW"; }

 private:
  std::map<std::tuple<std::size_t, std::size_t, bool>, void*> plans_;
};

}  // namespace fftscope::signal
