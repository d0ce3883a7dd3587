// A sweep's shapes spread over several devices: each device's thread takes the next shape as it
// comes free and runs all that shape's cases there (runSweep on that shape alone), so a faster
// device takes more shapes and unequal devices finish together. Each result names the device
// that ran it (BenchResult::device); the report holds the results in the sweep's order, shape by
// shape, as one device's would. The callbacks are called one at a time, from the devices'
// threads; progress counts the cases of the whole sweep. A device that fails leaves and its shape
// goes to the others (SpreadItems.h). Peers in child processes need listed devices (not `I/N`).
#pragma once

#include "bench/SweepRunner.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace fftscope::bench {

// launchesFrom(device, records), where given, takes each device's launches in place of
// callbacks.launches. One device: runSweep itself.
BenchReport runSweepOver(std::span<cl::DeviceContext* const> devices, const SweepSpec& spec,
                         const SweepCallbacks& callbacks = {}, const std::atomic<bool>* cancel = nullptr,
                         const std::function<void(std::size_t device, std::vector<TimingRecord>)>& launchesFrom = {});

}  // namespace fftscope::bench
