#include "signal/GainCurveEditor.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace fftscope::gui {

namespace {
constexpr double kReachPixels = 8.0;
constexpr double kLowestGainDb = -60.0, kHighestGainDb = 20.0;
// Where the response is drawn for a gain of 0: far below the axis, so the line leaves it.
constexpr double kFloorDb = -300.0;
}  // namespace

GainCurveEditor::GainCurveEditor(QWidget* parent) : QCustomPlot(parent) {
  setMinimumHeight(150);
  xAxis->setScaleType(QCPAxis::stLogarithmic);
  xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  xAxis->setLabel(tr("Hz"));
  yAxis->setLabel(tr("gain (dB)"));
  yAxis->setRange(kLowestGainDb, kHighestGainDb);
  response_ = addGraph();  // first, so the points are drawn over it
  response_->setPen(QPen(QColor(40, 90, 200), 1.2));
  response_->setName(tr("|H(f)|"));
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
  rate_ = rate;
  nyquist_ = rate / 2.0;
  xAxis->setRange(std::max(1.0, std::min(20.0, nyquist_ / 1000.0)), nyquist_);
  redrawResponse();
  redraw();
}

void GainCurveEditor::showResponse(const signal::SignalFilterSpec& spec) {
  spec_ = spec;
  redrawResponse();
  replot(rpQueuedReplot);
}

double GainCurveEditor::plottedResponseDb(double frequencyHz) const {
  const QCPGraphDataContainer& data = *response_->data();
  if (data.isEmpty()) return NAN;
  auto it = data.findBegin(frequencyHz, false);
  if (it == data.constEnd()) --it;
  if (it != data.constBegin() && std::abs((it - 1)->key - frequencyHz) < std::abs(it->key - frequencyHz)) --it;
  return it->value;
}

void GainCurveEditor::redrawResponse() {
  response_->data()->clear();
  try {
    signal::validateSignalFilter(spec_, rate_);
  } catch (const std::invalid_argument&) {
    return;  // a spec for another rate, until the document shows this one's
  }
  // Log-spaced as the axis is; the edges, the band's centre and the notches exactly, where the
  // narrowest features would otherwise fall between samples.
  const double low = xAxis->range().lower, high = nyquist_;
  std::vector<double> keys;
  for (int i = 0; i < kResponseSamples; ++i) keys.push_back(low * std::pow(high / low, double(i) / (kResponseSamples - 1)));
  if (spec_.base.kind != imaging::FilterKind::AllPass)
    keys.insert(keys.end(), {spec_.base.cutoff, spec_.base.upperCutoff, std::sqrt(spec_.base.cutoff * spec_.base.upperCutoff)});
  for (const signal::ToneNotch& notch : spec_.notches) keys.push_back(notch.frequencyHz);
  std::erase_if(keys, [&](double f) { return !(f >= low && f <= high); });
  std::sort(keys.begin(), keys.end());
  QVector<double> xs, values;
  for (const double f : keys) {
    const double gain = signal::filterGain(spec_, f, rate_);
    xs << f;
    values << (gain > 0.0 ? std::max(kFloorDb, 20.0 * std::log10(gain)) : kFloorDb);
  }
  response_->setData(xs, values, true);
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
