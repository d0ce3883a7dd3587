#include "signal/GainCurveEditor.h"

#include <algorithm>
#include <cmath>

namespace fftscope::gui {

namespace {
constexpr double kReachPixels = 8.0;
constexpr double kLowestGainDb = -60.0, kHighestGainDb = 20.0;
}  // namespace

GainCurveEditor::GainCurveEditor(QWidget* parent) : QCustomPlot(parent) {
  setMinimumHeight(150);
  xAxis->setScaleType(QCPAxis::stLogarithmic);
  xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  xAxis->setLabel(tr("Hz"));
  yAxis->setLabel(tr("gain (dB)"));
  yAxis->setRange(kLowestGainDb, kHighestGainDb);
  curve_ = addGraph();
  curve_->setPen(QPen(QColor(230, 120, 20), 1.5));
  curve_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(230, 120, 20), Qt::white, 7));
  setSampleRate(48000.0);
  connect(this, &QCustomPlot::mousePress, this, &GainCurveEditor::onPress);
  connect(this, &QCustomPlot::mouseDoubleClick, this, &GainCurveEditor::onPress);  // quick clicks add points too
  connect(this, &QCustomPlot::mouseMove, this, &GainCurveEditor::onMove);
  connect(this, &QCustomPlot::mouseRelease, this, &GainCurveEditor::onRelease);
}

void GainCurveEditor::setSampleRate(double rate) {
  nyquist_ = rate / 2.0;
  xAxis->setRange(std::max(1.0, std::min(20.0, nyquist_ / 1000.0)), nyquist_);
  redraw();
}

void GainCurveEditor::showCurve(const std::vector<signal::GainPoint>& points) {
  if (dragging_ >= 0) return;  // the user's drag wins over an echo of the last edit
  points_ = points;
  redraw();
}

void GainCurveEditor::redraw() {
  QVector<double> keys, values;
  // Held flat beyond the first and last points, as the filter applies it.
  if (!points_.empty()) {
    keys << xAxis->range().lower;
    values << points_.front().gainDb;
  }
  for (const signal::GainPoint& p : points_) {
    keys << p.frequencyHz;
    values << p.gainDb;
  }
  if (!points_.empty()) {
    keys << xAxis->range().upper;
    values << points_.back().gainDb;
  }
  curve_->setData(keys, values, true);
  replot(rpQueuedReplot);
}

int GainCurveEditor::pointNear(const QPoint& pixel) const {
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const QPointF at(xAxis->coordToPixel(points_[i].frequencyHz), yAxis->coordToPixel(points_[i].gainDb));
    if (std::hypot(at.x() - pixel.x(), at.y() - pixel.y()) <= kReachPixels) return int(i);
  }
  return -1;
}

signal::GainPoint GainCurveEditor::pointAt(const QPoint& pixel) const {
  return {std::clamp(xAxis->pixelToCoord(pixel.x()), 0.1, nyquist_),
          std::clamp(yAxis->pixelToCoord(pixel.y()), kLowestGainDb, kHighestGainDb)};
}

void GainCurveEditor::onPress(QMouseEvent* event) {
  if (!axisRect()->rect().contains(event->pos())) return;
  const int near = pointNear(event->pos());
  if (event->button() == Qt::RightButton) {
    if (near < 0) return;
    points_.erase(points_.begin() + near);
    redraw();
    emit curveEdited(points_);
    return;
  }
  if (event->button() != Qt::LeftButton) return;
  if (near >= 0) {
    dragging_ = near;
    return;
  }
  const signal::GainPoint added = pointAt(event->pos());
  const auto at = std::upper_bound(points_.begin(), points_.end(), added.frequencyHz,
                                   [](double f, const signal::GainPoint& p) { return f < p.frequencyHz; });
  dragging_ = int(points_.insert(at, added) - points_.begin());
  redraw();
}

void GainCurveEditor::addPoint(double frequencyHz, double gainDb) {
  const signal::GainPoint added{std::clamp(frequencyHz, 0.1, nyquist_), std::clamp(gainDb, kLowestGainDb, kHighestGainDb)};
  const auto at = std::upper_bound(points_.begin(), points_.end(), added.frequencyHz,
                                   [](double f, const signal::GainPoint& p) { return f < p.frequencyHz; });
  points_.insert(at, added);
  redraw();
  emit curveEdited(points_);
}

void GainCurveEditor::onMove(QMouseEvent* event) {
  if (dragging_ < 0) return;
  signal::GainPoint moved = pointAt(event->pos());
  // A point stays between its neighbours, so the curve stays a function of frequency.
  const auto i = std::size_t(dragging_);
  if (i > 0) moved.frequencyHz = std::max(moved.frequencyHz, points_[i - 1].frequencyHz * 1.001);
  if (i + 1 < points_.size()) moved.frequencyHz = std::min(moved.frequencyHz, points_[i + 1].frequencyHz / 1.001);
  points_[i] = moved;
  redraw();
}

void GainCurveEditor::onRelease(QMouseEvent*) {
  if (dragging_ < 0) return;
  dragging_ = -1;
  emit curveEdited(points_);
}

}  // namespace fftscope::gui
