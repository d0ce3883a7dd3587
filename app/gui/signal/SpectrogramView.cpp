#include "signal/SpectrogramView.h"

namespace fftscope::gui {

SpectrogramView::SpectrogramView(QWidget* parent) : QCustomPlot(parent) {
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeDrag(Qt::Horizontal);
  axisRect()->setRangeZoom(Qt::Horizontal);
  xAxis->setLabel(tr("time (s)"));
  yAxis->setLabel(tr("frequency (Hz)"));
  setMinimumHeight(140);

  map_ = new QCPColorMap(xAxis, yAxis);
  map_->setInterpolate(false);
  map_->setTightBoundary(true);
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
}

void SpectrogramView::showSpectrogram(SpectrogramOutcomePtr outcome) {
  outcome_ = std::move(outcome);
  const signal::Spectrogram& s = outcome_->spectrogram;
  QCPColorMapData* data = map_->data();
  data->setSize(int(s.rows), int(s.bins));
  const double lastTime = s.rows > 1 ? s.rowTime(s.rows - 1) : s.rowTime(0) + 1e-3;
  data->setRange(QCPRange(s.rowTime(0), lastTime), QCPRange(0.0, s.binFrequency(s.bins - 1)));
  for (std::size_t row = 0; row < s.rows; ++row)
    for (std::size_t bin = 0; bin < s.bins; ++bin) data->setCell(int(row), int(bin), s.at(row, bin));
  yAxis->setRange(0.0, s.sampleRate / 2.0);
  caption_->setText(tr("%1%2 × %3, FFT %4, hop %5 — %6")
                        .arg(outcome_->ofFiltered ? tr("filtered: ") : QString())
                        .arg(s.rows).arg(s.bins).arg(s.fftSize).arg(s.hop).arg(outcome_->backend));
  replot(rpQueuedReplot);
}

void SpectrogramView::setLevels(double topDb, double rangeDb) {
  map_->setDataRange(QCPRange(topDb - rangeDb, topDb));
  replot(rpQueuedReplot);
}

void SpectrogramView::setGradient(QCPColorGradient::GradientPreset preset) {
  map_->setGradient(QCPColorGradient(preset));
  replot(rpQueuedReplot);
}

}  // namespace fftscope::gui
