// A sweep's results as charts, one QCustomPlot each: time against size (log–log, quartiles as
// error bars), GFLOP/s, effective GB/s with the copy ceiling of the same run, accuracy against
// FFTW beside its gate, and the per-pass breakdown of one size as stacked bars. Results that
// failed verification are never drawn as times. Overlaid runs (opened from files) are dashed.
// What is drawn is bounded by what a chart can show, whatever the results hold: beyond that the
// first series and passes are drawn and a note above the charts says how many of how many.
#pragma once

#include "bench/BenchResult.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QCustomPlot;
class QTabWidget;

namespace fftscope::gui {

class SweepCharts : public QWidget {
  Q_OBJECT

 public:
  explicit SweepCharts(QWidget* parent = nullptr);

  // The current run (drawn solid) and any overlaid runs (dashed, labelled with their source).
  void setResults(const std::vector<bench::BenchResult>& current,
                  const std::vector<std::pair<QString, bench::BenchReport>>& overlays);

  QCustomPlot* timePlot() const { return time_; }
  QCustomPlot* passesPlot() const { return passes_; }
  QCustomPlot* currentPlot() const;
  // What the current chart shows, as a title for its export.
  QString currentTitle() const;
  // Points drawn in the time chart, over all series (tests read it).
  int timePointsDrawn() const;
  QStringList timeSeriesNames() const;
  // "Showing N of M ...", or empty when everything is drawn.
  QString note() const;

 private:
  void drawBreakdown();

  QTabWidget* tabs_;
  QLabel* note_;
  QString seriesNote_;
  QCustomPlot* time_;
  QCustomPlot* gflops_;
  QCustomPlot* gbs_;
  QCustomPlot* accuracy_;
  QCustomPlot* passes_;
  QComboBox* breakdownSize_;
  std::vector<bench::BenchResult> current_;
};

}  // namespace fftscope::gui
