// One transform of N points over G devices by the thesis's split (decimation in frequency): one
// radix-G butterfly step with its twiddles,
//   y_g[n1] = w(n1 * g, N) * sum_n2 x[n1 + m * n2] * w(n2 * g, G),   m = N / G,
// gives device g the m points whose m-point transform is the outputs X[G * k1 + g]; no device
// needs another's data during its transform. With the input on the host the step is done while
// staging, so each device receives only its m points; with the input on one device the step
// runs there and the other shares go through the host (OpenCL has no copy between devices of
// different contexts). The merge writes the interleaved outputs in natural order.
// N must be a multiple of G, and each share must fit its device: the four-step split takes any N
// and transforms larger than one buffer.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/description/FftTypes.h"

#include <complex>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace fftscope::multi {

template <typename T>
class ThesisSplit {
 public:
  // Bakes an m-point plan on each device; throws std::invalid_argument before any transfer where
  // G does not divide n or a share does not fit its device.
  ThesisSplit(std::span<cl::DeviceContext* const> devices, std::size_t n, Direction direction);
  ~ThesisSplit();

  std::size_t points() const { return n_; }
  // in and out: n points each, on the host.
  void run(std::span<const std::complex<T>> in, std::span<std::complex<T>> out);
  // in and out: buffers of n points on devices[holder]; out is written in natural order.
  void runOnDevice(std::size_t holder, cl_mem in, cl_mem out);
  // Each device's m-point transform in the last run, in seconds of the host's clock (for the
  // cost model's figures).
  const std::vector<double>& transformSeconds() const { return transformSeconds_; }
  // The holder's butterfly steps and merges in the last runOnDevice, by the device's clock.
  double holderPassSeconds() const { return holderPassSeconds_; }
  // Each device's staging rate in the last run (PinnedStaging::hostBytesPerSecond).
  std::vector<double> stagingBytesPerSecond() const;

 private:
  struct Share;
  std::size_t n_ = 0;
  std::size_t m_ = 0;
  Direction direction_;
  std::vector<std::unique_ptr<Share>> shares_;
  std::vector<double> transformSeconds_;
  double holderPassSeconds_ = 0;
};

extern template class ThesisSplit<float>;
extern template class ThesisSplit<double>;

}  // namespace fftscope::multi
