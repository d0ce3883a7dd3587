#include "performance/PerformanceWorkspace.h"

#include "bench/CopyCeiling.h"
#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "engine/RequestClock.h"
#include "engine/TimingFeed.h"
#include "performance/LiveTimeline.h"
#include "performance/RequestBreakdown.h"
#include "performance/SweepForm.h"
#include "performance/SweepPanel.h"
#include "shell/Settings.h"
#include "performance/TransformHistory.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace fftscope::gui {

PerformanceWorkspace::PerformanceWorkspace(EngineService* service, QWidget* parent)
    : QWidget(parent), service_(service), tabs_(new QTabWidget) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(tabs_);
  tabs_->addTab(makeLiveView(), tr("Live"));
  sweeps_ = new SweepPanel(service_);
  tabs_->addTab(sweeps_, tr("Sweeps"));
  requests_ = new RequestBreakdown;
  tabs_->addTab(requests_, tr("Action to picture"));
  connect(service_->requestClock(), &RequestClock::changed, requests_, &RequestBreakdown::add);
  connect(sweeps_, &SweepPanel::copyBandwidthMeasured, this, &PerformanceWorkspace::setCopyBandwidth);
  // The hover readouts compare each launch with the device's copy bandwidth: measure it once.
  if (service_->isReady())
    measureCopyBandwidth();
  else
    connect(service_, &EngineService::engineStarted, this, &PerformanceWorkspace::measureCopyBandwidth);
}

QWidget* PerformanceWorkspace::makeLiveView() {
  auto* live = new QWidget;
  auto* layout = new QVBoxLayout(live);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* controls = new QHBoxLayout;
  pause_ = new QCheckBox(tr("&Pause chart"));
  pause_->setToolTip(tr("Freeze the charts to inspect them; the work goes on and is kept"));
  window_ = new QDoubleSpinBox;
  window_->setRange(0.01, 30);
  window_->setDecimals(2);
  window_->setValue(3.0);
  window_->setSuffix(tr(" s"));
  window_->setToolTip(tr("How much device time the timeline shows"));
  auto* clear = new QPushButton(tr("Clear"));
  counts_ = new QLabel;
  controls->addWidget(pause_);
  controls->addWidget(new QLabel(tr("Window:")));
  controls->addWidget(window_);
  controls->addWidget(clear);
  controls->addStretch(1);
  controls->addWidget(counts_);
  layout->addLayout(controls);

  timeline_ = new LiveTimeline;
  history_ = new TransformHistory;
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(timeline_);
  split->addWidget(history_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  layout->addWidget(split, 1);

  connect(pause_, &QCheckBox::toggled, this, &PerformanceWorkspace::setPaused);
  connect(window_, &QDoubleSpinBox::valueChanged, timeline_, &LiveTimeline::setWindowSeconds);
  connect(clear, &QPushButton::clicked, this, [this] {
    timeline_->clear();
    history_->clear();
  });
  TimingFeed* feed = service_->timingFeed();
  connect(feed, &TimingFeed::published, this, [this](const TimingBatch& batch) {
    timeline_->add(batch);
    history_->add(batch);
    updateCounts();
  });
  updateCounts();
  return live;
}

void PerformanceWorkspace::setPaused(bool paused) {
  if (pause_->isChecked() != paused) pause_->setChecked(paused);
  timeline_->setPaused(paused);
  history_->setPaused(paused);
}

void PerformanceWorkspace::measureCopyBandwidth() {
  if (!service_->info().openCl) return;
  QPointer<PerformanceWorkspace> self(this);
  service_->post(QStringLiteral("performance"), 0, [self](EngineRuntime& runtime) {
    // 32 MiB: past the caches of a CPU device, long enough to time on a GPU.
    const double gbs = bench::measureCopyCeiling(*runtime.context(), std::size_t(32) << 20, 2, 5).gbs();
    QMetaObject::invokeMethod(self, [self, gbs] { if (self) self->setCopyBandwidth(gbs); }, Qt::QueuedConnection);
  });
}

void PerformanceWorkspace::setCopyBandwidth(double gbs) {
  copyGBs_ = gbs;
  timeline_->setCopyBandwidth(gbs);
  history_->setCopyBandwidth(gbs);
  updateCounts();
}

void PerformanceWorkspace::showSweeps() { tabs_->setCurrentWidget(sweeps_); }
void PerformanceWorkspace::showLive() { tabs_->setCurrentIndex(0); }
void PerformanceWorkspace::showRequests() { tabs_->setCurrentWidget(requests_); }

void PerformanceWorkspace::updateCounts() {
  QString text = tr("%1 launches and transfers recorded").arg(service_->timingFeed()->recordsSeen());
  if (copyGBs_ > 0) text += tr(" · copy bandwidth %1 GB/s (a 32 MiB copy)").arg(copyGBs_, 0, 'f', 0);
  counts_->setText(text);
  counts_->setToolTip(tr("The copy bandwidth copies 32 MiB, past a CPU's caches. A sweep's copy ceiling copies as "
                         "many bytes as its largest case, so a small sweep's runs from cache and reads higher."));
}

void PerformanceWorkspace::applyPreferences(const Settings& settings) {
  sweeps_->form()->setPrecision(settings.defaultPrecision());
}

}  // namespace fftscope::gui
