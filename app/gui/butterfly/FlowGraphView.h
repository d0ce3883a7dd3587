// Draws a flow graph: one column of nodes per boundary (the buffer between two butterfly stages),
// edges from what a stage reads to what it writes, coloured by twiddle exponent, stages of one
// kernel launch shaded together. Nodes show the values stepped so far (phase as hue, magnitude
// as brightness). Hovering a node tells its index in binary (the bits its pass inserts marked),
// the formula that made it, the twiddles exactly and as stored, and the device's value beside
// the CPU reference. The wheel scrolls, Ctrl+wheel and +/- zoom, 0 fits, dragging pans; a graph too
// tall to read whole opens fitted to the width. render() draws the whole graph and its legend.
#pragma once

#include "export/ViewData.h"
#include "graph/FlowGraph.h"

#include <QImage>
#include <QWidget>

#include <complex>
#include <map>
#include <optional>
#include <vector>

namespace fftscope::gui {

using ValueVector = std::vector<std::complex<double>>;

class FlowGraphView : public QWidget {
  Q_OBJECT

 public:
  explicit FlowGraphView(QWidget* parent = nullptr);

  void setGraph(graph::FlowGraph graph);
  const graph::FlowGraph& graph() const { return graph_; }
  // reference[b]: the CPU's values at boundary b; shown for b < knownBoundaries. device: the
  // buffer read back after a launch, keyed by the boundary it corresponds to.
  void setValues(std::vector<ValueVector> reference, std::map<std::size_t, ValueVector> device,
                 std::size_t knownBoundaries);
  void setLaunchTimes(std::vector<double> milliseconds) { launchMs_ = std::move(milliseconds); update(); }

  // The text hovering node (boundary, element) shows.
  QString describeNode(std::size_t boundary, std::size_t element) const;
  // The whole graph into target (export), whatever the zoom.
  void render(QPainter& painter, const QRectF& target) const;
  QSizeF graphSize() const;
  // The whole graph with the CPU's values of its first `boundaries` boundaries (the device's
  // where stepped), on white: a frame of the stage-by-stage animation.
  QImage renderStage(std::size_t boundaries, QSize size);
  std::size_t boundaryCount() const { return reference_.size(); }
  // The values stepped so far, one row per (boundary, element): the CPU's, and the device's where
  // a launch read them back (NaN elsewhere).
  ViewData nodeValues() const;
  // The whole graph in the view.
  void fit();
  // The width in the view, at most 1:1, from the top: the first view of a graph.
  void fitWidth();
  double zoom() const { return zoom_; }
  // Zooms about the centre of the view (or `at`, in widget pixels).
  void setZoom(double zoom, std::optional<QPointF> at = std::nullopt);
  void zoomIn() { setZoom(zoom_ * kZoomStep); }
  void zoomOut() { setZoom(zoom_ / kZoomStep); }
  static constexpr double kZoomStep = 1.25, kMinZoom = 0.05, kMaxZoom = 8;

 signals:
  void zoomChanged(double zoom);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  QPointF node(std::size_t boundary, std::size_t element) const;
  void paintGraph(QPainter& painter, double pixelsPerUnit) const;
  bool nodeAt(const QPointF& graphPoint, std::size_t& boundary, std::size_t& element) const;
  QTransform viewTransform() const;
  void fitForReading();

  graph::FlowGraph graph_;
  // ownerOf_[c][e]: the butterfly and output slot of column c that write element e.
  std::vector<std::vector<std::pair<int, int>>> ownerOf_;
  std::vector<ValueVector> reference_;
  std::map<std::size_t, ValueVector> device_;
  std::size_t known_ = 0;
  double maxMagnitude_ = 1;
  std::vector<double> launchMs_;
  double zoom_ = 1;
  QPointF offset_;  // widget pixels
  QPoint dragFrom_;
  bool dragging_ = false;
  // A fitted view follows the widget's size until the user zooms or pans.
  enum class FitMode { None, Whole, Width } fitMode_ = FitMode::Whole;
  // The graph at `zoom` (within the limits), centred across, from its top.
  void showCentred(double zoom, FitMode mode);
  long hoverBoundary_ = -1, hoverElement_ = -1;
};

}  // namespace fftscope::gui
