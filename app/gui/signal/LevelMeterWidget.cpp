#include "signal/LevelMeterWidget.h"

#include <QPainter>

#include <algorithm>

namespace fftscope::gui {

namespace {
constexpr double kLowestDb = -60.0;
constexpr int kLabelWidth = 150;
constexpr int kClipWidth = 34;
}  // namespace

LevelMeterWidget::LevelMeterWidget(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize LevelMeterWidget::sizeHint() const { return {400, 2 * 16 + 6}; }

void LevelMeterWidget::showLevels(const std::vector<signal::ChannelLevel>& levels) {
  const bool resize = levels.size() != levels_.size();
  levels_ = levels;
  if (resize) setFixedHeight(int(std::max<std::size_t>(levels_.size(), 1)) * 16 + 6);
  update();
}

void LevelMeterWidget::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().window());
  const int barLeft = kLabelWidth, barRight = width() - kClipWidth - 6;
  auto xOf = [&](double db) {
    const double t = std::clamp((db - kLowestDb) / -kLowestDb, 0.0, 1.0);
    return barLeft + int(t * (barRight - barLeft));
  };
  for (std::size_t c = 0; c < levels_.size(); ++c) {
    const signal::ChannelLevel& level = levels_[c];
    const int top = 3 + int(c) * 16;
    const QRect bar(barLeft, top, barRight - barLeft, 12);
    painter.fillRect(bar, QColor(40, 40, 40));
    const int rmsX = xOf(level.rmsDbfs);
    QLinearGradient fill(bar.topLeft(), bar.topRight());
    fill.setColorAt(0.0, QColor(40, 170, 70));
    fill.setColorAt(0.8, QColor(220, 200, 40));
    fill.setColorAt(1.0, QColor(220, 50, 40));
    painter.fillRect(QRect(barLeft, top, rmsX - barLeft, 12), fill);
    painter.fillRect(QRect(xOf(level.peakDbfs) - 1, top, 2, 12), Qt::white);
    painter.setPen(palette().color(QPalette::WindowText));
    const QString text = tr("%1  RMS %2  peak %3")
                             .arg(levels_.size() == 2 ? (c == 0 ? tr("L") : tr("R")) : QString::number(c + 1))
                             .arg(std::max(level.rmsDbfs, -99.9), 0, 'f', 1)
                             .arg(std::max(level.peakDbfs, -99.9), 0, 'f', 1);
    painter.drawText(QRect(0, top - 2, kLabelWidth - 6, 16), Qt::AlignRight | Qt::AlignVCenter, text);
    const QRect clip(width() - kClipWidth - 2, top, kClipWidth, 12);
    painter.fillRect(clip, level.clipping ? QColor(220, 30, 30) : QColor(70, 30, 30));
    painter.setPen(Qt::white);
    painter.drawText(clip, Qt::AlignCenter, tr("CLIP"));
  }
}

}  // namespace fftscope::gui
