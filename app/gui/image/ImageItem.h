// A QImage in a graphics scene, drawn from the image itself: unlike a QGraphicsPixmapItem it
// makes no pixmap copy (a 4096 x 4096 view would otherwise hold its picture twice, the pixmap
// often in a wider format). The image is shared with the model's immutable result.
#pragma once

#include <QGraphicsItem>
#include <QImage>

namespace fftscope::gui {

class ImageItem : public QGraphicsItem {
 public:
  ImageItem();
  void setImage(const QImage& image);
  const QImage& image() const { return image_; }

  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  QImage image_;
};

}  // namespace fftscope::gui
