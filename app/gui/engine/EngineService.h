// The application's one engine: a thread that owns the OpenCL context (or FFTW when there is no
// OpenCL platform), its program cache and its device buffers, shared by every workspace. Work
// arrives as jobs, runs one at a time in the order posted, and never waits on the GUI; so two
// workspaces never use the device at once, and a long job (a sweep) holds it while it runs.
// Every kernel launch and transfer a job makes is published on the TimingFeed.
#pragma once

#include "engine/EngineInfo.h"

#include <QMutex>
#include <QObject>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>

namespace fftscope::gui {

class EngineRuntime;
class RequestClock;
class TimingFeed;

class EngineService : public QObject {
  Q_OBJECT

 public:
  // deviceSelector: as `fftscope-cli devices` lists them ("" = FFTSCOPE_DEVICE or the default).
  explicit EngineService(const QString& deviceSelector = {}, bool useFftw = false, QObject* parent = nullptr);
  ~EngineService() override;

  bool isReady() const { return ready_; }
  const EngineInfo& info() const { return info_; }
  TimingFeed* timingFeed() const { return feed_; }
  // Every request's times from the user's action to the picture (RequestChannel times them).
  RequestClock* requestClock() const { return clock_; }

  using Job = std::function<void(EngineRuntime&)>;
  // Runs `job` on the engine thread after every job posted before it; its device work is
  // published as serving `workspace` and `request`. Jobs posted while the application closes
  // are dropped. Thread-safe.
  void post(const QString& workspace, quint64 request, Job job);
  int pendingJobs() const { return pending_.load(); }

  // What holds the device for a while (a sweep), or empty; set from the engine thread by the
  // job that holds it, read anywhere.
  void setHolder(const QString& holder);
  QString holder() const;

 signals:
  void engineStarted(const fftscope::gui::EngineInfo& info);
  void holderChanged(const QString& holder);

 private:
  std::shared_ptr<std::atomic<bool>> stopping_;
  std::atomic<int> pending_{0};
  TimingFeed* feed_;
  RequestClock* clock_;
  std::unique_ptr<EngineRuntime> runtime_;
  QThread thread_;
  QObject* anchor_;  // lives on thread_: jobs are queued to it
  EngineInfo info_;
  bool ready_ = false;
  mutable QMutex holderMutex_;
  QString holder_;
};

}  // namespace fftscope::gui
