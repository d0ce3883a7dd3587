// An image in a QGraphicsView: zoom with the wheel (about the mouse), pan by dragging, fit to the
// window. The zoom is relative to "fit", and the centre is a fraction of the picture, so that views
// of pictures of different sizes (an image and its padded spectrum) can follow one another.
#pragma once

#include <QGraphicsView>
#include <QImage>
#include <QPointF>


namespace fftscope::gui {

class ImageItem;

struct ViewState {
  double zoom = 1.0;           // 1: the whole picture fits the view
  QPointF centre{0.5, 0.5};    // the view's centre as a fraction of the picture
};

class ZoomableView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit ZoomableView(QWidget* parent = nullptr);

  // keepView: the zoom and centre stay (a new result of the same picture).
  void setImage(const QImage& image, bool keepView = true);
  const QImage& image() const { return image_; }
  bool hasImage() const { return !image_.isNull(); }

  ViewState viewState() const;
  void setViewState(const ViewState& state);  // does not emit viewChanged

  // Left-button drag pans (the default); subclasses that use the left button for tools turn it off.
  void setLeftButtonPans(bool pans);

 public slots:
  void zoomIn();
  void zoomOut();
  void fitToWindow();
  void zoomToActualSize();

 signals:
  void viewChanged(const fftscope::gui::ViewState& state);
  void imageClicked();  // for tabs: where the pointer was
  // The view was painted (the picture set last is on screen).
  void painted();

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void scrollContentsBy(int dx, int dy) override;
  void paintEvent(QPaintEvent* event) override;

  ImageItem* pixmapItem() const { return pixmap_; }
  double fitScale() const;

 private:
  void applyZoom(double zoom, const QPointF& centreFraction);
  void zoomBy(double factor, const QPoint& anchor);
  void announce();

  QImage image_;
  ImageItem* pixmap_ = nullptr;
  double zoom_ = 1.0;
  bool leftPans_ = true;
  bool panning_ = false;
  QPoint panFrom_;
  int applying_ = 0;
};

}  // namespace fftscope::gui

Q_DECLARE_METATYPE(fftscope::gui::ViewState)
