// The spectrogram as a colour map: time across (sharing the time plot's axis range, so zoom and
// pan follow each other), frequency up, level in dBFS coloured between a floor and a top.
#pragma once

#include "signal/SignalResults.h"

#include <qcustomplot.h>

namespace fftscope::gui {

class SpectrogramView : public QCustomPlot {
  Q_OBJECT

 public:
  explicit SpectrogramView(QWidget* parent = nullptr);

  void showSpectrogram(SpectrogramOutcomePtr outcome);
  // Colours span [topDb - rangeDb, topDb].
  void setLevels(double topDb, double rangeDb);
  void setGradient(QCPColorGradient::GradientPreset preset);
  QCPColorMap* colourMap() const { return map_; }
  SpectrogramOutcomePtr outcome() const { return outcome_; }

 private:
  QCPColorMap* map_;
  QCPColorScale* scale_;
  SpectrogramOutcomePtr outcome_;
  QCPItemText* caption_;
};

}  // namespace fftscope::gui
