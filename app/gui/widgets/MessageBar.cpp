#include "widgets/MessageBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace fftscope::gui {

MessageBar::MessageBar(QWidget* parent) : QFrame(parent) {
  setFrameShape(QFrame::StyledPanel);
  label_ = new QLabel;
  label_->setWordWrap(true);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* close = new QToolButton;
  close->setText(QStringLiteral("✕"));
  close->setAutoRaise(true);
  close->setToolTip(tr("Dismiss"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(8, 4, 4, 4);
  layout->addWidget(label_, 1);
  layout->addWidget(close);
  connect(close, &QToolButton::clicked, this, &QWidget::hide);
  hide();
}

void MessageBar::showMessage(const QString& text, Kind kind) {
  kind_ = kind;
  const char* style = kind == Kind::Error     ? "background: #5c2323; border: 1px solid #a04040;"
                      : kind == Kind::Warning ? "background: #5a4a1e; border: 1px solid #a08a40;"
                                              : "background: #1f3d5a; border: 1px solid #40709f;";
  const char* ink = kind == Kind::Error ? "#ffe3e0" : kind == Kind::Warning ? "#fff3d6" : "#e2f0ff";
  setStyleSheet(QStringLiteral("fftscope--gui--MessageBar { %1 border-radius: 3px; }"
                               " fftscope--gui--MessageBar QLabel, fftscope--gui--MessageBar QToolButton { color: %2; }")
                    .arg(QLatin1String(style), QLatin1String(ink)));
  label_->setText(text);
  show();
  emit shown();
}

QString MessageBar::text() const { return isVisible() ? label_->text() : QString(); }

}  // namespace fftscope::gui
