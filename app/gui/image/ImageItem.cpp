#include "image/ImageItem.h"

#include "signal/PeakDownsample.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace fftscope::gui {

ImageItem::ImageItem() { setFlag(QGraphicsItem::ItemUsesExtendedStyleOption); }

void ImageItem::setImage(const QImage& image) {
  prepareGeometryChange();
  image_ = image;
  brightness_.clear();
  update();
}

void ImageItem::setKeepPeaks(bool on) {
  keepPeaks_ = on;
  brightness_.clear();
  update();
}

QRectF ImageItem::boundingRect() const { return QRectF(QPointF(0, 0), QSizeF(image_.size())); }

void ImageItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  if (image_.isNull()) return;
  // Only the exposed part, and pixels stay pixels when zoomed in.
  const QRectF exposed = option->exposedRect.intersected(boundingRect()).toAlignedRect();
  if (exposed.isEmpty()) return;
  const QTransform& t = painter->worldTransform();
  if (keepPeaks_ && !t.isRotating() && (std::abs(t.m11()) < 1.0 || std::abs(t.m22()) < 1.0)) {
    paintPeaks(painter, exposed);
    return;
  }
  painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
  painter->drawImage(exposed, image_, exposed);
}

void ImageItem::paintPeaks(QPainter* painter, const QRectF& exposed) {
  const int width = image_.width(), height = image_.height();
  if (brightness_.empty()) {
    brightness_.resize(std::size_t(width) * std::size_t(height));
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) brightness_[std::size_t(y) * std::size_t(width) + std::size_t(x)] = std::uint8_t(qGray(image_.pixel(x, y)));
  }
  const QTransform t = painter->worldTransform();
  const QTransform back = t.inverted();
  const QRect device = t.mapRect(exposed).toAlignedRect();
  // Picture pixel i sits at item position i + 0.5: the edges of each device pixel in picture positions.
  std::vector<double> colEdges(std::size_t(device.width()) + 1), rowEdges(std::size_t(device.height()) + 1);
  for (std::size_t c = 0; c < colEdges.size(); ++c) colEdges[c] = back.map(QPointF(device.left() + double(c), 0.0)).x() - 0.5;
  for (std::size_t r = 0; r < rowEdges.size(); ++r) rowEdges[r] = back.map(QPointF(0.0, device.top() + double(r))).y() - 0.5;
  const std::vector<std::size_t> chosen = signal::peakGridIndices(brightness_, std::size_t(width), rowEdges, colEdges);
  QImage pooled(device.size(), QImage::Format_ARGB32);
  for (int y = 0; y < device.height(); ++y) {
    auto* line = reinterpret_cast<QRgb*>(pooled.scanLine(y));
    for (int x = 0; x < device.width(); ++x) {
      const std::size_t index = chosen[std::size_t(y) * std::size_t(device.width()) + std::size_t(x)];
      line[x] = index == signal::kNoInput ? qRgba(0, 0, 0, 0)
                                          : image_.pixel(int(index % std::size_t(width)), int(index / std::size_t(width)));
    }
  }
  painter->save();
  painter->resetTransform();
  painter->drawImage(device.topLeft(), pooled);
  painter->restore();
}

}  // namespace fftscope::gui
