#include "signal/TimePlot.h"

#include "export/ExportTargets.h"

#include <algorithm>
#include <cmath>

namespace fftscope::gui {

namespace {

QCPGraph* makeGraph(QCustomPlot* plot, const QColor& colour) {
  QCPGraph* graph = plot->addGraph();
  graph->setPen(QPen(colour, 1.0));
  graph->setAdaptiveSampling(false);  // the envelope already has one point per pixel
  return graph;
}

}  // namespace

TimePlot::TimePlot(QWidget* parent) : QCustomPlot(parent) {
  makeExportable(this, {tr("Waveform")});
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeDrag(Qt::Horizontal);
  axisRect()->setRangeZoom(Qt::Horizontal);
  xAxis->setLabel(tr("time (s)"));
  yAxis->setLabel(tr("amplitude (FS)"));
  setMinimumHeight(120);

  const QColor blue(31, 119, 180), orange(230, 120, 20);
  originalLo_ = makeGraph(this, blue);
  originalHi_ = makeGraph(this, blue);
  originalHi_->setBrush(QColor(31, 119, 180, 110));
  originalHi_->setChannelFillGraph(originalLo_);
  originalHi_->setName(tr("original"));
  filteredLo_ = makeGraph(this, orange);
  filteredHi_ = makeGraph(this, orange);
  filteredHi_->setBrush(QColor(230, 120, 20, 110));
  filteredHi_->setChannelFillGraph(filteredLo_);
  filteredHi_->setName(tr("filtered"));

  selection_ = new QCPItemRect(this);
  selection_->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
  selection_->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
  selection_->setPen(QPen(QColor(0, 150, 80), 1.0));
  selection_->setBrush(QColor(0, 150, 80, 40));
  selection_->setVisible(false);

  playLine_ = new QCPItemStraightLine(this);
  playLine_->setPen(QPen(QColor(200, 0, 0), 1.5));
  playLine_->setVisible(false);

  connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &TimePlot::onRangeChanged);
  connect(this, &QCustomPlot::mousePress, this, &TimePlot::onPress);
  connect(this, &QCustomPlot::mouseMove, this, &TimePlot::onMove);
  connect(this, &QCustomPlot::mouseRelease, this, &TimePlot::onRelease);
}

double TimePlot::duration() const { return original_ ? double(original_->samples().size()) / original_->sampleRate() : 0.0; }

void TimePlot::showSignal(EnvelopePtr original) {
  const bool sameLength = original_ && original && original_->samples().size() == original->samples().size();
  original_ = std::move(original);
  filtered_.reset();
  const double peak = original_ ? std::max(0.05f, original_->peak()) : 1.0;
  yAxis->setRange(-1.08 * peak, 1.08 * peak);
  if (sameLength) redraw();  // another channel of the same signal: keep the view
  else showWhole();
}

void TimePlot::showFiltered(EnvelopePtr filtered) {
  filtered_ = std::move(filtered);
  redraw();
}

void TimePlot::showWhole() {
  xAxis->setRange(0.0, std::max(duration(), 1e-6));
  redraw();
}

void TimePlot::setSelection(double from, double to) {
  selection_->setVisible(to > from);
  selection_->topLeft->setCoords(from, 0.0);
  selection_->bottomRight->setCoords(to, 1.0);
  replot(rpQueuedReplot);
}

void TimePlot::setPlayPosition(double seconds) {
  playLine_->setVisible(seconds >= 0.0);
  playLine_->point1->setCoords(seconds, 0.0);
  playLine_->point2->setCoords(seconds, 1.0);
  replot(rpQueuedReplot);
}

void TimePlot::resizeEvent(QResizeEvent* event) {
  QCustomPlot::resizeEvent(event);
  redraw();
}

void TimePlot::onRangeChanged(const QCPRange& range) {
  // Keep the view on the signal: no wider than it, never past its ends.
  const double length = duration();
  if (!bounding_ && length > 0.0) {
    QCPRange bounded = range;
    if (bounded.size() > length) bounded = QCPRange(0.0, length);
    if (bounded.lower < 0.0) bounded = QCPRange(0.0, bounded.size());
    if (bounded.upper > length) bounded = QCPRange(length - bounded.size(), length);
    if (bounded.lower != range.lower || bounded.upper != range.upper) {
      bounding_ = true;
      xAxis->setRange(bounded);
      bounding_ = false;
    }
  }
  redraw();
}

void TimePlot::drawTrace(const EnvelopePtr& envelope, QCPGraph* lo, QCPGraph* hi) {
  if (!envelope) {
    lo->data()->clear();
    hi->data()->clear();
    return;
  }
  const int pixels = std::max(2, axisRect()->width());
  const double rate = envelope->sampleRate();
  const QCPRange range = xAxis->range();
  const double first = range.lower * rate, last = range.upper * rate;
  QVector<double> keys, low, high;
  if (last - first <= pixels) {
    // Closer than a sample per pixel: the samples themselves.
    const auto x = envelope->samples();
    const auto begin = std::size_t(std::max(0.0, std::floor(first)));
    const auto end = std::min(x.size(), std::size_t(std::max(0.0, std::ceil(last))) + 1);
    for (std::size_t i = begin; i < end; ++i) {
      keys << double(i) / rate;
      low << x[i];
    }
    lo->setData(keys, low, true);
    hi->data()->clear();
    return;
  }
  std::vector<float> mins, maxs;
  envelope->columns(first, last, pixels, mins, maxs);
  const double step = (last - first) / pixels / rate;
  keys.reserve(pixels);
  for (int p = 0; p < pixels; ++p) {
    keys << range.lower + (p + 0.5) * step;
    low << mins[std::size_t(p)];
    high << maxs[std::size_t(p)];
  }
  lo->setData(keys, low, true);
  hi->setData(keys, high, true);
}

void TimePlot::redraw() {
  drawTrace(original_, originalLo_, originalHi_);
  drawTrace(filtered_, filteredLo_, filteredHi_);
  replot(rpQueuedReplot);
}

void TimePlot::onPress(QMouseEvent* event) {
  selecting_ = (event->modifiers() & Qt::ShiftModifier) && event->button() == Qt::LeftButton && original_;
  setInteraction(QCP::iRangeDrag, !selecting_);
  if (!selecting_) return;
  selectFrom_ = std::clamp(xAxis->pixelToCoord(event->pos().x()), 0.0, duration());
  setSelection(selectFrom_, selectFrom_);
}

void TimePlot::onMove(QMouseEvent* event) {
  if (!selecting_) return;
  const double at = std::clamp(xAxis->pixelToCoord(event->pos().x()), 0.0, duration());
  setSelection(std::min(selectFrom_, at), std::max(selectFrom_, at));
}

void TimePlot::onRelease(QMouseEvent* event) {
  if (!selecting_) return;
  selecting_ = false;
  setInteraction(QCP::iRangeDrag, true);
  const double at = std::clamp(xAxis->pixelToCoord(event->pos().x()), 0.0, duration());
  const double from = std::min(selectFrom_, at), to = std::max(selectFrom_, at);
  if (to <= from) setSelection(0.0, 0.0);
  emit selectionChanged(from, to);
}

}  // namespace fftscope::gui
