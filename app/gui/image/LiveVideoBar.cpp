#include "image/LiveVideoBar.h"

#include "engine/TimingFeed.h"
#include "image/ImageWorkspace.h"

#include <QAction>
#include <QLabel>

namespace fftscope::gui {

LiveVideoBar::LiveVideoBar(ImageWorkspace* workspace, QWidget* parent)
    : QToolBar(tr("Live Video"), parent), workspace_(workspace) {
  setObjectName(QStringLiteral("liveVideoBar"));
  stats_ = new QLabel;
  stats_->setObjectName(QStringLiteral("liveVideoStats"));
  stats_->setContentsMargins(6, 0, 12, 0);
  addWidget(stats_);
  pause_ = addAction(tr("Pause"));
  pause_->setCheckable(true);
  connect(pause_, &QAction::toggled, this, &LiveVideoBar::setPaused);
  step_ = addAction(tr("Step"), this, &LiveVideoBar::step);
  step_->setEnabled(false);
  addAction(tr("Snapshot"), this, &LiveVideoBar::snapshot)->setToolTip(tr("The frame shown becomes the image, as if opened from a file"));
  addAction(tr("Stop"), this, &LiveVideoBar::stop);
  watchdog_.setSingleShot(true);
  watchdog_.setInterval(2000);
  connect(&watchdog_, &QTimer::timeout, this, [this] { frameDone(); });
  connect(workspace_, &ImageWorkspace::resultShown, this, &LiveVideoBar::onShown);
  clock_.start();
  hide();
}

LiveVideoBar::~LiveVideoBar() = default;

void LiveVideoBar::start(std::unique_ptr<LiveVideoSource> source) {
  stop();
  source_ = std::move(source);
  shownCount_ = dropped_ = 0;
  deviceTotal_ = {};
  recent_.clear();
  pause_->setChecked(false);
  connect(source_.get(), &LiveVideoSource::frameArrived, this, &LiveVideoBar::onFrame);
  connect(source_.get(), &LiveVideoSource::failed, this, [this](const QString& message) {
    workspace_->showMessage(message);
    stop();
  });
  show();
  showStats();
}

void LiveVideoBar::stop() {
  source_.reset();
  waiting_.reset();
  busy_ = false;
  watchdog_.stop();
  hide();
}

void LiveVideoBar::setPaused(bool paused) {
  if (source_) source_->setPaused(paused);
  step_->setEnabled(paused);
  if (pause_->isChecked() != paused) pause_->setChecked(paused);
  showStats();
}

void LiveVideoBar::step() {
  if (source_) source_->step();
}

void LiveVideoBar::snapshot() {
  if (!current_) return;
  const QString name = tr("%1, frame %2").arg(source_ ? source_->name() : tr("video")).arg(currentIndex_ + 1);
  const LiveFrame frame = current_;
  stop();
  workspace_->openImage(frame, name);
}

void LiveVideoBar::onFrame(LiveFrame frame, qint64 index) {
  if (!source_) return;
  if (!busy_) {
    open(std::move(frame), index);
    return;
  }
  if (waiting_) ++dropped_;
  waiting_ = std::move(frame);
  waitingIndex_ = index;
}

void LiveVideoBar::open(LiveFrame frame, qint64 index) {
  busy_ = true;
  current_ = frame;
  currentIndex_ = index;
  watchdog_.start();
  workspace_->openLiveFrame(std::move(frame), tr("%1 (live)").arg(source_->name()));
}

void LiveVideoBar::onShown() {
  // Done with a frame once the result for the latest filter is on screen: a request still queued
  // for it would otherwise reach the engine after the next frame replaced it.
  if (workspace_->isFilterCurrent()) frameDone();
}

void LiveVideoBar::frameDone() {
  if (!source_ || !busy_) return;
  busy_ = false;
  watchdog_.stop();
  ++shownCount_;
  const qint64 now = clock_.elapsed();
  recent_.push_back(now);
  while (!recent_.empty() && recent_.front() < now - 1000) recent_.pop_front();
  showStats();
  if (waiting_) {
    LiveFrame next = std::move(waiting_);
    waiting_.reset();
    open(std::move(next), waitingIndex_);
  }
}

double LiveVideoBar::framesPerSecond() const {
  if (recent_.size() < 2) return 0;
  return double(recent_.size() - 1) * 1000.0 / double(std::max<qint64>(1, recent_.back() - recent_.front()));
}

void LiveVideoBar::watchDevice(TimingFeed* feed) {
  connect(feed, &TimingFeed::published, this, [this](const TimingBatch& batch) {
    if (!source_) return;
    for (const TimingRecord& r : *batch) {
      if (r.workspace != "image") continue;
      const double ms = double(r.nanoseconds) * 1e-6;
      if (r.pass.kind == PassKind::Upload)
        deviceTotal_.uploadMs += ms;
      else if (r.pass.kind == PassKind::Download)
        deviceTotal_.downloadMs += ms;
      else
        deviceTotal_.kernelMs += ms;
    }
  });
}

LiveVideoBar::DeviceTimes LiveVideoBar::deviceTimesPerFrame() const {
  if (shownCount_ == 0) return {};
  const double n = double(shownCount_);
  return {deviceTotal_.uploadMs / n, deviceTotal_.kernelMs / n, deviceTotal_.downloadMs / n};
}

QString LiveVideoBar::statsText() const {
  if (!source_) return {};
  const DeviceTimes device = deviceTimesPerFrame();
  const QString onDevice =
      device.uploadMs + device.kernelMs + device.downloadMs > 0
          ? tr(" — a frame on the device: upload %1 ms, kernels %2 ms, download %3 ms")
                .arg(device.uploadMs, 0, 'f', 2).arg(device.kernelMs, 0, 'f', 2).arg(device.downloadMs, 0, 'f', 2)
          : QString();
  return tr("Live: %1 — frame %2, %3 frames/s, %4 dropped%5%6")
      .arg(source_->name())
      .arg(currentIndex_ + 1)
      .arg(framesPerSecond(), 0, 'f', 1)
      .arg(dropped_)
      .arg(onDevice, source_->isPaused() ? tr(" — paused") : QString());
}

void LiveVideoBar::showStats() {
  stats_->setText(statsText());
  emit statsChanged();
}

}  // namespace fftscope::gui
