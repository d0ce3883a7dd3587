// The spectrum's profiles as plots: the radial profile (the mean level on rings about DC against
// radius in cycles per pixel) with the base filter's response H(f) on a second axis, so the
// meaning of "cutoff" for each response type can be seen (ideal: the edge, Gaussian: H = 0.61,
// Butterworth: H = 0.5; a band by its centre D0 and width W); and the level along a line dragged
// on the spectrum.
#pragma once

#include "imaging/FilterSpec.h"
#include "imaging/SpectrumProfiles.h"

#include <QWidget>

class QCustomPlot;
class QCPItemStraightLine;
class QCPItemText;

namespace fftscope::gui {

class ProfilePlots : public QWidget {
  Q_OBJECT

 public:
  explicit ProfilePlots(QWidget* parent = nullptr);

  void setRadialProfile(const imaging::RadialProfile& profile);
  void setFilter(const imaging::BaseFilter& filter);
  void setLineProfile(const imaging::LineProfile& profile);
  void clearLineProfile();

  QCustomPlot* radialPlot() const { return radial_; }
  QCustomPlot* linePlot() const { return line_; }
  // H(f) as plotted, at the sample nearest to f; and the level's curve at radius f.
  double plottedResponse(double f) const;
  double plottedLevel(double f) const;
  QString cutoffLabel() const;

  static constexpr int kResponseSamples = 501;  // 0 .. 0.5 in steps of 0.001

 private:
  QCustomPlot* radial_;
  QCustomPlot* line_;
  QCPItemStraightLine* cutoffLines_[2];
  QCPItemText* cutoffText_;
  QCPItemText* hint_;
};

}  // namespace fftscope::gui
