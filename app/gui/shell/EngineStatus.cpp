#include "shell/EngineStatus.h"

#include "export/ExportMetadata.h"

#include "engine/TimingSummary.h"

#include <QHBoxLayout>
#include <QLabel>

namespace fftscope::gui {

EngineStatus::EngineStatus(QWidget* parent) : QWidget(parent) {
  device_ = new QLabel(tr("Starting the engine…"));
  plan_ = new QLabel;
  time_ = new QLabel;
  for (QLabel* label : {device_, plan_, time_}) label->setContentsMargins(6, 0, 6, 0);
  time_->setMinimumWidth(90);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(device_);
  layout->addWidget(plan_);
  layout->addWidget(time_);
}

void EngineStatus::showEngine(const EngineInfo& info) {
  const QString platform = tr("OpenCL platform %1, driver %2").arg(info.platformName, info.driverVersion);
  if (!info.openCl) {
    device_->setText(tr("FFTW (no OpenCL)"));
    device_->setToolTip(info.notice);
  } else if (info.devices.size() > 1) {
    // Work that splits into independent items (Apply to Files) is spread over them all.
    device_->setText(tr("%n devices: %1", nullptr, int(info.devices.size())).arg(info.deviceName));
    device_->setToolTip(tr("Work is spread over:\n%1\n%2").arg(info.devices.join(QLatin1Char('\n')), platform));
  } else {
    device_->setText(info.deviceName);
    device_->setToolTip(platform);
  }
  setExportDevice(device_->text());  // what exported files name as the device
}

void EngineStatus::showResult(const ResultTiming& outcome) {
  const double roundTripMs = outcome.roundTripMs;
  const double kernelMs = totalMilliseconds(outcome.timings);
  QString variant = outcome.plan;
  // "2D 512x512 x1 f32 inverse auto/table/tiled": show the variant part and the kernels.
  const QStringList words = outcome.plan.split(QLatin1Char(' '));
  if (words.size() >= 2) variant = words.last();
  const QString kernels = kernelsUsed(outcome.timings);
  plan_->setText(kernels.isEmpty() ? variant : QStringLiteral("%1 · %2").arg(variant, kernels));
  time_->setText(outcome.timings.empty() ? tr("%1 ms").arg(outcome.computeMs, 0, 'f', 1)
                                         : tr("kernels %1 ms · %2 ms round trip").arg(kernelMs, 0, 'f', 2).arg(roundTripMs, 0, 'f', 0));
  const QString tip = timingBreakdown(outcome.timings, outcome.plan, outcome.computeMs, roundTripMs);
  time_->setToolTip(tip);
  plan_->setToolTip(tip);
}

void EngineStatus::setResultVisible(bool visible) {
  resultVisible_ = visible;
  plan_->setVisible(visible);
  time_->setVisible(visible);
}

QString EngineStatus::deviceText() const { return device_->text(); }
QString EngineStatus::timeText() const { return time_->text(); }
QString EngineStatus::timeToolTip() const { return time_->toolTip(); }

}  // namespace fftscope::gui
