// The spectrum's colour bar: the colour map as displayed (black and white levels, gamma), with
// its ticks in dB (20 log10(|X| / (rows * cols)), as the readout reads levels), or in radians
// for the phase.
#pragma once

#include "imaging/SpectrumDisplay.h"
#include "imaging/SpectrumLevels.h"

#include <QWidget>

class QCustomPlot;
class QCPColorScale;

namespace fftscope::gui {

class ColourBar : public QWidget {
  Q_OBJECT

 public:
  explicit ColourBar(QWidget* parent = nullptr);

  // rows, cols: the spectrum's size (the dB reference).
  void showScale(const imaging::DisplaySettings& settings, const imaging::MagnitudeRange& range, int rows, int cols);

  // The ticks as (position 0 .. 1 on the bar, label), bottom to top.
  QVector<QPair<double, QString>> ticks() const { return ticks_; }
  QCPColorScale* scale() const { return scale_; }

  QSize sizeHint() const override { return {72, 200}; }

 private:
  QCustomPlot* plot_;
  QCPColorScale* scale_;
  QVector<QPair<double, QString>> ticks_;
};

}  // namespace fftscope::gui
