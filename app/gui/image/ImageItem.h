// A QImage in a graphics scene, drawn from the image itself: unlike a QGraphicsPixmapItem it
// makes no pixmap copy (a 4096 x 4096 view would otherwise hold its picture twice, the pixmap
// often in a wider format). The image is shared with the model's immutable result.
// With keepPeaks on (a spectrum), a zoomed-out view draws in each screen pixel the brightest
// picture pixel it covers (PeakDownsample.h) instead of one picked by position, so an isolated
// bright bin shows at any zoom.
#pragma once

#include <QGraphicsItem>
#include <QImage>

#include <cstdint>
#include <vector>

namespace fftscope::gui {

class ImageItem : public QGraphicsItem {
 public:
  ImageItem();
  void setImage(const QImage& image);
  const QImage& image() const { return image_; }
  void setKeepPeaks(bool on);

  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  void paintPeaks(QPainter* painter, const QRectF& exposed);

  QImage image_;
  bool keepPeaks_ = false;
  std::vector<std::uint8_t> brightness_;  // keepPeaks only: each pixel's grey level, row-major
};

}  // namespace fftscope::gui
