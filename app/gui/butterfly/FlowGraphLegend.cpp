#include "butterfly/FlowGraphLegend.h"

#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace fftscope::gui {

namespace {

constexpr double kBar = 120, kBarHeight = 10, kPad = 8;

// A horizontal bar of colours along `colour(t)`, t from 0 to 1, with labels under its ends.
template <typename Colour>
void drawBar(QPainter& painter, QPointF at, Colour colour, const QString& left, const QString& right) {
  QLinearGradient gradient(at, at + QPointF(kBar, 0));
  for (int i = 0; i <= 16; ++i) gradient.setColorAt(i / 16.0, colour(i / 16.0));
  painter.fillRect(QRectF(at, QSizeF(kBar, kBarHeight)), gradient);
  painter.setPen(QColor(60, 60, 60));
  painter.drawRect(QRectF(at, QSizeF(kBar, kBarHeight)));
  painter.drawText(QRectF(at.x() - 30, at.y() + kBarHeight, 60, 16), Qt::AlignCenter, left);
  painter.drawText(QRectF(at.x() + kBar - 30, at.y() + kBarHeight, 60, 16), Qt::AlignCenter, right);
}

}  // namespace

FlowGraphLegend::FlowGraphLegend(QWidget* parent) : QWidget(parent) {
  setMinimumHeight(int(kHeight));
  setMaximumHeight(int(kHeight));
  setToolTip(captions().join(QLatin1Char('\n')));
}

QColor FlowGraphLegend::edgeColour(double fraction) {
  if (fraction <= 0) return QColor(90, 90, 90);
  return QColor::fromHsvF(float(0.8 * std::clamp(fraction, 0.0, 1.0)), 0.9f, 0.85f);
}

QColor FlowGraphLegend::nodeColour(double phase, double relativeMagnitude) {
  const double hue = (phase + M_PI) / (2 * M_PI);
  const double value = 0.35 + 0.65 * std::clamp(relativeMagnitude, 0.0, 1.0);
  return QColor::fromHsvF(float(std::clamp(hue, 0.0, 1.0)), 0.85f, float(value));
}

QStringList FlowGraphLegend::captions() {
  return {tr("Edge colour: twiddle angle k/N (grey: none)"), tr("Node colour: hue = phase, brightness = |value|"),
          tr("Shaded band: one kernel launch")};
}

void FlowGraphLegend::paint(QPainter& painter, const QRectF& area) {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  QFont font = painter.font();
  font.setPixelSize(12);
  painter.setFont(font);
  const QStringList words = captions();
  // Columns of 3 : 4 : 2, the nodes' two bars needing the most room.
  const double unit = std::max(area.width() / 9, 80.0);
  double x = area.left() + kPad, column = 3 * unit;
  const double top = area.top() + 4, barTop = top + 20;
  auto caption = [&](const QString& text) {
    painter.setPen(Qt::black);
    painter.drawText(QRectF(x, top, column - kPad, 18), Qt::AlignLeft | Qt::AlignVCenter,
                     painter.fontMetrics().elidedText(text, Qt::ElideRight, int(column - kPad)));
  };
  caption(words[0]);
  painter.setPen(QColor(60, 60, 60));
  painter.setBrush(edgeColour(0));
  painter.drawRect(QRectF(x + 30, barTop, 16, kBarHeight));
  painter.drawText(QRectF(x, barTop + kBarHeight, 76, 16), Qt::AlignCenter, tr("w⁰ = 1"));
  drawBar(painter, {x + 90, barTop}, [](double t) { return edgeColour(std::max(t, 1e-3)); }, tr("k/N → 0"),
          tr("1"));
  x += column;
  column = 4 * unit;
  caption(words[1]);
  drawBar(painter, {x + 30, barTop}, [](double t) { return nodeColour((2 * t - 1) * M_PI, 1); }, tr("−180°"),
          tr("+180°"));
  drawBar(painter, {x + 70 + kBar, barTop}, [](double t) { return t == 0 ? QColor(Qt::white) : nodeColour(0, t); },
          tr("0 or not yet"), tr("largest"));
  x += column;
  column = 2 * unit;
  caption(words[2]);
  painter.fillRect(QRectF(x + 30, barTop, 40, kBarHeight), QColor(240, 244, 250));
  painter.fillRect(QRectF(x + 70, barTop, 40, kBarHeight), QColor(250, 247, 240));
  painter.restore();
}

void FlowGraphLegend::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), Qt::white);
  paint(painter, QRectF(rect()));
}

}  // namespace fftscope::gui
