// The signal against time: drawn from min/max envelopes per pixel (so an hour of audio pans as
// smoothly as a second), the filtered signal over it, the analysed range shaded, and the play
// position. Wheel zooms and drag pans the time axis; Shift+drag selects the range to analyse.
#pragma once

#include "signal/SignalEnvelope.h"

#include <qcustomplot.h>

namespace fftscope::gui {

class TimePlot : public QCustomPlot {
  Q_OBJECT

 public:
  explicit TimePlot(QWidget* parent = nullptr);

  void showSignal(EnvelopePtr original);  // shows the whole signal
  void showFiltered(EnvelopePtr filtered);  // null hides the filtered trace
  void setSelection(double fromSeconds, double toSeconds);  // to <= from: none
  void setPlayPosition(double seconds);  // < 0 hides it
  void showWhole();
  double duration() const;

 signals:
  void selectionChanged(double fromSeconds, double toSeconds);  // to <= from: the whole signal

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void onRangeChanged(const QCPRange& range);
  void redraw();
  void drawTrace(const EnvelopePtr& envelope, QCPGraph* lo, QCPGraph* hi);
  void onPress(QMouseEvent* event);
  void onMove(QMouseEvent* event);
  void onRelease(QMouseEvent* event);

  EnvelopePtr original_, filtered_;
  QCPGraph *originalLo_, *originalHi_, *filteredLo_, *filteredHi_;
  QCPItemRect* selection_;
  QCPItemStraightLine* playLine_;
  bool selecting_ = false;
  double selectFrom_ = 0.0;
  bool bounding_ = false;
};

}  // namespace fftscope::gui
