#include "signal/LiveSpectrumPlot.h"

#include "export/ExportTargets.h"

#include <cmath>

namespace fftscope::gui {

QString noteName(double hertz) {
  if (!(hertz >= 8.0)) return {};
  static const char* names[] = {"C", "C♯", "D", "D♯", "E", "F", "F♯", "G", "G♯", "A", "A♯", "B"};
  const double midi = 69.0 + 12.0 * std::log2(hertz / 440.0);
  const long nearest = std::lround(midi);
  const int cents = int(std::lround(100.0 * (midi - double(nearest))));
  const int octave = int(std::floor(double(nearest) / 12.0)) - 1;
  const QString name = QStringLiteral("%1%2").arg(QString::fromUtf8(names[((nearest % 12) + 12) % 12])).arg(octave);
  return cents == 0 ? name : QStringLiteral("%1 %2%3 ct").arg(name).arg(cents > 0 ? "+" : "").arg(cents);
}

LiveSpectrumPlot::LiveSpectrumPlot(QWidget* parent) : QCustomPlot(parent), graph_(addGraph()) {
  makeExportable(this, {tr("Live spectrum")});
  xAxis->setScaleType(QCPAxis::stLogarithmic);
  auto logTicker = QSharedPointer<QCPAxisTickerLog>::create();
  logTicker->setSubTickCount(8);
  xAxis->setTicker(logTicker);
  xAxis->setNumberFormat("gb");
  xAxis->setLabel(tr("Frequency (Hz)"));
  xAxis->setRange(20.0, 20000.0);
  yAxis->setLabel(tr("Level (dBFS)"));
  yAxis->setRange(-140.0, 6.0);
  // Notes along the top: each C and A from C1 to C9.
  xAxis2->setVisible(true);
  xAxis2->setScaleType(QCPAxis::stLogarithmic);
  auto notes = QSharedPointer<QCPAxisTickerText>::create();
  for (int octave = 1; octave <= 9; ++octave) {
    const double c = 440.0 * std::pow(2.0, (12.0 * (octave + 1) - 69.0) / 12.0);
    notes->addTick(c, QStringLiteral("C%1").arg(octave));
    if (octave < 9) notes->addTick(c * std::pow(2.0, 9.0 / 12.0), QStringLiteral("A%1").arg(octave));
  }
  xAxis2->setTicker(notes);
  xAxis2->setSubTicks(false);
  connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), xAxis2, qOverload<const QCPRange&>(&QCPAxis::setRange));
  xAxis2->setRange(xAxis->range());
  graph_->setPen(QPen(QColor(30, 90, 200), 1.2));
  peakLabel_ = new QCPItemText(this);
  peakLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
  peakLabel_->position->setType(QCPItemPosition::ptAxisRectRatio);
  peakLabel_->position->setCoords(0.99, 0.02);
  peakLabel_->setPadding(QMargins(4, 2, 4, 2));
  peakLabel_->setBrush(QColor(255, 255, 255, 210));
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeDrag(Qt::Horizontal);
  axisRect()->setRangeZoom(Qt::Horizontal);
  setNoAntialiasingOnDrag(true);
}

void LiveSpectrumPlot::showSpectrum(const std::vector<double>& db, double sampleRate) {
  if (db.size() < 2 || !(sampleRate > 0.0)) return;
  const double binWidth = sampleRate / (2.0 * double(db.size() - 1));
  QVector<QCPGraphData> points;
  points.reserve(qsizetype(db.size()));
  peakDb_ = -400.0;
  for (std::size_t k = 1; k < db.size(); ++k) {
    const double f = double(k) * binWidth;
    points.append({f, std::max(db[k], -400.0)});
    if (f >= 20.0 && db[k] > peakDb_) {
      peakDb_ = db[k];
      peakHertz_ = f;
    }
  }
  graph_->data()->set(points, true);
  if (sampleRate != shownRate_) {
    shownRate_ = sampleRate;
    xAxis->setRange(20.0, std::min(20000.0, sampleRate / 2.0));
  }
  peakLabel_->setText(tr("Peak %1 Hz  %2 dBFS  %3")
                          .arg(peakHertz_, 0, 'f', 1)
                          .arg(peakDb_, 0, 'f', 1)
                          .arg(noteName(peakHertz_)));
}

}  // namespace fftscope::gui
