// A drawn gain curve for the filter: gain in dB against frequency (log axis). A click adds a
// point, dragging moves one, a right click removes one; each finished edit is handed on whole.
// Behind the points, the whole filter's response |H(f)| in dB as the FIR is designed from it
// (signal::filterGain: base filter, notches and curve), so a band's edges and depth can be seen.
#pragma once

#include "signal/FilterDesign.h"

#include <qcustomplot.h>

#include <vector>

namespace fftscope::gui {

class GainCurveEditor : public QCustomPlot {
  Q_OBJECT

 public:
  explicit GainCurveEditor(QWidget* parent = nullptr);

  void showCurve(const std::vector<signal::GainPoint>& points);  // no edit is emitted
  void setSampleRate(double rate);
  void showResponse(const signal::SignalFilterSpec& spec);  // the filter whose |H(f)| is drawn
  // The response as drawn, in dB, at the sample nearest to f.
  double plottedResponseDb(double frequencyHz) const;
  static constexpr int kResponseSamples = 2048;  // log-spaced over the axis, plus the band edges and notches
  const std::vector<signal::GainPoint>& points() const { return points_; }
  // What a click at (frequency, gain) does.
  void addPoint(double frequencyHz, double gainDb);

 signals:
  void curveEdited(const std::vector<fftscope::signal::GainPoint>& points);

 private:
  int pointNear(const QPoint& pixel) const;  // -1 when none is within reach
  signal::GainPoint pointAt(const QPoint& pixel) const;
  void redraw();
  void redrawResponse();
  void onPress(QMouseEvent* event);
  void onMove(QMouseEvent* event);
  void onRelease(QMouseEvent* event);

  std::vector<signal::GainPoint> points_;
  signal::SignalFilterSpec spec_;
  QCPGraph* response_;
  QCPGraph* curve_;
  int dragging_ = -1;
  double nyquist_ = 24000.0;
  double rate_ = 48000.0;
};

}  // namespace fftscope::gui
