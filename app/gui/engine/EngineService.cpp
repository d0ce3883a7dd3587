#include "engine/EngineService.h"

#include "engine/EngineRuntime.h"
#include "engine/RequestClock.h"
#include "engine/TimingFeed.h"
#include "engine/cl/Devices.h"

#include <QDebug>
#include <QMetaObject>
#include <QMutexLocker>

#include <exception>

namespace fftscope::gui {

EngineService::EngineService(const QString& deviceSelector, bool useFftw, QObject* parent)
    : QObject(parent),
      stopping_(std::make_shared<std::atomic<bool>>(false)),
      feed_(new TimingFeed(this)),
      clock_(new RequestClock(this)),
      runtime_(std::make_unique<EngineRuntime>(feed_, stopping_)),
      anchor_(new QObject) {
  qRegisterMetaType<EngineInfo>();
  cl::settleDriverEnvironment();  // before the engine's thread lists devices beside this one
  anchor_->moveToThread(&thread_);
  thread_.setObjectName(QStringLiteral("fftscope-engine"));
  connect(&thread_, &QThread::finished, anchor_, &QObject::deleteLater);
  // Runs on the engine thread before it takes any job: the context is made there.
  connect(&thread_, &QThread::started, anchor_, [this, selector = deviceSelector.toStdString(), useFftw] {
    runtime_->start(selector, useFftw);
    const ChosenBackend& b = runtime_->backend();
    EngineInfo info;
    info.deviceName = QString::fromStdString(b.deviceName);
    info.platformName = QString::fromStdString(b.platformName);
    info.driverVersion = QString::fromStdString(b.driverVersion);
    info.notice = QString::fromStdString(b.notice);
    for (const std::string& label : b.deviceLabels) info.devices << QString::fromStdString(label);
    info.openCl = b.opencl != nullptr;
    if (!b.wisdomNotice.empty()) qWarning().noquote() << "fftscope: warning:" << QString::fromStdString(b.wisdomNotice);
    QMetaObject::invokeMethod(
        this,
        [this, info] {
          info_ = info;
          ready_ = true;
          emit engineStarted(info_);
        },
        Qt::QueuedConnection);
  });
  thread_.start();
}

EngineService::~EngineService() {
  // Pending jobs are dropped; the one running finishes (long ones watch stopping), then the
  // thread ends and its context goes with the runtime.
  stopping_->store(true);
  thread_.quit();
  thread_.wait();
}

void EngineService::post(const QString& workspace, quint64 request, Job job) {
  if (stopping_->load()) return;
  ++pending_;
  EngineRuntime* runtime = runtime_.get();
  auto pending = &pending_;
  QMetaObject::invokeMethod(
      anchor_,
      [runtime, pending, workspace, request, job = std::move(job)] {
        --*pending;
        if (runtime->stopping()) return;
        runtime->beginJob(workspace, request);
        try {
          job(*runtime);
        } catch (const std::exception& error) {
          // Jobs report their own failures; one that escapes must not end the engine thread.
          qWarning("engine job for %s failed: %s", qPrintable(workspace), error.what());
        } catch (...) {
          // An exception through Qt's event loop would end the program.
          qWarning("engine job for %s failed with a non-standard exception", qPrintable(workspace));
        }
        runtime->endJob();
      },
      Qt::QueuedConnection);
}

void EngineService::setHolder(const QString& holder) {
  {
    QMutexLocker lock(&holderMutex_);
    if (holder_ == holder) return;
    holder_ = holder;
  }
  QMetaObject::invokeMethod(this, [this, holder] { emit holderChanged(holder); }, Qt::QueuedConnection);
}

QString EngineService::holder() const {
  QMutexLocker lock(&holderMutex_);
  return holder_;
}

}  // namespace fftscope::gui
