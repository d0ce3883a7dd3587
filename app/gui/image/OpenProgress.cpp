#include "image/OpenProgress.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace fftscope::gui {

OpenProgress::OpenProgress(QWidget* parent) : QFrame(parent) {
  label_ = new QLabel;
  busy_ = new QProgressBar;
  busy_->setRange(0, 0);  // busy: the engine's steps have no known length
  busy_->setMaximumWidth(160);
  busy_->setTextVisible(false);
  cancel_ = new QPushButton(tr("Cancel"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(8, 2, 8, 2);
  layout->addWidget(label_, 1);
  layout->addWidget(busy_);
  layout->addWidget(cancel_);
  delay_.setSingleShot(true);
  delay_.setInterval(300);  // quick opens never flash the bar
  connect(&delay_, &QTimer::timeout, this, &QWidget::show);
  connect(cancel_, &QPushButton::clicked, this, [this] {
    cancel_->setEnabled(false);
    label_->setText(tr("Cancelling the opening of %1…").arg(name_));
    emit cancelRequested();
  });
  hide();
}

void OpenProgress::begin(const QString& name) {
  name_ = name;
  label_->setText(tr("Opening %1…").arg(name));
  cancel_->setEnabled(true);
  delay_.start();
}

void OpenProgress::setStage(const QString& stage) {
  if (cancel_->isEnabled()) label_->setText(tr("Opening %1: %2…").arg(name_, stage));
}

void OpenProgress::finish() {
  delay_.stop();
  hide();
}

QString OpenProgress::text() const { return label_->text(); }

}  // namespace fftscope::gui
