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
  explicit FlowGraphLegend(QWidget* parent = nullptr);

  // A twiddle w = exp(∓2πi·fraction), fraction = k/N in [0, 1).
  static QColor edgeColour(double fraction);
  // A value of this phase (radians) and magnitude relative to the largest shown (0..1).
  static QColor nodeColour(double phase, double relativeMagnitude);
  static void paint(QPainter& painter, const QRectF& area);
  // The height the legend takes in this width (it wraps into rows).
  static double heightFor(double width);
  // The legend's words, for tests and tooltips.
  static QStringList captions();

  bool hasHeightForWidth() const override;
  int heightForWidth(int width) const override;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  // Paints into `area` (measures only, with no painter); returns the height used.
  static double layOut(QPainter* painter, const QRectF& area);
};

}  // namespace fftscope::gui
