// One transform of N = N1 * N2 points over G devices by the four-step split, seeing x as N1 rows
// of N2 (n = N2 * n1 + n2) and X as k = k1 + N1 * k2:
//   1. the N2 column FFTs of length N1, a share on each device:  A[k1][n2] = sum_n1 x[N2 n1 + n2] w(n1 k1, N1)
//   2. the twiddles w(n2 k1, N), applied on the host as the columns come back, and one exchange
//      through the host (the columns' results land transposed, row k1 holding every n2)
//   3. the N1 row FFTs of length N2, a share on each device:    X[k1 + N1 k2] = sum_n2 A[k1][n2] w(n2 k2, N2)
// and the outputs are written in natural order as they come back. The transposes are made while
// staging, through pinned chunks. A device's share goes in pieces no larger than its largest
// buffer (FFTSCOPE_MAX_ALLOC lowers it, to test this at a small scale), so a transform larger
// than one device holds is done piece by piece. Any N: N1 is the divisor nearest below sqrt(N)
// (1 for a prime, where one device does the one row).
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/HostThreadPool.h"
#include "engine/description/FftTypes.h"

#include <complex>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace fftscope::multi {

// The divisor of n nearest below or at sqrt(n).
std::size_t fourStepColumnLength(std::size_t n);

template <typename T>
class FourStepSplit {
 public:
  // n1 = 0: fourStepColumnLength(n). Bakes every piece's plan; throws std::invalid_argument before
  // any transfer where a column or row does not fit a device.
  FourStepSplit(std::span<cl::DeviceContext* const> devices, std::size_t n, Direction direction, std::size_t n1 = 0);
  ~FourStepSplit();

  std::size_t points() const { return n1_ * n2_; }
  std::size_t columnLength() const { return n1_; }
  std::size_t rowLength() const { return n2_; }
  // Pieces of both stages over every device: 2 * G where every share fits one buffer.
  std::size_t pieces() const;

  void run(std::span<const std::complex<T>> in, std::span<std::complex<T>> out);
  // in and out: buffers of n points on devices[holder]; the data goes through the host.
  void runOnDevice(std::size_t holder, cl_mem in, cl_mem out);
  // Each device's column and row FFTs in the last run (all its pieces), in seconds of the host's
  // clock (for the cost model's figures).
  const std::vector<double>& columnSeconds() const { return columnSeconds_; }
  const std::vector<double>& rowSeconds() const { return rowSeconds_; }
  // Each device's staging rate in the last run (PinnedStaging::hostBytesPerSecond).
  std::vector<double> stagingBytesPerSecond() const;

 private:
  struct Worker;
  std::size_t n1_ = 0, n2_ = 0;
  Direction direction_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::unique_ptr<cl::HostThreadPool> pool_;  // the host's work of every device's staging
  // Kept from run to run, so that a run does not fault in and zero fresh memory: the columns'
  // results between the two stages, and with the data on a device its input and output.
  std::unique_ptr<std::complex<T>[]> between_, hostIn_, hostOut_;
  std::vector<double> columnSeconds_, rowSeconds_;
};

extern template class FourStepSplit<float>;
extern template class FourStepSplit<double>;

}  // namespace fftscope::multi
