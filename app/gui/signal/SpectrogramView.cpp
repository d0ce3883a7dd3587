#include "signal/SpectrogramView.h"

#include "export/ExportTargets.h"

#include "signal/PeakDownsample.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fftscope::gui {

namespace {

// Input positions (row or bin index) of the pixel edges from `first` to `first + count`, along an axis.
template <class ToPosition>
std::vector<double> pixelEdges(double first, int count, double step, ToPosition toPosition) {
  std::vector<double> edges(std::size_t(count) + 1);
  for (int p = 0; p <= count; ++p) edges[std::size_t(p)] = toPosition(first + step * p);
  return edges;
}

}  // namespace

SpectrogramView::SpectrogramView(QWidget* parent) : QCustomPlot(parent) {
  makeExportable(this, {tr("Spectrogram"), {}, {}, plotSweep(this)});
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeDrag(Qt::Horizontal);
  axisRect()->setRangeZoom(Qt::Horizontal);
  xAxis->setLabel(tr("time (s)"));
  yAxis->setLabel(tr("frequency (Hz)"));
  setMinimumHeight(140);
  setMouseTracking(true);

  map_ = new QCPColorMap(xAxis, yAxis);
  map_->setInterpolate(false);
  map_->setTightBoundary(false);  // one cell per pixel: the cells' edges are the axis rect's
  scale_ = new QCPColorScale(this);
  scale_->setType(QCPAxis::atRight);
  scale_->axis()->setLabel(tr("dBFS"));
  plotLayout()->addElement(0, 1, scale_);
  map_->setColorScale(scale_);
  setGradient(QCPColorGradient::gpThermal);
  setLevels(0.0, 100.0);
  // The colour scale's height follows the plot's axis rect.
  auto* margins = new QCPMarginGroup(this);
  axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);

  caption_ = new QCPItemText(this);
  caption_->position->setType(QCPItemPosition::ptAxisRectRatio);
  caption_->position->setCoords(0.99, 0.02);
  caption_->setPositionAlignment(Qt::AlignTop | Qt::AlignRight);
  caption_->setColor(Qt::white);
  caption_->setText(QString());
  readout_ = new QCPItemText(this);
  readout_->position->setType(QCPItemPosition::ptAxisRectRatio);
  readout_->position->setCoords(0.01, 0.98);
  readout_->setPositionAlignment(Qt::AlignBottom | Qt::AlignLeft);
  readout_->setBrush(QColor(255, 255, 255, 220));
  readout_->setPadding(QMargins(4, 2, 4, 2));
  readout_->setVisible(false);
}

void SpectrogramView::showSpectrogram(SpectrogramOutcomePtr outcome) {
  outcome_ = std::move(outcome);
  const signal::Spectrogram& s = outcome_->spectrogram;
  fitFrequency();
  caption_->setText(tr("%1%2 × %3, FFT %4, hop %5 — %6")
                        .arg(outcome_->ofFiltered ? tr("filtered: ") : QString())
                        .arg(s.rows).arg(s.bins).arg(s.fftSize).arg(s.hop).arg(outcome_->backend));
  replot(rpQueuedReplot);
}

void SpectrogramView::fitFrequency() {
  if (!outcome_) return;
  const double nyquist = outcome_->spectrogram.sampleRate / 2.0;
  // A log axis starts at 20 Hz for audio rates (a thousandth of Nyquist for slow signals).
  const double binWidth = outcome_->spectrogram.binFrequency(1);
  yAxis->setRange(log_ ? std::max(binWidth, std::min(20.0, nyquist / 1000.0)) : 0.0, nyquist);
}

void SpectrogramView::setLogFrequency(bool log) {
  if (log == log_) return;
  log_ = log;
  yAxis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (log) yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  else yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  fitFrequency();
  replot(rpQueuedReplot);
}

void SpectrogramView::updateLayout() {
  QCustomPlot::updateLayout();
  resample();
}

void SpectrogramView::resample() {
  QCPColorMapData* data = map_->data();
  const QRect rect = axisRect()->rect();
  const Sampled now{outcome_.get(), rect, xAxis->range(), yAxis->range()};
  if (now == sampled_) return;
  sampled_ = now;
  if (!outcome_ || rect.width() < 1 || rect.height() < 1) {
    data->clear();
    return;
  }
  const signal::Spectrogram& s = outcome_->spectrogram;
  const double rowSeconds = double(s.framesPerRow * s.hop) / s.sampleRate;
  const double left = rect.left(), bottom = rect.top() + rect.height();
  // Columns left to right; value rows bottom (low frequencies) to top.
  const std::vector<double> timeEdges = pixelEdges(left, rect.width(), 1.0, [&](double x) {
    return (xAxis->pixelToCoord(x) - s.rowTime(0)) / rowSeconds;
  });
  const std::vector<double> binEdges = pixelEdges(bottom, rect.height(), -1.0, [&](double y) {
    return yAxis->pixelToCoord(y) / s.binFrequency(1);
  });
  const std::vector<std::size_t> chosen = signal::peakGridIndices(s.db, s.bins, timeEdges, binEdges);
  const int width = rect.width(), height = rect.height();
  data->setSize(width, height);
  // Cell centres sit on pixel centres, so the image covers the axis rect exactly.
  data->setRange(QCPRange(xAxis->pixelToCoord(left + 0.5), xAxis->pixelToCoord(left + width - 0.5)),
                 QCPRange(yAxis->pixelToCoord(bottom - 0.5), yAxis->pixelToCoord(bottom - height + 0.5)));
  constexpr double none = std::numeric_limits<double>::quiet_NaN();
  for (int column = 0; column < width; ++column)
    for (int row = 0; row < height; ++row) {
      const std::size_t index = chosen[std::size_t(column) * std::size_t(height) + std::size_t(row)];
      data->setCell(column, row, index == signal::kNoInput ? none : double(s.db[index]));
    }
}

std::optional<SpectrogramView::Cell> SpectrogramView::cellAt(QPointF position) const {
  const QRect rect = axisRect()->rect();
  if (!outcome_ || !rect.contains(position.toPoint())) return std::nullopt;
  const signal::Spectrogram& s = outcome_->spectrogram;
  const double x = std::floor(position.x()), y = std::floor(position.y());
  const double rowSeconds = double(s.framesPerRow * s.hop) / s.sampleRate;
  const auto rowAt = [&](double px) { return (xAxis->pixelToCoord(px) - s.rowTime(0)) / rowSeconds; };
  const auto binAt = [&](double py) { return yAxis->pixelToCoord(py) / s.binFrequency(1); };
  // The same choice the drawing made for this pixel.
  const std::vector<double> rows = {rowAt(x), rowAt(x + 1.0)}, bins = {binAt(y + 1.0), binAt(y)};
  const std::size_t index = signal::peakGridIndices(s.db, s.bins, rows, bins).front();
  if (index == signal::kNoInput) return std::nullopt;
  return Cell{s.rowTime(index / s.bins), s.binFrequency(index % s.bins), double(s.db[index])};
}

void SpectrogramView::mouseMoveEvent(QMouseEvent* event) {
  QCustomPlot::mouseMoveEvent(event);
  const std::optional<Cell> cell = cellAt(event->position());
  readout_->setVisible(bool(cell));
  if (cell) {
    const QString hertz = cell->hertz >= 1000.0 ? tr("%1 kHz").arg(cell->hertz / 1000.0, 0, 'f', 3)
                                                : tr("%1 Hz").arg(cell->hertz, 0, 'f', 1);
    readout_->setText(tr("%1 s   %2   %3 dBFS").arg(cell->seconds, 0, 'f', 3).arg(hertz).arg(cell->dbfs, 0, 'f', 1));
  }
  replot(rpQueuedReplot);
}

void SpectrogramView::leaveEvent(QEvent* event) {
  QCustomPlot::leaveEvent(event);
  readout_->setVisible(false);
  replot(rpQueuedReplot);
}

void SpectrogramView::setLevels(double topDb, double rangeDb) {
  map_->setDataRange(QCPRange(topDb - rangeDb, topDb));
  replot(rpQueuedReplot);
}

void SpectrogramView::setGradient(QCPColorGradient::GradientPreset preset) {
  QCPColorGradient gradient(preset);
  gradient.setNanHandling(QCPColorGradient::nhTransparent);  // beyond the signal's ends
  map_->setGradient(gradient);
  replot(rpQueuedReplot);
}

}  // namespace fftscope::gui
