#include "widgets/WheelNeedsFocus.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QScrollBar>

namespace fftscope::gui {

namespace {

// Scroll bars are sliders too, but the wheel is theirs: scroll areas hand them their wheel events.
bool isField(const QObject* object) {
  return qobject_cast<const QAbstractSpinBox*>(object) || qobject_cast<const QComboBox*>(object) ||
         (qobject_cast<const QAbstractSlider*>(object) && !qobject_cast<const QScrollBar*>(object));
}

}  // namespace

void WheelNeedsFocus::install() {
  if (!qApp || qApp->findChild<WheelNeedsFocus*>(QString(), Qt::FindDirectChildrenOnly)) return;
  qApp->installEventFilter(new WheelNeedsFocus(qApp));
}

bool WheelNeedsFocus::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Polish && isField(watched)) {
    // A wheel over a field must not give it focus either, or the next notch would change it.
    auto* field = static_cast<QWidget*>(watched);
    if (field->focusPolicy() == Qt::WheelFocus) field->setFocusPolicy(Qt::StrongFocus);
  } else if (event->type() == QEvent::Wheel && isField(watched) && !static_cast<QWidget*>(watched)->hasFocus()) {
    // Ignored and consumed: the field does not see it, and Qt offers it to the field's parents
    // (the scroll area of the panel).
    event->ignore();
    return true;
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace fftscope::gui
