#include "engine/EngineRuntime.h"

#include "engine/TimingFeed.h"

#include <algorithm>
#include <mutex>

namespace fftscope::gui {

EngineRuntime::EngineRuntime(TimingFeed* feed, std::shared_ptr<const std::atomic<bool>> stopping)
    : feed_(feed), stopping_(std::move(stopping)) {}

void EngineRuntime::start(const std::string& deviceSelector, bool useFftw) {
  backend_ = chooseBackend(deviceSelector, useFftw);
  devices_.clear();
  if (backend_.opencl) devices_.push_back(backend_.opencl);
  for (auto& other : backend_.others) devices_.push_back(other.get());
  for (imaging::OpenClFftBackend* d : devices_) d->context().recordTransfers(true);
}

cl::DeviceContext* EngineRuntime::context() const {
  return backend_.opencl ? &backend_.opencl->context() : nullptr;
}

imaging::FftBackend& EngineRuntime::fftOn(std::size_t device) const {
  return devices_.empty() ? *backend_.backend : *devices_.at(device);
}

multi::SpreadOutcome EngineRuntime::spread(std::size_t items, const ItemWork& work, const std::atomic<bool>* stop) {
  std::vector<std::vector<TimingRecord>> made(deviceCount());
  std::mutex mutex;
  const auto publishMade = [&] {
    for (std::size_t d = 0; d < devices_.size(); ++d) {
      std::vector<TimingRecord> records = std::move(made[d]);
      std::vector<TimingRecord> ffts = devices_[d]->takeTimings();
      records.insert(records.end(), ffts.begin(), ffts.end());
      publishFrom(d, std::move(records));
    }
  };
  try {
    const multi::SpreadOutcome outcome = multi::spreadItems(items, deviceCount(), [&](std::size_t item, std::size_t device) {
      std::vector<TimingRecord> records = work(item, device);
      std::lock_guard lock(mutex);
      made[device].insert(made[device].end(), records.begin(), records.end());
    }, stop);
    publishMade();
    return outcome;
  } catch (const multi::DeviceFailure& failure) {
    publishMade();
    // Named as the window names the device.
    const std::string& name =
        failure.device() < backend_.deviceLabels.size() ? deviceLabel(failure.device()) : backend_.deviceName;
    throw std::runtime_error(name + " failed: " + failure.cause());
  }
}

void EngineRuntime::beginJob(const QString& workspace, quint64 request) {
  workspace_ = workspace;
  workspaceName_ = workspace.toStdString();
  request_ = request;
  jobDevice_ = {};
  for (imaging::OpenClFftBackend* d : devices_) d->context().takeTransfers();  // not this job's
}

void EngineRuntime::endJob() {
  publish({});
  workspace_.clear();
  workspaceName_.clear();
  request_ = 0;
}

void EngineRuntime::publish(std::vector<TimingRecord> records, quint64 request) {
  const quint64 job = request_;
  request_ = request;
  publish(std::move(records));
  request_ = job;
}

void EngineRuntime::publishFrom(std::size_t device, std::vector<TimingRecord> records) {
  for (TimingRecord& r : records) r.device = deviceLabel(device);
  publish(std::move(records));
}

void EngineRuntime::publish(std::vector<TimingRecord> records) {
  for (std::size_t i = 0; i < devices_.size(); ++i)
    for (const cl::Transfer& t : devices_[i]->context().takeTransfers()) {
      records.push_back(transferRecord(t));
      records.back().device = deviceLabel(i);
    }
  if (records.empty()) return;
  const std::string first = devices_.empty() ? std::string() : deviceLabel(0);
  for (TimingRecord& r : records) {
    r.workspace = workspaceName_;
    r.request = request_;
    if (r.device.empty()) r.device = first;
    const double ms = double(r.nanoseconds) / 1e6;
    (r.pass.kind == PassKind::Upload ? jobDevice_.uploadMs
     : r.pass.kind == PassKind::Download ? jobDevice_.downloadMs : jobDevice_.kernelMs) += ms;
  }
  // In device order, so a chart can draw them as they ran.
  std::stable_sort(records.begin(), records.end(),
                   [](const TimingRecord& a, const TimingRecord& b) { return a.startNs < b.startNs; });
  feed_->publishFromEngine(std::move(records));
}

}  // namespace fftscope::gui
