// The last few seconds of device work as a timeline: one row per kernel kind, a bar per launch
// or transfer from its start to its end on the device's clock. Where the work in view ran on
// several devices, one row per device instead, its bars coloured by kind (the colours of the
// history chart's legend beside it);
// the devices' clocks are taken as one (OpenCL gives no common clock; a driver's devices share one). Records arrive from the
// TimingFeed; the plot is redrawn at most about 30 times a second, and freezes while paused.
#pragma once

#include "engine/TimingFeed.h"

#include <QWidget>

#include <deque>
#include <string>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPErrorBars;

namespace fftscope::gui {

class LiveTimeline : public QWidget {
  Q_OBJECT

 public:
  explicit LiveTimeline(QWidget* parent = nullptr);

  void add(const TimingBatch& batch);
  void setPaused(bool paused);
  bool isPaused() const { return paused_; }
  void setWindowSeconds(double seconds);
  void setCopyBandwidth(double gbs) { copyGBs_ = gbs; }
  void clear();

  QCustomPlot* plot() const { return plot_; }
  // Bars drawn at the last redraw, per kind (tests read it).
  int barsShown() const { return barsShown_; }
  // The rows' labels at the last redraw, top to bottom: kinds, or devices where several.
  QStringList rowLabels() const;
  // Redraws now if anything changed since the last redraw (the timer calls it).
  void redraw();

 private:
  void showHover(const QPoint& at);
  // The row a record is drawn in (0 at the top), or -1 where it is not drawn.
  int rowOf(const TimingRecord& r) const;
  void labelRows();

  QCustomPlot* plot_;
  std::vector<QCPGraph*> rows_;
  std::vector<QCPErrorBars*> bars_;
  std::deque<TimingRecord> records_;
  std::vector<std::string> devices_;  // several devices in view, in order; else empty
  double windowSeconds_ = 3.0;
  double copyGBs_ = 0;
  bool paused_ = false;
  bool dirty_ = false;
  int barsShown_ = 0;
  std::uint64_t originNs_ = 0;  // the device time the axis counts from
};

}  // namespace fftscope::gui
