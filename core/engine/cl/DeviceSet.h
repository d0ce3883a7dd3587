// Several devices in use at once, chosen by a list: `all` (every GPU, else every device), or
// selectors as chooseDevice takes them (an index or a name substring), comma-separated; `I/N` is
// device I split into N equal sub-devices (SubDevices.h). The GPUs
// of one platform share one context where the driver allows it (buffers and programs are then
// the driver's to share); each device has its own queue, so that each works through its own link.
#pragma once

#include "engine/cl/DeviceContext.h"

#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace fftscope::cl {

// The devices a list names among `available`, in its order. `only` (with `all`): keep those
// whose name, vendor or platform holds it. Throws std::invalid_argument naming the problem: an
// empty list or item, an index past the devices, a selector nothing matches, a device named twice
// (allowed under FFTSCOPE_DEVICE_REPEATS=1, for tests on one device).
std::vector<DeviceInfo> selectDevices(std::string_view list, const std::vector<DeviceInfo>& available,
                                      std::string_view only = {});

class DeviceSet {
 public:
  // listDevices(), then selectDevices.
  explicit DeviceSet(std::string_view list, std::string_view only = {});
  explicit DeviceSet(const std::vector<DeviceInfo>& chosen);

  std::span<DeviceContext* const> devices() const { return devices_; }
  std::size_t size() const { return devices_.size(); }
  DeviceContext& operator[](std::size_t i) const { return *devices_[i]; }
  // How many devices run on a context another of them shares.
  std::size_t sharingContext() const;

 private:
  std::vector<std::unique_ptr<DeviceContext>> owned_;
  std::vector<DeviceContext*> devices_;
};

}  // namespace fftscope::cl
