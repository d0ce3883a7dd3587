#include "butterfly/MemoryView.h"

#include <QMouseEvent>
#include <cmath>
#include <QPainter>
#include <QToolTip>

namespace fftscope::gui {

namespace {

constexpr int kLabel = 64, kRowHeight = 14, kTitle = 18;

QColor segmentColour(std::uint64_t segment) {
  // Neighbouring segments get distant hues, so a strided access shows as a rainbow.
  const double hue = std::fmod(double(segment) * 0.618033988749895, 1.0);
  return QColor::fromHsvF(float(hue), 0.55f, 0.95f);
}

std::vector<const graph::WarpAccess*> rowsOf(const graph::PassAccessView& v) {
  std::vector<const graph::WarpAccess*> rows;
  for (const auto& a : v.reads) rows.push_back(&a);
  for (const auto& a : v.writes) rows.push_back(&a);
  return rows;
}

}  // namespace

MemoryView::MemoryView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setMinimumHeight(120);
}

void MemoryView::setView(std::optional<graph::PassAccessView> view) {
  view_ = std::move(view);
  if (view_) setMinimumHeight(kTitle + kRowHeight * int(rowsOf(*view_).size()) + 8);
  update();
}

QString MemoryView::summary() const {
  if (!view_) return tr("No global-memory pass selected.");
  return tr("%1: one warp of %2 work-items, %3-byte elements; reads use %4% of the bytes they fetch, writes %5%")
      .arg(QString::fromStdString(view_->label))
      .arg(view_->activeWorkItems)
      .arg(view_->elementBytes)
      .arg(100 * view_->readEfficiency, 0, 'f', 0)
      .arg(100 * view_->writeEfficiency, 0, 'f', 0);
}

void MemoryView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), Qt::white);
  if (!view_) {
    painter.drawText(rect(), Qt::AlignCenter, summary());
    return;
  }
  const auto rows = rowsOf(*view_);
  const int items = int(std::max<std::size_t>(1, view_->activeWorkItems));
  const double cell = double(width() - kLabel - 70) / items;
  QFont small = painter.font();
  small.setPointSizeF(8);
  painter.setFont(small);
  painter.drawText(QRect(0, 0, width(), kTitle), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("work-item 0 → %1; colour: 128-byte segment").arg(items - 1));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const graph::WarpAccess& a = *rows[r];
    const int y = kTitle + int(r) * kRowHeight;
    painter.setPen(Qt::black);
    painter.drawText(QRect(0, y, kLabel - 4, kRowHeight), Qt::AlignRight | Qt::AlignVCenter,
                     QStringLiteral("%1 m=%2").arg(a.write ? tr("write") : tr("read")).arg(a.slot));
    for (std::size_t i = 0; i < a.segments.size(); ++i)
      painter.fillRect(QRectF(kLabel + cell * double(i), y + 1, std::max(1.0, cell - 1), kRowHeight - 2),
                       segmentColour(a.segments[i]));
    painter.drawText(QRect(width() - 68, y, 68, kRowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("%1 seg (≥%2)").arg(a.segmentsTouched).arg(a.minimumSegments));
  }
}

void MemoryView::mouseMoveEvent(QMouseEvent* event) {
  if (!view_) return;
  const auto rows = rowsOf(*view_);
  const int r = (event->pos().y() - kTitle) / kRowHeight;
  const int items = int(std::max<std::size_t>(1, view_->activeWorkItems));
  const double cell = double(width() - kLabel - 70) / items;
  const int i = int((event->pos().x() - kLabel) / cell);
  if (r < 0 || r >= int(rows.size()) || i < 0 || i >= int(rows[std::size_t(r)]->addresses.size()))
    return QToolTip::hideText();
  const graph::WarpAccess& a = *rows[std::size_t(r)];
  QToolTip::showText(event->globalPosition().toPoint(),
                     tr("work-item %1 %2 byte %3 (segment %4); this instruction touches %5 segments, %6 runs")
                         .arg(i).arg(a.write ? tr("writes") : tr("reads")).arg(a.addresses[std::size_t(i)])
                         .arg(a.segments[std::size_t(i)]).arg(a.segmentsTouched).arg(a.contiguousRuns),
                     this);
}

}  // namespace fftscope::gui
