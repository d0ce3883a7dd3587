// Fractional-octave band levels as bars, labelled with the bands' nominal mid-band frequencies
// (every band at 1/1 and 1/3 octave, fewer at finer fractions).
#pragma once

#include "signal/OctaveBands.h"

#include <qcustomplot.h>

#include <vector>

namespace fftscope::gui {

class LiveBandsPlot : public QCustomPlot {
  Q_OBJECT

 public:
  explicit LiveBandsPlot(QWidget* parent = nullptr);
  void showBands(const std::vector<signal::OctaveBand>& bands, const std::vector<double>& levelsDb, const QString& unit);

 private:
  QCPBars* bars_;
  std::vector<double> labelled_;  // the centres the ticker was built for
};

}  // namespace fftscope::gui
