#include "shell/PlaceholderWorkspace.h"

#include <QLabel>
#include <QVBoxLayout>

namespace fftscope::gui {

PlaceholderWorkspace::PlaceholderWorkspace(const QString& title, const QString& description, QWidget* parent)
    : QWidget(parent) {
  auto* heading = new QLabel(title);
  heading->setStyleSheet(QStringLiteral("font-size: 18pt; font-weight: 600;"));
  heading->setAlignment(Qt::AlignCenter);
  auto* text = new QLabel(description);
  text->setWordWrap(true);
  text->setAlignment(Qt::AlignCenter);
  text->setMaximumWidth(560);
  auto* soon = new QLabel(tr("This workspace arrives in a later version."));
  soon->setAlignment(Qt::AlignCenter);
  soon->setStyleSheet(QStringLiteral("color: palette(mid);"));
  auto* layout = new QVBoxLayout(this);
  layout->addStretch(1);
  layout->addWidget(heading);
  layout->addWidget(text, 0, Qt::AlignHCenter);
  layout->addWidget(soon);
  layout->addStretch(2);
}

}  // namespace fftscope::gui
