// One transform of N points over G devices by the thesis's split (decimation in frequency): one
// radix-G butterfly step with its twiddles,
//   y_g[n1] = w(n1 * g, N) * sum_n2 x[n1 + m * n2] * w(n2 * g, G),   m = N / G,
// gives device g the m points whose m-point transform is the outputs X[G * k1 + g]; no device
// needs another's data during its transform. With the input on the host the step is done while
// staging, so each device receives only its m points; with the input on one device the step
// runs there and each other share is relayed to its device through pinned chunks and back
// (DeviceRelay.h), or, with several shares a device, waits in the host's memory for its turn. The
// merge writes the interleaved outputs in natural order.
// Where N/G points exceed one plan (2^28 points) or one buffer, the step is radix S = k * G for the
// least k that fits, and device g takes the k shares s = g mod G one after another (each reading
// the whole input while staging). N must be a multiple of S: the four-step split takes any N.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/HostThreadPool.h"
#include "engine/description/FftTypes.h"
#include "engine/multi/DeviceRelay.h"

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
  // sharesEachDevice: k, or 0 for the least that fits.
  ThesisSplit(std::span<cl::DeviceContext* const> devices, std::size_t n, Direction direction,
              std::size_t sharesEachDevice = 0);
  ~ThesisSplit();

  std::size_t points() const { return n_; }
  std::size_t shares() const { return shares_; }  // S: G, or a multiple of it
  // in and out: n points each, on the host.
  void run(std::span<const std::complex<T>> in, std::span<std::complex<T>> out);
  // in and out: buffers of n points on devices[holder]; out is written in natural order.
  void runOnDevice(std::size_t holder, cl_mem in, cl_mem out);
  // Each device's m-point transforms (all its shares) in the last run, in seconds of the host's clock (for the
  // cost model's figures).
  const std::vector<double>& transformSeconds() const { return transformSeconds_; }
  // The holder's butterfly steps and merges in the last runOnDevice, by the device's clock.
  double holderPassSeconds() const { return holderPassSeconds_; }
  // Each device's staging rate in the last run (PinnedStaging::hostBytesPerSecond).
  std::vector<double> stagingBytesPerSecond() const;
  // The same rate measured without a device: the butterfly step and the merge of n points' shares
  // (one a device, every device's at once) through host memory, bytes staged a second of the
  // slowest device's. What the cost model takes for the host's staging where no split has run.
  static double stagingRate(std::size_t devices, std::size_t n, Direction direction);

 private:
  struct Device;
  // runOnDevice with one share a device.
  void relayShares(std::size_t holder, cl_mem in, cl_mem out, cl::Kernel& step, cl::Kernel& merge, T scale);

  std::size_t n_ = 0;
  std::size_t shares_ = 0;
  std::size_t m_ = 0;  // points a share
  Direction direction_;
  std::vector<std::unique_ptr<Device>> devices_;
  std::unique_ptr<DeviceRelay> relay_;  // made at the first runOnDevice that relays
  std::unique_ptr<cl::HostThreadPool> pool_;  // the host's work of every device's staging
  // With several shares a device and the data on one, the shares waiting in the host's memory,
  // kept from run to run so that a run does not fault in fresh memory.
  std::vector<std::unique_ptr<std::complex<T>[]>> exchange_;
  std::vector<double> transformSeconds_;
  double holderPassSeconds_ = 0;
};

extern template class ThesisSplit<float>;
extern template class ThesisSplit<double>;

}  // namespace fftscope::multi
