// The live spectrum: amplitude dBFS against a logarithmic frequency axis in hertz, with the notes
// of equal temperament (A4 = 440 Hz) named along the top at each C and A.
#pragma once

#include <qcustomplot.h>

#include <vector>

namespace fftscope::gui {

// The nearest note to `hertz` with its deviation, e.g. "A4 +3 ct" (empty below 8 Hz).
QString noteName(double hertz);

class LiveSpectrumPlot : public QCustomPlot {
  Q_OBJECT

 public:
  explicit LiveSpectrumPlot(QWidget* parent = nullptr);
  // Levels of bins 0 .. n/2 at `sampleRate`; draws on the next replot.
  void showSpectrum(const std::vector<double>& db, double sampleRate);
  // The frequency and level of the highest bin above 20 Hz, as last shown.
  double peakHertz() const { return peakHertz_; }
  double peakDb() const { return peakDb_; }

 private:
  QCPGraph* graph_;
  QCPItemText* peakLabel_;
  double peakHertz_ = 0.0;
  double peakDb_ = -400.0;
  double shownRate_ = 0.0;
};

}  // namespace fftscope::gui
