// Keeps several ZoomableViews on the same zoom and centre: when one moves, the others follow.
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

namespace fftscope::gui {

class ZoomableView;
struct ViewState;

class ViewSync : public QObject {
  Q_OBJECT

 public:
  explicit ViewSync(QObject* parent = nullptr);
  void add(ZoomableView* view);
  void setEnabled(bool enabled) { enabled_ = enabled; }
  bool isEnabled() const { return enabled_; }

 private:
  void follow(ZoomableView* leader, const ViewState& state);

  QList<QPointer<ZoomableView>> views_;
  bool enabled_ = true;
  bool following_ = false;
};

}  // namespace fftscope::gui
