// The one place where spectrograms transform: `count` rows of n complex single-precision values,
// one after another, each transformed forward in place, unscaled:
// X[k] = sum_j x[j] exp(-2 pi i j k / n). FftwBatchBackend is the host path and the reference;
// OpenClBatchBackend runs the engine (any n). One instance serves one thread.
#pragma once

#include <complex>
#include <cstddef>
#include <string>

namespace fftscope::signal {

class BatchFftBackend {
 public:
  virtual ~BatchFftBackend() = default;
  virtual void forwardRows(std::complex<float>* rows, std::size_t n, std::size_t count) = 0;
  // Whether n must be a power of two.
  virtual bool powerOfTwoOnly() const = 0;
  // e.g. "FFTW" or "OpenCL: <device name>"
  virtual std::string name() const = 0;
};

}  // namespace fftscope::signal
