// What the flow graph's colours mean, drawn the same way under the view and in exported diagrams:
// an edge's hue is the angle of its twiddle (grey: no twiddle), a node's hue is the phase of its
// value and its brightness the magnitude (white: zero, or not computed yet), and a shaded band
// holds the stages of one kernel launch. The colour functions are the graph's own.
#pragma once

#include <QColor>
#include <QWidget>

class QPainter;

namespace fftscope::gui {

class FlowGraphLegend : public QWidget {
  Q_OBJECT

 public:
  static constexpr double kHeight = 58;  // pixels (or SVG units) the legend needs

  explicit FlowGraphLegend(QWidget* parent = nullptr);

  // A twiddle w = exp(∓2πi·fraction), fraction = k/N in [0, 1).
  static QColor edgeColour(double fraction);
  // A value of this phase (radians) and magnitude relative to the largest shown (0..1).
  static QColor nodeColour(double phase, double relativeMagnitude);
  static void paint(QPainter& painter, const QRectF& area);
  // The legend's words, for tests and tooltips.
  static QStringList captions();

 protected:
  void paintEvent(QPaintEvent* event) override;
};

}  // namespace fftscope::gui
