// The original image's view, where a Shift-drag selects a rectangle whose spectrum the spectrum
// view then shows (ImageJ's FFT of a selection). The rectangle stays drawn until it is cleared.
#pragma once

#include "image/ZoomableView.h"

#include <QRect>

class QGraphicsRectItem;

namespace fftscope::gui {

class RegionSelectView : public ZoomableView {
  Q_OBJECT

 public:
  explicit RegionSelectView(QWidget* parent = nullptr);

  void setSelection(const QRect& pixels);  // draws it, without emitting
  void clearSelection();                   // without emitting
  QRect selection() const { return selection_; }

 signals:
  void regionSelected(const QRect& pixels);  // in image pixels, within the image

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  QRect pixelsBetween(const QPointF& a, const QPointF& b) const;

  QGraphicsRectItem* band_ = nullptr;
  QPointF from_;
  bool selecting_ = false;
  QRect selection_;
};

}  // namespace fftscope::gui
