#include "image/SpectrumView.h"

#include "image/SpectrumAxes.h"

#include <QGraphicsEllipseItem>
#include "image/ImageItem.h"

#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPen>

#include <cmath>

namespace fftscope::gui {

SpectrumView::SpectrumView(QWidget* parent) : ZoomableView(parent) {
  pixmapItem()->setKeepPeaks(true);  // an isolated bright bin shows however far zoomed out
  overlay_ = new ImageItem;
  scene()->addItem(overlay_);
  overlay_->setZValue(1);
  outline_ = scene()->addEllipse(QRectF(), QPen(QColor(255, 255, 255, 200), 0));
  outline_->setZValue(3);
  outline_->setVisible(false);
  QPen linePen(QColor(255, 230, 60), 1.5);
  linePen.setCosmetic(true);
  line_ = scene()->addLine(QLineF(), linePen);
  line_->setZValue(4);
  line_->setVisible(false);
  QPen snapPen(QColor(255, 230, 60), 1.5);
  snapPen.setCosmetic(true);
  snapMark_ = scene()->addEllipse(QRectF(), snapPen);
  snapMark_->setZValue(4);
  snapMark_->setVisible(false);
  // The axes are drawn in viewport coordinates: a scrolled viewport must be repainted whole.
  setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
  setTool(SpectrumTool::Pan);
}

void SpectrumView::setAxesVisible(bool visible) {
  axes_ = visible;
  viewport()->update();
}

void SpectrumView::drawForeground(QPainter* painter, const QRectF& rect) {
  ZoomableView::drawForeground(painter, rect);
  if (axes_ && hasImage()) drawFrequencyAxes(*painter, *this, image().width(), image().height());
}

void SpectrumView::showSnapMark(const QPointF& binCentre) {
  // A ring of about 8 screen pixels, whatever the zoom.
  const double r = 8.0 / std::max(1e-6, transform().m11());
  snapMark_->setRect(QRectF(binCentre.x() - r, binCentre.y() - r, 2 * r, 2 * r));
  snapMark_->setVisible(true);
}

void SpectrumView::hideSnapMark() { snapMark_->setVisible(false); }

void SpectrumView::setProfileLine(double fx0, double fy0, double fx1, double fy1) {
  const int cols = image().width(), rows = image().height();
  auto at = [cols, rows](double fx, double fy) { return QPointF(fx * cols + cols / 2 + 0.5, fy * rows + rows / 2 + 0.5); };
  line_->setLine(QLineF(at(fx0, fy0), at(fx1, fy1)));
  line_->setVisible(true);
  emit lineDrawn(fx0, fy0, fx1, fy1);
}

void SpectrumView::clearProfileLine() { line_->setVisible(false); }

void SpectrumView::setTool(SpectrumTool tool) {
  tool_ = tool;
  setLeftButtonPans(tool == SpectrumTool::Pan);
  outline_->setVisible(false);
  viewport()->setCursor(tool == SpectrumTool::Pan ? Qt::OpenHandCursor : Qt::CrossCursor);
}

void SpectrumView::setBrushRadius(double cyclesPerPixel) { brushRadius_ = cyclesPerPixel; }

void SpectrumView::setOverlay(const QImage& overlay) { overlay_->setImage(overlay); }
void SpectrumView::setOverlayVisible(bool visible) { overlay_->setVisible(visible); }
bool SpectrumView::overlayVisible() const { return overlay_->isVisible(); }

QPointF SpectrumView::frequencyAt(const QPointF& scenePos) const {
  const int cols = image().width(), rows = image().height();
  if (cols == 0 || rows == 0) return {};
  // Display column x holds signed bin x - cols/2 (SpectrumLayout.h); the bin's centre is x + 0.5.
  return {(scenePos.x() - 0.5 - cols / 2) / cols, (scenePos.y() - 0.5 - rows / 2) / rows};
}

void SpectrumView::setNotches(const std::vector<imaging::Notch>& notches) {
  for (auto* mark : notchMarks_) delete mark;
  notchMarks_.clear();
  const int cols = image().width(), rows = image().height();
  if (cols == 0) return;
  QPen pen(QColor(140, 255, 110), 1.5);
  pen.setCosmetic(true);
  for (const imaging::Notch& n : notches)
    for (int sign : {1, -1}) {
      const double cx = sign * n.fx * cols + cols / 2 + 0.5, cy = sign * n.fy * rows + rows / 2 + 0.5;
      const double rx = std::max(4.0, n.radius * cols), ry = std::max(4.0, n.radius * rows);
      auto* mark = scene()->addEllipse(QRectF(cx - rx, cy - ry, 2 * rx, 2 * ry), pen);
      mark->setZValue(2);
      notchMarks_.append(mark);
    }
}

void SpectrumView::updateCursorOutline(const QPointF& scenePos) {
  const bool brush = tool_ == SpectrumTool::Brush || tool_ == SpectrumTool::Eraser;
  outline_->setVisible(brush && hasImage());
  if (!brush) return;
  const double rx = brushRadius_ * image().width(), ry = brushRadius_ * image().height();
  outline_->setRect(QRectF(scenePos.x() - rx, scenePos.y() - ry, 2 * rx, 2 * ry));
  outline_->setPen(QPen(tool_ == SpectrumTool::Brush ? QColor(255, 120, 90) : QColor(140, 255, 140), 0));
}

void SpectrumView::paintAt(const QPointF& scenePos) {
  const QPointF f = frequencyAt(scenePos);
  emit strokeDisc(f.x(), f.y());
  lastPainted_ = scenePos;
}

void SpectrumView::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton && hasImage() && (event->modifiers() & Qt::ShiftModifier)) {
    const QPointF pos = mapToScene(event->pos());
    drawingLine_ = true;
    line_->setLine(QLineF(pos, pos));
    line_->setVisible(true);
    event->accept();
    return;
  }
  if (event->button() == Qt::LeftButton && hasImage() && tool_ != SpectrumTool::Pan) {
    const QPointF pos = mapToScene(event->pos());
    if (tool_ == SpectrumTool::Notch) {
      const QPointF f = frequencyAt(pos);
      emit notchPlaced(f.x(), f.y());
    } else {
      painting_ = true;
      emit strokeBegun();
      paintAt(pos);
    }
    event->accept();
    return;
  }
  ZoomableView::mousePressEvent(event);
}

void SpectrumView::mouseMoveEvent(QMouseEvent* event) {
  const QPointF pos = mapToScene(event->pos());
  if (hasImage()) {
    const int x = int(std::floor(pos.x())), y = int(std::floor(pos.y()));
    if (x >= 0 && y >= 0 && x < image().width() && y < image().height()) emit hovered(x, y);
    else emit left();
    updateCursorOutline(pos);
  }
  if (drawingLine_) {
    line_->setLine(QLineF(line_->line().p1(), pos));
    event->accept();
    return;
  }
  if (painting_) {
    // Discs half a radius apart along the pointer's path make a continuous stroke however fast
    // the pointer moves, without thousands of discs.
    const double spacing = std::max(1.0, brushRadius_ * image().width() / 2.0);
    const QLineF path(lastPainted_, pos);
    const int steps = int(path.length() / spacing);
    for (int i = 1; i <= steps; ++i) paintAt(path.pointAt(double(i) / steps));
    event->accept();
    return;
  }
  ZoomableView::mouseMoveEvent(event);
}

void SpectrumView::mouseReleaseEvent(QMouseEvent* event) {
  if (drawingLine_ && event->button() == Qt::LeftButton) {
    drawingLine_ = false;
    const QPointF a = frequencyAt(line_->line().p1()), b = frequencyAt(mapToScene(event->pos()));
    line_->setLine(QLineF(line_->line().p1(), mapToScene(event->pos())));
    if (line_->line().length() * transform().m11() >= 3.0) emit lineDrawn(a.x(), a.y(), b.x(), b.y());
    else line_->setVisible(false);  // a click, not a line
    event->accept();
    return;
  }
  if (painting_ && event->button() == Qt::LeftButton) {
    painting_ = false;
    emit strokeEnded();
    event->accept();
    return;
  }
  ZoomableView::mouseReleaseEvent(event);
}

void SpectrumView::leaveEvent(QEvent* event) {
  outline_->setVisible(false);
  emit left();
  ZoomableView::leaveEvent(event);
}

}  // namespace fftscope::gui
