#include "signal/LiveBandsPlot.h"

#include "export/ExportTargets.h"

#include <cmath>

namespace fftscope::gui {

namespace {

QString shortHertz(double f) {
  if (f >= 1000.0) return QStringLiteral("%1k").arg(f / 1000.0, 0, 'g', 3);
  return QString::number(f, 'g', 3);
}

}  // namespace

LiveBandsPlot::LiveBandsPlot(QWidget* parent) : QCustomPlot(parent), bars_(new QCPBars(xAxis, yAxis)) {
  makeExportable(this, {tr("Octave bands")});
  bars_->setWidthType(QCPBars::wtPlotCoords);
  bars_->setWidth(0.8);
  bars_->setPen(Qt::NoPen);
  bars_->setBrush(QColor(40, 140, 90));
  yAxis->setRange(-100.0, 0.0);
  yAxis->setLabel(tr("Band level (dBFS)"));
  xAxis->setTickLabelRotation(0);
  xAxis->setSubTicks(false);
}

void LiveBandsPlot::showBands(const std::vector<signal::OctaveBand>& bands, const std::vector<double>& levelsDb,
                              const QString& unit) {
  std::vector<double> centres;
  for (const auto& band : bands) centres.push_back(band.centre);
  if (centres != labelled_) {
    labelled_ = centres;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const std::size_t every = std::max<std::size_t>(1, centres.size() / 12);
    for (std::size_t i = 0; i < centres.size(); i += every) ticker->addTick(double(i), shortHertz(centres[i]));
    xAxis->setTicker(ticker);
    xAxis->setRange(-0.6, double(centres.size()) - 0.4);
  }
  QVector<double> keys, values;
  for (std::size_t i = 0; i < levelsDb.size() && i < centres.size(); ++i) {
    keys.append(double(i));
    // Bars rise from the axis floor so quiet bands still show.
    values.append(std::max(levelsDb[i], yAxis->range().lower));
  }
  bars_->setBaseValue(yAxis->range().lower);
  for (double& v : values) v -= yAxis->range().lower;
  bars_->setData(keys, values, true);
  yAxis->setLabel(unit);
}

}  // namespace fftscope::gui
