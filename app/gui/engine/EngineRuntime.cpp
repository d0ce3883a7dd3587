#include "engine/EngineRuntime.h"

#include "engine/TimingFeed.h"

#include <algorithm>

namespace fftscope::gui {

EngineRuntime::EngineRuntime(TimingFeed* feed, std::shared_ptr<const std::atomic<bool>> stopping)
    : feed_(feed), stopping_(std::move(stopping)) {}

void EngineRuntime::start(const std::string& deviceSelector, bool useFftw) {
  backend_ = chooseBackend(deviceSelector, useFftw);
  if (cl::DeviceContext* c = context()) c->recordTransfers(true);
}

cl::DeviceContext* EngineRuntime::context() const {
  return backend_.opencl ? &backend_.opencl->context() : nullptr;
}

void EngineRuntime::beginJob(const QString& workspace, quint64 request) {
  workspace_ = workspace;
  workspaceName_ = workspace.toStdString();
  request_ = request;
  if (cl::DeviceContext* c = context()) c->takeTransfers();  // not this job's
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

void EngineRuntime::publish(std::vector<TimingRecord> records) {
  if (cl::DeviceContext* c = context())
    for (const cl::Transfer& t : c->takeTransfers()) records.push_back(transferRecord(t));
  if (records.empty()) return;
  for (TimingRecord& r : records) {
    r.workspace = workspaceName_;
    r.request = request_;
  }
  // In device order, so a chart can draw them as they ran.
  std::stable_sort(records.begin(), records.end(),
                   [](const TimingRecord& a, const TimingRecord& b) { return a.startNs < b.startNs; });
  feed_->publishFromEngine(std::move(records));
}

}  // namespace fftscope::gui
