#include "image/ImageItem.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace fftscope::gui {

ImageItem::ImageItem() { setFlag(QGraphicsItem::ItemUsesExtendedStyleOption); }

void ImageItem::setImage(const QImage& image) {
  prepareGeometryChange();
  image_ = image;
  update();
}

QRectF ImageItem::boundingRect() const { return QRectF(QPointF(0, 0), QSizeF(image_.size())); }

void ImageItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  if (image_.isNull()) return;
  // Only the exposed part, and pixels stay pixels when zoomed in.
  const QRectF exposed = option->exposedRect.intersected(boundingRect()).toAlignedRect();
  if (exposed.isEmpty()) return;
  painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
  painter->drawImage(exposed, image_, exposed);
}

}  // namespace fftscope::gui
