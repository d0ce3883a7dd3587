#include "image/ComputeIndicator.h"

#include <QTimer>

#include <algorithm>

namespace fftscope::gui {

namespace {
// A quarter-circle that turns: reads as "busy" without an animation framework.
const QString kFrames[] = {QStringLiteral("◐"), QStringLiteral("◓"), QStringLiteral("◑"), QStringLiteral("◒")};
}

ComputeIndicator::ComputeIndicator(QWidget* parent) : QLabel(parent), timer_(new QTimer(this)) {
  setObjectName(QStringLiteral("computeIndicator"));
  setStyleSheet(QStringLiteral("QLabel#computeIndicator { background: rgba(32, 32, 32, 200); color: white;"
                               " border-radius: 4px; padding: 3px 8px; }"));
  setAttribute(Qt::WA_TransparentForMouseEvents);
  timer_->setInterval(100);
  connect(timer_, &QTimer::timeout, this, &ComputeIndicator::refresh);
  hide();
}

void ComputeIndicator::begin(const QString& what) {
  what_ = what;
  if (!busy_) {
    busy_ = true;
    clock_.start();
    timer_->start();
  }
  refresh();
}

void ComputeIndicator::finish() {
  busy_ = false;
  timer_->stop();
  hide();
}

double ComputeIndicator::elapsedSeconds() const { return busy_ ? double(clock_.elapsed()) / 1000.0 : 0.0; }

QString ComputeIndicator::busyText() const {
  if (!busy_) return {};
  return tr("Computing %1… %2 s").arg(what_).arg(elapsedSeconds(), 0, 'f', 1);
}

void ComputeIndicator::refresh() {
  if (!busy_) return;
  // The name of the filter gives way (elided) before the elapsed time, which comes last.
  QString what = what_;
  if (parentWidget()) {
    const QFontMetrics metrics(font());
    const QString frame = tr("Computing %1… %2 s").arg(QString()).arg(elapsedSeconds(), 0, 'f', 1);
    const int room = parentWidget()->width() - 40 - metrics.horizontalAdvance(kFrames[0] + QStringLiteral(" ") + frame);
    what = metrics.elidedText(what_, Qt::ElideRight, std::max(40, room));
  }
  // An elided name already ends in "…".
  setText(kFrames[frame_++ % 4] + QLatin1Char(' ') +
          (what == what_ ? tr("Computing %1… %2 s") : tr("Computing %1 %2 s")).arg(what).arg(elapsedSeconds(), 0, 'f', 1));
  setToolTip(tr("The result on screen is older: %1 is being computed on the engine thread.").arg(what_));
  if (clock_.elapsed() >= kShowAfterMs && !isVisible()) {
    show();
    raise();
  }
}

}  // namespace fftscope::gui
