// The spectrum, centred (DC in the middle), with the mask laid over it and the notches marked.
// The left button does what the current tool says: pan, place a notch on a peak, paint with the
// brush (remove) or the eraser (keep). Positions go out in cycles per pixel.
#pragma once

#include "image/ZoomableView.h"
#include "imaging/FilterSpec.h"

#include <QList>

#include <vector>

class QGraphicsEllipseItem;
class QGraphicsLineItem;

namespace fftscope::gui {

class ImageItem;

enum class SpectrumTool { Pan, Notch, Brush, Eraser };

class SpectrumView : public ZoomableView {
  Q_OBJECT

 public:
  explicit SpectrumView(QWidget* parent = nullptr);

  void setTool(SpectrumTool tool);
  SpectrumTool tool() const { return tool_; }
  void setBrushRadius(double cyclesPerPixel);  // the brush outline under the pointer
  void setOverlay(const QImage& overlay);
  void setOverlayVisible(bool visible);
  bool overlayVisible() const;
  void setNotches(const std::vector<imaging::Notch>& notches);
  void setAxesVisible(bool visible);  // frequency ticks along the edges (SpectrumAxes.h)
  bool axesVisible() const { return axes_; }
  // A ring on the bin the readout snapped to (display position), or none.
  void showSnapMark(const QPointF& binCentre);
  void hideSnapMark();
  // Shift-drag draws a line for the line profile; this draws one as if dragged (frequencies).
  void setProfileLine(double fx0, double fy0, double fx1, double fy1);
  void clearProfileLine();

  // (fx, fy) in cycles per pixel of a position in the picture (pixel centres at +0.5).
  QPointF frequencyAt(const QPointF& scenePos) const;

 signals:
  void hovered(int x, int y);  // the displayed bin under the pointer
  void left();                 // the pointer left the view
  void notchPlaced(double fx, double fy);
  void strokeBegun();
  void strokeDisc(double fx, double fy);  // the brush or the eraser, as the tool says
  void strokeEnded();
  void lineDrawn(double fx0, double fy0, double fx1, double fy1);  // cycles per pixel

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void drawForeground(QPainter* painter, const QRectF& rect) override;

 private:
  void paintAt(const QPointF& scenePos);
  void updateCursorOutline(const QPointF& scenePos);

  SpectrumTool tool_ = SpectrumTool::Pan;
  double brushRadius_ = 0.01;
  ImageItem* overlay_ = nullptr;
  QGraphicsEllipseItem* outline_ = nullptr;
  QList<QGraphicsEllipseItem*> notchMarks_;
  QGraphicsLineItem* line_ = nullptr;
  QGraphicsEllipseItem* snapMark_ = nullptr;
  bool drawingLine_ = false;
  bool axes_ = true;
  bool painting_ = false;
  QPointF lastPainted_;
};

}  // namespace fftscope::gui
