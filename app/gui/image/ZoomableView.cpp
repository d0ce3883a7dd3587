#include "image/ZoomableView.h"

#include "image/ImageItem.h"

#include <QGraphicsScene>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace fftscope::gui {
namespace {
constexpr double kMinZoom = 0.25;
constexpr double kMaxZoom = 64.0;
constexpr double kStep = 1.25;
}  // namespace

ZoomableView::ZoomableView(QWidget* parent) : QGraphicsView(parent) {
  setScene(new QGraphicsScene(this));
  pixmap_ = new ImageItem;  // pixels stay pixels when zoomed in
  scene()->addItem(pixmap_);
  setBackgroundBrush(QColor(38, 38, 42));
  setFrameShape(QFrame::NoFrame);
  setTransformationAnchor(QGraphicsView::NoAnchor);
  setResizeAnchor(QGraphicsView::NoAnchor);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  setMinimumSize(160, 160);
  setMouseTracking(true);
}

void ZoomableView::setImage(const QImage& image, bool keepView) {
  const bool sizeChanged = image.size() != image_.size();
  const ViewState state = viewState();
  image_ = image;
  pixmap_->setImage(image);
  scene()->setSceneRect(QRectF(QPointF(0, 0), QSizeF(image.size())));
  if (sizeChanged || !keepView) {
    applyZoom(1.0, {0.5, 0.5});
  } else {
    applyZoom(state.zoom, state.centre);
  }
}

void ZoomableView::setLeftButtonPans(bool pans) { leftPans_ = pans; }

double ZoomableView::fitScale() const {
  if (image_.isNull()) return 1.0;
  const QSize room = viewport()->size();
  return std::max(1e-3, std::min(double(room.width()) / image_.width(), double(room.height()) / image_.height()));
}


ViewState ZoomableView::viewState() const {
  ViewState state;
  state.zoom = zoom_;
  if (!image_.isNull()) {
    const QPointF c = mapToScene(viewport()->rect().center());
    state.centre = {c.x() / image_.width(), c.y() / image_.height()};
  }
  return state;
}

void ZoomableView::setViewState(const ViewState& state) { applyZoom(state.zoom, state.centre); }

void ZoomableView::applyZoom(double zoom, const QPointF& centreFraction) {
  ++applying_;
  zoom_ = std::clamp(zoom, kMinZoom, kMaxZoom);
  const double scale = fitScale() * zoom_;
  setTransform(QTransform::fromScale(scale, scale));
  if (!image_.isNull()) centerOn(centreFraction.x() * image_.width(), centreFraction.y() * image_.height());
  --applying_;
}

void ZoomableView::announce() {
  if (applying_ == 0 && !image_.isNull()) emit viewChanged(viewState());
}

void ZoomableView::zoomBy(double factor, const QPoint& anchor) {
  if (image_.isNull()) return;
  const QPointF before = mapToScene(anchor);
  const double newZoom = std::clamp(zoom_ * factor, kMinZoom, kMaxZoom);
  ++applying_;
  zoom_ = newZoom;
  const double scale = fitScale() * zoom_;
  setTransform(QTransform::fromScale(scale, scale));
  // Keep the scene point under the anchor where it was.
  const QPointF after = mapToScene(anchor);
  const QPointF centre = mapToScene(viewport()->rect().center()) + (before - after);
  centerOn(centre);
  --applying_;
  announce();
}

void ZoomableView::zoomIn() { zoomBy(kStep, viewport()->rect().center()); }
void ZoomableView::zoomOut() { zoomBy(1.0 / kStep, viewport()->rect().center()); }

void ZoomableView::fitToWindow() {
  applyZoom(1.0, {0.5, 0.5});
  announce();
}

void ZoomableView::zoomToActualSize() {
  const ViewState state = viewState();
  applyZoom(1.0 / fitScale(), state.centre);
  announce();
}

void ZoomableView::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0) return;
  zoomBy(std::pow(kStep, steps), event->position().toPoint());
  event->accept();
}

void ZoomableView::resizeEvent(QResizeEvent* event) {
  const ViewState state = viewState();
  QGraphicsView::resizeEvent(event);
  applyZoom(state.zoom, state.centre);
}

void ZoomableView::mousePressEvent(QMouseEvent* event) {
  const bool pan = event->button() == Qt::MiddleButton || event->button() == Qt::RightButton ||
                   (event->button() == Qt::LeftButton && leftPans_);
  if (pan) {
    panning_ = true;
    panFrom_ = event->pos();
    viewport()->setCursor(Qt::ClosedHandCursor);
    event->accept();
    return;
  }
  QGraphicsView::mousePressEvent(event);
}

void ZoomableView::mouseMoveEvent(QMouseEvent* event) {
  if (panning_) {
    const QPoint delta = event->pos() - panFrom_;
    panFrom_ = event->pos();
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
    event->accept();
    return;
  }
  QGraphicsView::mouseMoveEvent(event);
}

void ZoomableView::mouseReleaseEvent(QMouseEvent* event) {
  if (panning_) {
    panning_ = false;
    viewport()->unsetCursor();
    event->accept();
    return;
  }
  QGraphicsView::mouseReleaseEvent(event);
}

void ZoomableView::paintEvent(QPaintEvent* event) {
  QGraphicsView::paintEvent(event);
  emit painted();
}

void ZoomableView::scrollContentsBy(int dx, int dy) {
  QGraphicsView::scrollContentsBy(dx, dy);
  announce();
}

}  // namespace fftscope::gui
