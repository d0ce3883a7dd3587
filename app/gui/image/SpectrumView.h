// The spectrum, centred (DC in the middle), with the mask laid over it and the notches marked.
// The left button does what the current tool says: pan, place a notch on a peak, paint with the
// brush (remove) or the eraser (keep). Positions go out in cycles per pixel.
#pragma once

#include "image/ZoomableView.h"
#include "imaging/FilterSpec.h"

#include <QList>

#include <vector>

class QGraphicsEllipseItem;

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

  // (fx, fy) in cycles per pixel of a position in the picture (pixel centres at +0.5).
  QPointF frequencyAt(const QPointF& scenePos) const;

 signals:
  void hovered(int x, int y);  // the displayed bin under the pointer
  void left();                 // the pointer left the view
  void notchPlaced(double fx, double fy);
  void strokeBegun();
  void strokeDisc(double fx, double fy);  // the brush or the eraser, as the tool says
  void strokeEnded();

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

 private:
  void paintAt(const QPointF& scenePos);
  void updateCursorOutline(const QPointF& scenePos);

  SpectrumTool tool_ = SpectrumTool::Pan;
  double brushRadius_ = 0.01;
  ImageItem* overlay_ = nullptr;
  QGraphicsEllipseItem* outline_ = nullptr;
  QList<QGraphicsEllipseItem*> notchMarks_;
  bool painting_ = false;
  QPointF lastPainted_;
};

}  // namespace fftscope::gui
