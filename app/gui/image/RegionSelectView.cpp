#include "image/RegionSelectView.h"

#include <QGraphicsRectItem>
#include <QMouseEvent>
#include <QPen>

#include <cmath>

namespace fftscope::gui {

RegionSelectView::RegionSelectView(QWidget* parent) : ZoomableView(parent) {
  QPen pen(QColor(255, 230, 60), 1.5, Qt::DashLine);
  pen.setCosmetic(true);
  band_ = scene()->addRect(QRectF(), pen);
  band_->setZValue(5);
  band_->setVisible(false);
  setToolTip(tr("Shift-drag a rectangle to see the spectrum of that region (Hann-windowed); Esc returns to the "
                "whole image"));
}

QRect RegionSelectView::pixelsBetween(const QPointF& a, const QPointF& b) const {
  const QRect whole(0, 0, image().width(), image().height());
  const QRect r(QPoint(int(std::floor(std::min(a.x(), b.x()))), int(std::floor(std::min(a.y(), b.y())))),
                QPoint(int(std::ceil(std::max(a.x(), b.x()))) - 1, int(std::ceil(std::max(a.y(), b.y()))) - 1));
  return r & whole;
}

void RegionSelectView::setSelection(const QRect& pixels) {
  selection_ = pixels;
  band_->setRect(QRectF(pixels));
  band_->setVisible(!pixels.isEmpty());
}

void RegionSelectView::clearSelection() { setSelection(QRect()); }

void RegionSelectView::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton && hasImage() && (event->modifiers() & Qt::ShiftModifier)) {
    selecting_ = true;
    from_ = mapToScene(event->pos());
    band_->setRect(QRectF(from_, from_));
    band_->setVisible(true);
    event->accept();
    return;
  }
  ZoomableView::mousePressEvent(event);
}

void RegionSelectView::mouseMoveEvent(QMouseEvent* event) {
  if (selecting_) {
    band_->setRect(QRectF(pixelsBetween(from_, mapToScene(event->pos()))));
    event->accept();
    return;
  }
  ZoomableView::mouseMoveEvent(event);
}

void RegionSelectView::mouseReleaseEvent(QMouseEvent* event) {
  if (selecting_ && event->button() == Qt::LeftButton) {
    selecting_ = false;
    const QRect pixels = pixelsBetween(from_, mapToScene(event->pos()));
    if (pixels.width() >= 8 && pixels.height() >= 8) {
      setSelection(pixels);
      emit regionSelected(pixels);
    } else {
      setSelection(selection_);  // a click: the previous selection stays
    }
    event->accept();
    return;
  }
  ZoomableView::mouseReleaseEvent(event);
}

}  // namespace fftscope::gui
