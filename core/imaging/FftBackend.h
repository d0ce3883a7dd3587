// The one place where the Image workspace transforms: a 2D complex FFT, in place, on rows x cols
// single-precision complex values stored row-major. The FFTW backend is the host path and the
// reference; the OpenCL engine plugs in by implementing the same two calls.
#pragma once

#include <complex>

namespace fftscope::imaging {

class FftBackend {
 public:
  virtual ~FftBackend() = default;

  // X[ky][kx] = sum over y, x of x[y][x] * exp(-2 pi i (kx x / cols + ky y / rows)); unscaled.
  virtual void forward(std::complex<float>* data, int rows, int cols) = 0;
  // The same with exp(+2 pi i ...); unscaled (inverse(forward(x)) = rows * cols * x).
  virtual void inverse(std::complex<float>* data, int rows, int cols) = 0;
};

}  // namespace fftscope::imaging
