// A batched 1D or 2D transform divided over G devices by whole batch items (rows, or 2D arrays):
// device g takes a contiguous share of the items, in proportion to its speed weight, so that
// unequal devices finish together; batches G does not divide give the remainder to the devices
// whose exact share was cut most. From the host, each device takes its share in rounds through a
// pipeline of its own (HostPipeline.h), all devices at once, their host copies on one pool of
// threads; the output is in natural order, each share in its place. A device that fails fails the
// run with its name, and the output is left all NaN, so that no partial result can be taken for one.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/HostThreadPool.h"
#include "engine/description/PlanDescription.h"
#include "engine/multi/DeviceRelay.h"

#include <complex>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace fftscope::multi {

// Items each device takes of `batch`, in proportion to `weights` (positive), largest remainders first.
std::vector<std::size_t> batchShares(std::size_t batch, std::span<const double> weights);

template <typename T>
class BatchSplit {
 public:
  // description: the whole batched transform (its precision must be T's). weights: one a device,
  // or empty for equal shares. Bakes each device's plan of its share; throws
  // std::invalid_argument before any transfer where a share does not fit its device.
  BatchSplit(std::span<cl::DeviceContext* const> devices, const PlanDescription& description,
             std::span<const double> weights = {});
  ~BatchSplit();

  // Speed weights from a short timed run of each device alone: 1 / its time for `items` items
  // (fewer where they exceed 256 MiB).
  static std::vector<double> measureWeights(std::span<cl::DeviceContext* const> devices,
                                            const PlanDescription& description, std::size_t items = 16);

  const std::vector<std::size_t>& shares() const { return shares_; }  // items a device
  // Rounds device g's share takes from the host and back (HostPipeline.h); 0 where it has none.
  std::size_t rounds(std::size_t g) const;
  std::size_t firstItem(std::size_t g) const { return first_[g]; }
  std::size_t itemElements() const { return item_; }  // complex elements an item
  // in and out: the whole batch on the host; where both lie in pinned memory of the devices'
  // context (PinnedHostBuffer.h), each share goes straight over its link, with no host copies.
  void run(std::span<const std::complex<T>> in, std::span<std::complex<T>> out);
  // Each device's share already on it: in[g] and out[g] hold shares()[g] items on device g.
  void runOnDevices(std::span<const cl_mem> in, std::span<const cl_mem> out);
  // The whole batch on devices[holder] (in is only read): the other shares are relayed to their
  // devices through pinned chunks and back (DeviceRelay.h), the holder's own is copied within it.
  // The cost model's case for staying on one device.
  void runOnDevice(std::size_t holder, cl_mem in, cl_mem out);
  // Each device's transform in the last run, in seconds (the model's figures): of the device's
  // clock (summed over the rounds from the host), but with the whole on one device, of the host's.
  const std::vector<double>& transformSeconds() const { return transformSeconds_; }
  // Each device's host copies in and out of its pinned chunks so far, bytes a second.
  std::vector<double> stagingBytesPerSecond() const;
  // Makes device g fail its next transform, as a lost device would (for the tests of failure).
  void failNextRun(std::size_t g);

 private:
  struct Device;
  PlanDescription description_;
  std::size_t item_ = 0;
  std::vector<std::size_t> shares_, first_;
  std::vector<cl::DeviceContext*> contexts_;
  std::unique_ptr<cl::HostThreadPool> pool_;  // the host's copies of every device's staging
  std::vector<std::unique_ptr<Device>> devices_;  // null where a device takes no items
  std::unique_ptr<DeviceRelay> relay_;  // made at the first runOnDevice
  std::vector<double> transformSeconds_;
};

extern template class BatchSplit<float>;
extern template class BatchSplit<double>;

}  // namespace fftscope::multi
