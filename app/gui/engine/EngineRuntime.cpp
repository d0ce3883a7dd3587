#include "engine/EngineRuntime.h"

#include "engine/TimingFeed.h"

#include <algorithm>

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

void EngineRuntime::beginJob(const QString& workspace, quint64 request) {
  workspace_ = workspace;
  workspaceName_ = workspace.toStdString();
  request_ = request;
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
  }
  // In device order, so a chart can draw them as they ran.
  std::stable_sort(records.begin(), records.end(),
                   [](const TimingRecord& a, const TimingRecord& b) { return a.startNs < b.startNs; });
  feed_->publishFromEngine(std::move(records));
}

}  // namespace fftscope::gui
