// Fields (spin boxes, combo boxes, sliders) take the mouse wheel only while they have focus: over
// an unfocused field the wheel scrolls the panel around it, so scrolling a side panel never
// changes the value that happens to pass under the pointer. One filter on the application.
#pragma once

#include <QObject>

namespace fftscope::gui {

class WheelNeedsFocus : public QObject {
  Q_OBJECT

 public:
  // Installs the filter on the application once; later calls do nothing.
  static void install();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  using QObject::QObject;
};

}  // namespace fftscope::gui
