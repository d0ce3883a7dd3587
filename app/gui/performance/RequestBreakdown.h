// The latest requests' times from the user's action to the picture on screen, one horizontal
// stacked bar each (newest at the top), split into queue, build, upload, kernels, download, host,
// delivery and drawing (RequestTiming.h). Hovering a bar names each part's ms; clicking one shows
// its parts in the table below (the newest request's until one is clicked).
#pragma once

#include "engine/RequestTiming.h"

#include <QWidget>

#include <deque>
#include <vector>

class QCustomPlot;
class QCPBars;
class QLabel;

namespace fftscope::gui {

class RequestBreakdown : public QWidget {
  Q_OBJECT

 public:
  explicit RequestBreakdown(QWidget* parent = nullptr);

  // A finished request, new or changed (drawn since): replaces the one with its id.
  void add(const RequestTiming& timing);
  void clear();
  void redraw();
  // Shows request `index` of requests() in the table; -1: always the newest.
  void select(int index);

  const std::deque<RequestTiming>& requests() const { return requests_; }  // oldest first
  QCustomPlot* plot() const { return plot_; }
  QString detailsText() const;
  static int capacity() { return 30; }

 private:
  void showHover(const QPoint& at);
  void showDetails();
  int requestAt(const QPoint& at) const;  // -1: none

  QCustomPlot* plot_;
  QLabel* details_;
  std::vector<QCPBars*> bars_;  // one per RequestPart, stacked left to right
  std::deque<RequestTiming> requests_;
  quint64 selected_ = 0;  // the id shown in the table; 0: the newest
  bool dirty_ = false;
};

}  // namespace fftscope::gui
