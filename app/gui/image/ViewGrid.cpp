#include "image/ViewGrid.h"

#include <QResizeEvent>

#include <algorithm>

namespace fftscope::gui {

GridShape bestGridShape(int count, double pictureAspect, QSize area, int chromeHeight, int gap) {
  const GridShape candidates[] = {{1, count}, {count, 1}, {2, (count + 1) / 2}};
  GridShape best = candidates[0];
  double bestScale = -1;
  for (const GridShape& shape : candidates) {
    const double cellW = double(area.width() - gap * (shape.cols - 1)) / shape.cols;
    const double cellH = double(area.height() - gap * (shape.rows - 1)) / shape.rows - chromeHeight;
    if (cellW <= 0 || cellH <= 0) continue;
    // The picture's height once fitted: larger is better; ties keep the earlier (one row).
    const double scale = std::min(cellW / pictureAspect, cellH);
    if (scale > bestScale * 1.02) {
      bestScale = scale;
      best = shape;
    }
  }
  return best;
}

ViewGrid::ViewGrid(QWidget* parent) : QWidget(parent) {}

void ViewGrid::addPane(QWidget* pane) {
  pane->setParent(this);
  panes_ << pane;
  pane->show();
  relayout();
}

void ViewGrid::takePanes() {
  for (QWidget* pane : panes_) pane->setParent(nullptr);
  panes_.clear();
}

void ViewGrid::setPictureAspect(double widthOverHeight) {
  if (widthOverHeight > 0) aspect_ = widthOverHeight;
  relayout();
}

int ViewGrid::slackHeight(QSize area) const {
  if (panes_.isEmpty()) return 0;
  const GridShape shape = bestGridShape(int(panes_.size()), aspect_, area, chromeHeight_, kGap);
  const double cellW = double(area.width() - kGap * (shape.cols - 1)) / shape.cols;
  const double cellH = double(area.height() - kGap * (shape.rows - 1)) / shape.rows - chromeHeight_;
  const double pictureH = std::min(cellH, cellW / aspect_);
  return std::max(0, int((cellH - pictureH) * shape.rows));
}

void ViewGrid::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  relayout();
}

void ViewGrid::relayout() {
  if (panes_.isEmpty()) return;
  const int n = int(panes_.size());
  shape_ = bestGridShape(n, aspect_, size(), chromeHeight_, kGap);
  const int cellW = (width() - kGap * (shape_.cols - 1)) / shape_.cols;
  const int cellH = (height() - kGap * (shape_.rows - 1)) / shape_.rows;
  for (int i = 0; i < n; ++i) {
    const int row = i / shape_.cols, col = i % shape_.cols;
    // The last pane of a two-by-two with an odd count spans its row: no empty cell.
    const bool spans = shape_.rows == 2 && shape_.cols == 2 && n == 3 && i == 2;
    const int w = spans ? width() : cellW;
    const int x = spans ? 0 : col * (cellW + kGap);
    panes_[i]->setGeometry(x, row * (cellH + kGap), w, cellH);
  }
}

}  // namespace fftscope::gui
