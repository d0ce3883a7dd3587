#include "performance/LiveTimeline.h"

#include "export/ExportTargets.h"

#include "performance/KernelKinds.h"

#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace fftscope::gui {

LiveTimeline::LiveTimeline(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot) {
  makeExportable(plot_, {tr("Kernel timeline"), {}, {}, plotSweep(plot_)});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->setMinimumHeight(180);
  const QStringList& kinds = kernelKinds();
  for (int i = 0; i < kinds.size(); ++i) {
    // One graph per kind: each launch is a thick horizontal error bar from its start to its end
    // around the graph's point at its middle, so thousands draw cheaply.
    QCPGraph* graph = plot_->addGraph();
    graph->setLineStyle(QCPGraph::lsNone);
    const QColor colour = kernelKindColour(kinds[i]);
    // A tick at the middle keeps launches far shorter than a pixel visible.
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, colour, colour, 3));
    auto* bars = new QCPErrorBars(plot_->xAxis, plot_->yAxis);
    bars->setDataPlottable(graph);
    bars->setErrorType(QCPErrorBars::etKeyError);
    bars->setWhiskerWidth(0);
    bars->setSymbolGap(0);
    QPen pen(colour, 12);
    pen.setCapStyle(Qt::FlatCap);
    bars->setPen(pen);
    rows_.push_back(graph);
    bars_.push_back(bars);
  }
  plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
  plot_->yAxis->grid()->setVisible(false);
  labelRows();
  plot_->xAxis->setLabel(tr("device time (s, newest at 0)"));
  plot_->xAxis->setRange(-windowSeconds_, 0);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->axisRect()->setRangeDrag(Qt::Horizontal);
  plot_->axisRect()->setRangeZoom(Qt::Horizontal);
  plot_->setMouseTracking(true);
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) { showHover(event->pos()); });
  // Redraws throttled to about 30 a second, whatever the rate of records.
  auto* timer = new QTimer(this);
  timer->setInterval(33);
  connect(timer, &QTimer::timeout, this, &LiveTimeline::redraw);
  timer->start();
}

void LiveTimeline::add(const TimingBatch& batch) {
  for (const TimingRecord& r : *batch)
    if (r.endNs > r.startNs || r.nanoseconds > 0) records_.push_back(r);
  // Keep a little more than the window, however fast records come.
  while (records_.size() > 50000) records_.pop_front();
  if (!paused_) dirty_ = true;
}

void LiveTimeline::setPaused(bool paused) {
  paused_ = paused;
  if (!paused) dirty_ = true;
}

void LiveTimeline::setWindowSeconds(double seconds) {
  windowSeconds_ = seconds;
  dirty_ = true;
}

int LiveTimeline::rowOf(const TimingRecord& r) const {
  const int kind = kernelKindIndex(kernelKind(r));
  if (kind < 0 || devices_.empty()) return kind;
  return int(std::find(devices_.begin(), devices_.end(), r.device) - devices_.begin());
}

void LiveTimeline::labelRows() {
  QStringList labels = rowLabels();
  auto ticker = qSharedPointerCast<QCPAxisTickerText>(plot_->yAxis->ticker());
  ticker->clear();
  for (int i = 0; i < labels.size(); ++i) ticker->addTick(labels.size() - 1 - i, labels[i]);
  plot_->yAxis->setRange(-0.7, labels.size() - 0.3);
}

QStringList LiveTimeline::rowLabels() const {
  if (devices_.empty()) return kernelKinds();
  QStringList labels;
  for (const std::string& d : devices_) labels << QString::fromStdString(d);
  return labels;
}

void LiveTimeline::clear() {
  records_.clear();
  dirty_ = true;
}

void LiveTimeline::redraw() {
  if (!dirty_ || paused_) return;
  dirty_ = false;
  std::uint64_t newest = 0;
  for (const TimingRecord& r : records_) newest = std::max(newest, r.endNs);
  originNs_ = newest;
  const double window = windowSeconds_ * 1e9;
  while (!records_.empty() && double(newest - std::min(newest, records_.front().endNs)) > 4 * window)
    records_.pop_front();
  const auto inView = [&](const TimingRecord& r) { return double(newest - std::min(newest, r.endNs)) <= window; };
  std::vector<std::string> devices;
  for (const TimingRecord& r : records_)
    if (inView(r) && std::find(devices.begin(), devices.end(), r.device) == devices.end()) devices.push_back(r.device);
  std::sort(devices.begin(), devices.end());
  if (devices.size() < 2) devices.clear();
  if (devices != devices_) {
    devices_ = std::move(devices);
    labelRows();
  }
  std::vector<QVector<double>> keys(rows_.size()), values(rows_.size()), errors(rows_.size());
  const int rows = static_cast<int>(rowLabels().size());
  barsShown_ = 0;
  for (const TimingRecord& r : records_) {
    const int row = rowOf(r);
    if (!inView(r) || row < 0) continue;
    const std::size_t kind = std::size_t(kernelKindIndex(kernelKind(r)));
    const double start = -double(newest - r.startNs) / 1e9, end = -double(newest - r.endNs) / 1e9;
    keys[kind].push_back((start + end) / 2);
    values[kind].push_back(rows - 1 - row);
    errors[kind].push_back((end - start) / 2);
    ++barsShown_;
  }
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    rows_[i]->setData(keys[i], values[i], true);
    bars_[i]->setData(errors[i]);
  }
  plot_->xAxis->setRange(-windowSeconds_, windowSeconds_ * 0.02);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void LiveTimeline::showHover(const QPoint& at) {
  const double key = plot_->xAxis->pixelToCoord(at.x());
  const int rows = static_cast<int>(rowLabels().size());
  const int index = rows - 1 - static_cast<int>(std::lround(plot_->yAxis->pixelToCoord(at.y())));
  if (index < 0 || index >= rows) return QToolTip::hideText();
  // The launch under the pointer, within a few pixels.
  const double slack = std::abs(plot_->xAxis->pixelToCoord(at.x() + 3) - key);
  for (auto it = records_.rbegin(); it != records_.rend(); ++it) {
    if (rowOf(*it) != index) continue;
    const double start = -double(originNs_ - std::min(originNs_, it->startNs)) / 1e9;
    const double end = -double(originNs_ - std::min(originNs_, it->endNs)) / 1e9;
    if (key >= start - slack && key <= end + slack) {
      QToolTip::showText(plot_->mapToGlobal(at), describeRecord(*it, copyGBs_), plot_);
      return;
    }
  }
  QToolTip::hideText();
}

}  // namespace fftscope::gui
