#include "signal/SpectrumPlot.h"

#include "export/ExportTargets.h"

#include <algorithm>
#include <cmath>

namespace fftscope::gui {

namespace {

QString levelText(double level, signal::SpectrumScale scale) {
  if (scale == signal::SpectrumScale::Linear) return QStringLiteral("%1 FS").arg(level, 0, 'g', 4);
  return QStringLiteral("%1 %2").arg(level, 0, 'f', 2).arg(QString::fromLatin1(signal::unitOf(scale).data()));
}

QString frequencyText(double hz) {
  return hz >= 1000.0 ? QStringLiteral("%1 kHz").arg(hz / 1000.0, 0, 'f', 4) : QStringLiteral("%1 Hz").arg(hz, 0, 'f', 2);
}

}  // namespace

SpectrumPlot::SpectrumPlot(QWidget* parent) : QCustomPlot(parent) {
  makeExportable(this, {tr("Spectrum")});
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  xAxis->setLabel(tr("frequency (Hz)"));
  yAxis->setLabel(tr("level (dBFS)"));
  setMinimumHeight(140);

  original_ = addGraph();
  original_->setPen(QPen(QColor(31, 119, 180), 1.2));
  original_->setName(tr("original"));
  filtered_ = addGraph();
  filtered_->setPen(QPen(QColor(230, 120, 20), 1.2));
  filtered_->setName(tr("filtered"));
  peaks_ = addGraph();
  peaks_->setLineStyle(QCPGraph::lsNone);
  peaks_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, QColor(200, 0, 0), QColor(200, 0, 0), 8));
  peaks_->removeFromLegend();
  legend->setVisible(true);
  filtered_->removeFromLegend();
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

  tracer_ = new QCPItemTracer(this);
  tracer_->setStyle(QCPItemTracer::tsCrosshair);
  tracer_->setPen(QPen(QColor(120, 120, 120), 1.0, Qt::DashLine));
  tracer_->setVisible(false);
  // The readout's own line above the plot: it never covers a peak's label or the trace.
  plotLayout()->insertRow(0);
  readout_ = new QCPTextElement(this, QStringLiteral(" "), QFont(font().family(), 9));
  readout_->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
  readout_->setMargins(QMargins(8, 2, 8, 0));
  plotLayout()->addElement(0, 0, readout_);

  connect(this, &QCustomPlot::mouseMove, this, &SpectrumPlot::onMove);
  connect(this, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
    if (outcome_) emit notchRequested(xAxis->pixelToCoord(event->pos().x()));
  });
}

void SpectrumPlot::fill(QCPGraph* graph, const signal::Spectrum& spectrum) {
  QVector<double> keys, values;
  keys.reserve(int(spectrum.bins()));
  values.reserve(int(spectrum.bins()));
  // A log axis has no place for DC.
  for (std::size_t k = log_ ? 1 : 0; k < spectrum.bins(); ++k) {
    keys << spectrum.frequency(double(k));
    values << spectrum.levels[k];
  }
  graph->setData(keys, values, true);
}

void SpectrumPlot::showSpectrum(SpectrumOutcomePtr outcome) {
  const bool refit = !outcome_ || outcome->original.scale != shownScale_ || outcome->original.sampleRate != shownRate_;
  outcome_ = std::move(outcome);
  const signal::Spectrum& s = outcome_->original;
  fill(original_, s);
  tracer_->setGraph(original_);  // once it has data
  if (outcome_->filtered) fill(filtered_, *outcome_->filtered);
  else filtered_->data()->clear();
  filtered_->setVisible(bool(outcome_->filtered));
  if (outcome_->filtered) filtered_->addToLegend();
  else filtered_->removeFromLegend();

  for (QCPItemText* label : peakLabels_) removeItem(label);
  peakLabels_.clear();
  if (refit) fitView();
  QVector<double> keys, values;
  for (const signal::SpectralPeak& peak : outcome_->peaks) {
    if (log_ && peak.bin == 0) continue;
    // Mark the peak on the trace (its bin's level in the scale shown), labelled with the refined values.
    keys << peak.frequencyHz;
    values << s.levels[peak.bin];
    // Label the strongest few, and only where a label has room (hum harmonics crowd together).
    const double x = xAxis->coordToPixel(peak.frequencyHz);
    const bool crowded = std::any_of(peakLabels_.begin(), peakLabels_.end(), [&](QCPItemText* other) {
      return std::abs(other->position->pixelPosition().x() - x) < 90.0;
    });
    if (peakLabels_.size() < 4 && !crowded) {
      auto* label = new QCPItemText(this);
      label->setText(QStringLiteral("%1\n%2 dBFS").arg(frequencyText(peak.frequencyHz)).arg(peak.levelDbfs, 0, 'f', 2));
      label->setFont(QFont(font().family(), 8));
      label->setColor(QColor(160, 0, 0));
      label->setClipToAxisRect(true);
      placeLabel(label, peak.frequencyHz, s.levels[peak.bin]);
      peakLabels_ << label;
    }
  }
  peaks_->setData(keys, values);
  yAxis->setLabel(s.scale == signal::SpectrumScale::Linear ? tr("amplitude (FS)")
                  : s.scale == signal::SpectrumScale::Psd  ? tr("PSD (dB/Hz)")
                                                           : tr("level (dBFS)"));
  shownScale_ = s.scale;
  shownRate_ = s.sampleRate;
  replot(rpQueuedReplot);
}

// Above the marker, centred on it, unless that would cut the label at an edge of the plot: then
// against the edge it would cross, or below the marker near the top.
void SpectrumPlot::placeLabel(QCPItemText* label, double frequencyHz, double level) {
  label->position->setCoords(frequencyHz, level);
  const QRect area = axisRect()->rect();
  const QSize size = QFontMetrics(label->font()).size(0, label->text());
  const double x = xAxis->coordToPixel(frequencyHz), y = yAxis->coordToPixel(level);
  Qt::Alignment horizontal = Qt::AlignHCenter;
  if (x - size.width() / 2.0 < area.left()) horizontal = Qt::AlignLeft;
  else if (x + size.width() / 2.0 > area.right()) horizontal = Qt::AlignRight;
  const bool below = y - size.height() - 10 < area.top();
  label->setPositionAlignment(horizontal | (below ? Qt::AlignTop : Qt::AlignBottom));
  label->setPadding(below ? QMargins(0, 10, 0, 0) : QMargins(0, 0, 0, 10));  // beside the marker, not on it
}

void SpectrumPlot::fitView() {
  if (!outcome_) return;
  const signal::Spectrum& s = outcome_->original;
  const double nyquist = s.sampleRate / 2.0;
  // A log axis starts at 20 Hz for audio rates (a thousandth of Nyquist for slow signals).
  xAxis->setRange(log_ ? std::max(s.binWidth(), std::min(20.0, nyquist / 1000.0)) : 0.0, nyquist);
  double top = -1e300, bottom = 1e300;
  for (double level : s.levels) top = std::max(top, level);
  if (s.scale == signal::SpectrumScale::Linear) {
    yAxis->setRange(0.0, std::max(top, 1e-6) * 1.15);
    return;
  }
  for (double level : s.levels) bottom = std::min(bottom, std::max(level, top - 160.0));
  const double lowest = std::max(bottom, top - 160.0);
  yAxis->setRange(lowest - 5.0, top + std::max(30.0, 0.25 * (top - lowest)));  // room for the peaks' labels
}

void SpectrumPlot::setLogFrequency(bool log) {
  if (log == log_) return;
  log_ = log;
  xAxis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (log) xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  else xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  if (outcome_) {
    SpectrumOutcomePtr outcome = outcome_;
    outcome_.reset();
    showSpectrum(outcome);
  }
}

double SpectrumPlot::levelAt(double frequencyHz, bool filtered) const {
  if (!outcome_) return std::nan("");
  const signal::Spectrum* s = filtered ? (outcome_->filtered ? &*outcome_->filtered : nullptr) : &outcome_->original;
  if (!s) return std::nan("");
  const auto bin = std::size_t(std::clamp(std::lround(frequencyHz / s->binWidth()), 0L, long(s->bins()) - 1));
  return s->levels[bin];
}

QString SpectrumPlot::readout() const { return readout_->text().trimmed(); }

void SpectrumPlot::leaveEvent(QEvent* event) {
  QCustomPlot::leaveEvent(event);
  tracer_->setVisible(false);
  readout_->setText(QStringLiteral(" "));
  replot(rpQueuedReplot);
}

void SpectrumPlot::onMove(QMouseEvent* event) {
  if (!outcome_ || !axisRect()->rect().contains(event->pos())) {
    tracer_->setVisible(false);
    readout_->setText(QStringLiteral(" "));
    replot(rpQueuedReplot);
    return;
  }
  const double f = std::clamp(xAxis->pixelToCoord(event->pos().x()), 0.0, outcome_->original.sampleRate / 2.0);
  tracer_->setVisible(true);
  tracer_->setGraphKey(f);
  tracer_->updatePosition();
  QString text = tr("%1   %2").arg(frequencyText(f), levelText(levelAt(f), outcome_->original.scale));
  if (outcome_->filtered) text += tr("   filtered %1").arg(levelText(levelAt(f, true), outcome_->original.scale));
  readout_->setText(text);
  replot(rpQueuedReplot);
}

void SpectrumPlot::paintEvent(QPaintEvent* event) {
  QCustomPlot::paintEvent(event);
  emit painted();
}

}  // namespace fftscope::gui
