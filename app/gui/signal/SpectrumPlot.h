// The spectrum of the analysed range: the original trace, the filtered one over it, the peaks
// marked with their interpolated frequency and level (labels kept inside the plot), and a readout
// of the frequency and level under the mouse in a line above the plot, where no label or trace
// is under it, cleared when the pointer leaves. Wheel zooms and drag pans; double-click asks for
// a notch at that frequency.
#pragma once

#include "signal/SignalResults.h"

#include <qcustomplot.h>

namespace fftscope::gui {

class SpectrumPlot : public QCustomPlot {
  Q_OBJECT

 public:
  explicit SpectrumPlot(QWidget* parent = nullptr);

  void showSpectrum(SpectrumOutcomePtr outcome);
  void setLogFrequency(bool log);
  bool logFrequency() const { return log_; }
  QString readout() const;
  const QList<QCPItemText*>& peakLabels() const { return peakLabels_; }
  QCPTextElement* readoutElement() const { return readout_; }
  // The level shown at a frequency (nearest bin) on the original (or filtered) trace.
  double levelAt(double frequencyHz, bool filtered = false) const;

 signals:
  void notchRequested(double frequencyHz);
  // The plot was painted (what its last replot drew is on screen).
  void painted();

 private:
  void fill(QCPGraph* graph, const signal::Spectrum& spectrum);
  void fitView();
  void onMove(QMouseEvent* event);
  void leaveEvent(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;
  void placeLabel(QCPItemText* label, double frequencyHz, double level);

  SpectrumOutcomePtr outcome_;
  QCPGraph *original_, *filtered_, *peaks_;
  QList<QCPItemText*> peakLabels_;
  QCPTextElement* readout_;
  QCPItemTracer* tracer_;
  bool log_ = false;
  signal::SpectrumScale shownScale_ = signal::SpectrumScale::Dbfs;
  double shownRate_ = 0.0;
};

}  // namespace fftscope::gui
