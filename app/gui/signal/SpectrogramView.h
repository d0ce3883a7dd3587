// The spectrogram as a colour map: time across (sharing the time plot's axis range, so zoom and
// pan follow each other), frequency up on a linear or log axis, level in dBFS coloured between a
// floor and a top. The map is resampled to the axis rect's pixels at each layout (on screen and
// in an export alike), each pixel keeping the loudest cell it covers (PeakDownsample.h), so a
// narrow tone reads its level at any size; the readout under the pointer names that cell.
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
  void setLogFrequency(bool log);
  bool logFrequency() const { return log_; }
  QCPColorMap* colourMap() const { return map_; }
  SpectrogramOutcomePtr outcome() const { return outcome_; }
  // The spectrogram cell drawn at a widget position: time, frequency, level; none off the data.
  struct Cell {
    double seconds, hertz, dbfs;
  };
  std::optional<Cell> cellAt(QPointF position) const;
  QString readout() const { return readout_->visible() ? readout_->text() : QString(); }

 protected:
  void updateLayout() override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

 private:
  void resample();
  void fitFrequency();

  QCPColorMap* map_;
  QCPColorScale* scale_;
  SpectrogramOutcomePtr outcome_;
  QCPItemText* caption_;
  QCPItemText* readout_;
  bool log_ = false;
  // What the map was last resampled for: a replot with the same skips the work.
  struct Sampled {
    const void* outcome = nullptr;
    QRect rect;
    QCPRange time, frequency;
    bool operator==(const Sampled&) const = default;
  } sampled_;
};

}  // namespace fftscope::gui
