// A status bar whose temporary message is elided ("…") where it would run under the permanent
// widgets, with the whole message as its tooltip, so a long path or error never pushes or clips.
#pragma once

#include <QStatusBar>

namespace fftscope::gui {

class ElidingStatusBar : public QStatusBar {
  Q_OBJECT

 public:
  explicit ElidingStatusBar(QWidget* parent = nullptr);

  QString shownText() const;  // the message as drawn (elided or whole)

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QRect messageRect() const;
};

}  // namespace fftscope::gui
