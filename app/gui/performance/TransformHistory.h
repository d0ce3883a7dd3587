// The last couple of hundred requests served by the engine as stacked bars, one colour per kernel
// kind, so each transform's split into passes, transposes and transfers is seen at a glance. A
// request is every record with the same workspace and request number. Hovering a bar's segment
// names its launches: kernel, parameters, time, GB/s and share of the copy bandwidth.
#pragma once

#include "engine/TimingFeed.h"

#include <QWidget>

#include <deque>
#include <vector>

class QCustomPlot;
class QCPBars;

namespace fftscope::gui {

class TransformHistory : public QWidget {
  Q_OBJECT

 public:
  explicit TransformHistory(QWidget* parent = nullptr);

  void add(const TimingBatch& batch);
  void setPaused(bool paused);
  void setCopyBandwidth(double gbs) { copyGBs_ = gbs; }
  void clear();
  void redraw();

  QCustomPlot* plot() const { return plot_; }
  int requestsShown() const { return static_cast<int>(requests_.size()); }
  static int capacity() { return 200; }

 private:
  struct Request {
    std::string workspace;
    std::uint64_t request = 0;
    std::vector<TimingRecord> records;
  };
  void showHover(const QPoint& at);

  QCustomPlot* plot_;
  std::vector<QCPBars*> bars_;  // one per kernel kind, stacked in kernelKinds() order
  std::deque<Request> requests_;
  double copyGBs_ = 0;
  bool paused_ = false;
  bool dirty_ = false;
};

}  // namespace fftscope::gui
