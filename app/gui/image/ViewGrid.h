// Arranges the workspace's panes (original, spectrum, filtered) so that the pictures fill the
// space: of one row, one column and two by two, it takes the arrangement in which each picture,
// fitted to its cell, is largest. Wide windows and tall images come out side by side, tall
// windows stacked, near-square ones two by two.
#pragma once

#include <QList>
#include <QSize>
#include <QWidget>

namespace fftscope::gui {

struct GridShape {
  int rows = 1;
  int cols = 3;
};

// The shape for `count` pictures of aspect `pictureAspect` (width / height) in `area`, each cell
// losing `chromeHeight` pixels to its caption; `gap` pixels between cells.
GridShape bestGridShape(int count, double pictureAspect, QSize area, int chromeHeight, int gap);

class ViewGrid : public QWidget {
  Q_OBJECT

 public:
  explicit ViewGrid(QWidget* parent = nullptr);

  void addPane(QWidget* pane);  // reparents it
  void takePanes();             // gives them up (for the tabbed arrangement)
  void setPictureAspect(double widthOverHeight);
  void setChromeHeight(int pixels) { chromeHeight_ = pixels; relayout(); }
  GridShape shape() const { return shape_; }
  // The height the pictures cannot use in the arrangement chosen (cells taller than the fitted
  // pictures need), which the workspace may give to the plots below.
  int slackHeight(QSize area) const;

  QSize sizeHint() const override { return {900, 500}; }
  QSize minimumSizeHint() const override { return {240, 160}; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void relayout();

  QList<QWidget*> panes_;
  double aspect_ = 1.0;
  int chromeHeight_ = 24;
  GridShape shape_;
  static constexpr int kGap = 6;
};

}  // namespace fftscope::gui
