#include "widgets/ElidingStatusBar.h"

#include <QPainter>
#include <QStyleOption>

namespace fftscope::gui {

ElidingStatusBar::ElidingStatusBar(QWidget* parent) : QStatusBar(parent) {
  connect(this, &QStatusBar::messageChanged, this, [this](const QString& message) {
    setToolTip(shownText() == message ? QString() : message);
  });
}

QRect ElidingStatusBar::messageRect() const {
  // From the left edge to the first visible child (the permanent widgets sit on the right).
  int right = width() - 4;
  for (QWidget* child : findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
    if (child->isVisible() && child->x() > 0) right = std::min(right, child->x() - 6);
  return QRect(6, 0, std::max(0, right - 6), height());
}

QString ElidingStatusBar::shownText() const {
  return fontMetrics().elidedText(currentMessage(), Qt::ElideRight, messageRect().width());
}

void ElidingStatusBar::paintEvent(QPaintEvent* event) {
  if (currentMessage().isEmpty()) {
    QStatusBar::paintEvent(event);
    return;
  }
  QPainter painter(this);
  QStyleOption option;
  option.initFrom(this);
  style()->drawPrimitive(QStyle::PE_PanelStatusBar, &option, &painter, this);
  painter.setPen(palette().windowText().color());
  painter.drawText(messageRect(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shownText());
}

}  // namespace fftscope::gui
