// What a job sees on the engine thread: the backend chosen when the service started (the OpenCL
// engine on a device, or FFTW) and the way to publish the device work it did. Used only on the
// engine thread, one job at a time, so it needs no locks.
#pragma once

#include "engine/BackendChoice.h"
#include "engine/RequestTiming.h"
#include "engine/multi/SpreadItems.h"
#include "engine/runtime/Plan.h"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fftscope::gui {

class TimingFeed;

class EngineRuntime {
 public:
  EngineRuntime(TimingFeed* feed, std::shared_ptr<const std::atomic<bool>> stopping);

  // On the engine thread, before any job: creates the OpenCL context (or chooses FFTW).
  void start(const std::string& deviceSelector, bool useFftw);

  const ChosenBackend& backend() const { return backend_; }
  cl::DeviceContext* context() const;  // null when FFTW computes; the first device's when several
  // The OpenCL engine on each device in use, the first's first (none when FFTW computes).
  const std::vector<imaging::OpenClFftBackend*>& devices() const { return devices_; }
  const std::string& deviceLabel(std::size_t device) const { return backend_.deviceLabels.at(device); }
  // The FFT of device `device` of devices(); the backend itself when FFTW computes.
  imaging::FftBackend& fftOn(std::size_t device) const;

  // The one scheduler of work that splits into independent items (Apply to Files' files), for
  // every workspace: each item runs once, as
  // work(item, device), on the thread of a device of devices() that comes free (SpreadItems.h;
  // with one device or FFTW, all on this thread as device 0). work returns the timing records it
  // made outside fftOn(device); those and fftOn's are published afterwards, named by device.
  using ItemWork = std::function<std::vector<TimingRecord>(std::size_t item, std::size_t device)>;
  multi::SpreadOutcome spread(std::size_t items, const ItemWork& work, const std::atomic<bool>* stop = nullptr);
  std::size_t deviceCount() const { return std::max<std::size_t>(1, devices_.size()); }
  imaging::FftBackend& fft() const { return *backend_.backend; }
  bool stopping() const { return stopping_->load(); }

  // The service brackets every job with these; records published in between are stamped with
  // the job's workspace and request, and the transfers it made are published as records too.
  void beginJob(const QString& workspace, quint64 request);
  void endJob();
  // Publishes kernel records (with the transfers made since the last publish) on the feed; a
  // record that names no device is the first device's.
  void publish(std::vector<TimingRecord> records);
  // The same for records made on device `device` (devices()).
  void publishFrom(std::size_t device, std::vector<TimingRecord> records);
  // The same, for one of several requests a long job serves (each step of a sweep).
  void publish(std::vector<TimingRecord> records, quint64 request);
  const QString& currentWorkspace() const { return workspace_; }
  // The durations of the records published since the job began, by kind (transfers apart from
  // kernels): what the job's request spent on the device.
  const DeviceTime& jobDeviceTime() const { return jobDevice_; }

 private:
  TimingFeed* feed_;
  std::shared_ptr<const std::atomic<bool>> stopping_;
  ChosenBackend backend_;
  std::vector<imaging::OpenClFftBackend*> devices_;
  QString workspace_;
  std::string workspaceName_;
  quint64 request_ = 0;
  DeviceTime jobDevice_;
};

}  // namespace fftscope::gui
