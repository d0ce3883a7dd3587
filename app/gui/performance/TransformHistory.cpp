#include "performance/TransformHistory.h"

#include "export/ExportTargets.h"

#include "performance/KernelKinds.h"
#include "widgets/PlotLegend.h"

#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace fftscope::gui {

TransformHistory::TransformHistory(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot) {
  makeExportable(plot_, {tr("Transform history")});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->setMinimumHeight(160);
  QCPBars* below = nullptr;
  for (const QString& kind : kernelKinds()) {
    auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
    bars->setName(kind);
    bars->setWidthType(QCPBars::wtPlotCoords);
    bars->setWidth(0.8);
    bars->setPen(Qt::NoPen);
    bars->setBrush(kernelKindColour(kind));
    if (below) bars->moveAbove(below);
    below = bars;
    bars_.push_back(bars);
  }
  plot_->xAxis->setLabel(tr("request (newest right)"));
  plot_->yAxis->setLabel(tr("device time (ms)"));
  placeLegendBeside(plot_, 7, 320, 2);
  plot_->setMouseTracking(true);
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) { showHover(event->pos()); });
  auto* timer = new QTimer(this);
  timer->setInterval(33);
  connect(timer, &QTimer::timeout, this, &TransformHistory::redraw);
  timer->start();
}

void TransformHistory::add(const TimingBatch& batch) {
  for (const TimingRecord& r : *batch) {
    if (requests_.empty() || requests_.back().workspace != r.workspace || requests_.back().request != r.request)
      requests_.push_back({r.workspace, r.request, {}});
    requests_.back().records.push_back(r);
  }
  while (requests_.size() > static_cast<std::size_t>(capacity())) requests_.pop_front();
  if (!paused_) dirty_ = true;
}

void TransformHistory::setPaused(bool paused) {
  paused_ = paused;
  if (!paused) dirty_ = true;
}

void TransformHistory::clear() {
  requests_.clear();
  dirty_ = true;
}

void TransformHistory::redraw() {
  if (!dirty_ || paused_) return;
  dirty_ = false;
  const std::size_t kinds = bars_.size();
  std::vector<QVector<double>> keys(kinds), values(kinds);
  double tallest = 0;
  for (std::size_t i = 0; i < requests_.size(); ++i) {
    std::vector<double> ms(kinds, 0.0);
    for (const TimingRecord& r : requests_[i].records) {
      const int index = kernelKindIndex(kernelKind(r));
      if (index >= 0) ms[index] += double(r.nanoseconds) / 1e6;
    }
    double total = 0;
    for (std::size_t k = 0; k < kinds; ++k) {
      keys[k].push_back(double(i));
      values[k].push_back(ms[k]);
      total += ms[k];
    }
    tallest = std::max(tallest, total);
  }
  for (std::size_t k = 0; k < kinds; ++k) bars_[k]->setData(keys[k], values[k], true);
  plot_->xAxis->setRange(-0.5, std::max<double>(capacity(), double(requests_.size())) - 0.5);
  plot_->yAxis->setRange(0, tallest > 0 ? tallest * 1.1 : 1.0);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void TransformHistory::showHover(const QPoint& at) {
  const long index = std::lround(plot_->xAxis->pixelToCoord(at.x()));
  if (index < 0 || index >= static_cast<long>(requests_.size())) return QToolTip::hideText();
  const Request& request = requests_[static_cast<std::size_t>(index)];
  double totalMs = 0;
  for (const TimingRecord& r : request.records) totalMs += double(r.nanoseconds) / 1e6;
  QString text = tr("%1 request %2: %3 ms on the device")
                     .arg(QString::fromStdString(request.workspace))
                     .arg(request.request)
                     .arg(totalMs, 0, 'f', 4);
  // Every launch of the request, capped so the tooltip stays on screen.
  int shown = 0;
  for (const TimingRecord& r : request.records) {
    if (++shown > 24) {
      text += tr("\n… and %1 more").arg(request.records.size() - 24);
      break;
    }
    text += QStringLiteral("\n") + describeRecord(r, copyGBs_);
  }
  QToolTip::showText(plot_->mapToGlobal(at), text, plot_);
}

}  // namespace fftscope::gui
