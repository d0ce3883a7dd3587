// Independent items (files, colour planes, spectrogram chunks, sweep cases) shared out over
// devices as each comes free: every device's thread takes the next item not yet taken, so a faster
// device takes more and all finish together, and nothing is divided by a model. An item's result
// depends only on the item, never on the device that computed it, so the results are those of
// one device. A device whose work throws leaves; its item goes to the others, and only when every
// device has left is the first failure thrown again, naming the device (DeviceFailure).
#pragma once

#include "engine/cl/HostParallel.h"

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope::multi {

// What a device's failure carries: which device, and what it said.
class DeviceFailure : public std::runtime_error {
 public:
  DeviceFailure(std::size_t device, const std::string& what)
      : std::runtime_error("device " + std::to_string(device) + " failed: " + what), device_(device), cause_(what) {}
  std::size_t device() const { return device_; }
  const std::string& cause() const { return cause_; }

 private:
  std::size_t device_;
  std::string cause_;
};

struct SpreadOutcome {
  std::vector<std::size_t> itemsPerDevice;  // how many items each device completed
  std::vector<std::size_t> failedDevices;   // devices that left after a failure (the rest did their items)
  bool stopped = false;                     // `stop` was seen before every item was taken
};

// work(item, device) for each item in [0, items) once, over `devices` devices, each on its own
// thread (one device: on this thread). `stop`, where given, is read before each item is taken.
template <typename Work>
SpreadOutcome spreadItems(std::size_t items, std::size_t devices, const Work& work,
                          const std::atomic<bool>* stop = nullptr) {
  SpreadOutcome outcome;
  outcome.itemsPerDevice.assign(devices, 0);
  std::mutex mutex;
  std::size_t next = 0;
  std::vector<std::size_t> retry;  // items whose device failed
  std::vector<std::exception_ptr> failures(devices);
  std::vector<std::string> messages(devices);
  const auto take = [&](std::size_t& item) {
    std::lock_guard lock(mutex);
    if (stop && stop->load()) {
      outcome.stopped = true;
      return false;
    }
    if (!retry.empty()) {
      item = retry.back();
      retry.pop_back();
      return true;
    }
    if (next >= items) return false;
    item = next++;
    return true;
  };
  cl::onEveryDevice(devices, [&](std::size_t device) {
    std::size_t item = 0;
    while (take(item)) {
      try {
        work(item, device);
        ++outcome.itemsPerDevice[device];
      } catch (const std::exception& error) {
        std::lock_guard lock(mutex);
        retry.push_back(item);
        failures[device] = std::current_exception();
        messages[device] = error.what();
        return;
      } catch (...) {
        std::lock_guard lock(mutex);
        retry.push_back(item);
        failures[device] = std::current_exception();
        messages[device] = "an unknown failure";
        return;
      }
    }
  });
  for (std::size_t d = 0; d < devices; ++d)
    if (failures[d]) outcome.failedDevices.push_back(d);
  // Items left with no device to take them: the work is incomplete, so nothing is handed back.
  if (!outcome.stopped && (!retry.empty() || next < items) && !outcome.failedDevices.empty()) {
    const std::size_t first = outcome.failedDevices.front();
    throw DeviceFailure(first, messages[first]);
  }
  return outcome;
}

}  // namespace fftscope::multi
