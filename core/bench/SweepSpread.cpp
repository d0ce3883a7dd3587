#include "bench/SweepSpread.h"

#include "engine/multi/SpreadItems.h"

#include <mutex>

namespace fftscope::bench {

BenchReport runSweepOver(std::span<cl::DeviceContext* const> devices, const SweepSpec& spec,
                         const SweepCallbacks& callbacks, const std::atomic<bool>* cancel,
                         const std::function<void(std::size_t device, std::vector<TimingRecord>)>& launchesFrom) {
  const auto launchesOf = [&](std::size_t device) -> std::function<void(std::vector<TimingRecord>)> {
    if (!launchesFrom) return callbacks.launches;
    return [&launchesFrom, device](std::vector<TimingRecord> records) { launchesFrom(device, std::move(records)); };
  };
  if (devices.size() == 1) {
    SweepCallbacks own = callbacks;
    own.launches = launchesOf(0);
    return runSweep(*devices[0], spec, own, cancel);
  }
  validate(spec);
  std::mutex calling;
  std::size_t done = 0;
  const std::size_t total = spec.shapes.size() * (spec.variants.size() + spec.peers.size());
  std::vector<BenchReport> shapes(spec.shapes.size());
  const multi::SpreadOutcome outcome = multi::spreadItems(spec.shapes.size(), devices.size(), [&](std::size_t s, std::size_t d) {
    SweepSpec one = spec;
    one.shapes = {spec.shapes[s]};
    SweepCallbacks own = callbacks;
    own.progress = [&](const SweepProgress& p) {
      std::lock_guard lock(calling);
      if (callbacks.progress) callbacks.progress({done, total, p.next});
    };
    own.result = [&](const BenchResult& r) {
      std::lock_guard lock(calling);
      ++done;
      if (callbacks.result) callbacks.result(r);
    };
    // Serialised, and only where someone listens.
    if (auto launches = launchesOf(d))
      own.launches = [&calling, launches](std::vector<TimingRecord> records) {
        std::lock_guard lock(calling);
        launches(std::move(records));
      };
    shapes[s] = runSweep(*devices[d], one, own, cancel);
  }, cancel);
  BenchReport report;
  for (BenchReport& shape : shapes) {
    report.cancelled = report.cancelled || shape.cancelled;
    for (BenchResult& r : shape.results) report.results.push_back(std::move(r));
  }
  report.cancelled = report.cancelled || (outcome.stopped && done < total);
  return report;
}

}  // namespace fftscope::bench
