#include "butterfly/FlowGraphLegend.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <functional>
#include <vector>
#include <cmath>

namespace fftscope::gui {

namespace {

constexpr double kBar = 56, kSwatch = 14, kRowHeight = 22, kGap = 6, kGroupGap = 22;

// One entry of the legend: a swatch painted into a rectangle, and its words after it.
struct Entry {
  double swatchWidth;
  std::function<void(QPainter&, const QRectF&)> swatch;
  QString text;
  bool round = false;
};

struct Group {
  QString caption;
  std::vector<Entry> entries;
};

template <typename Colour>
Entry bar(Colour colour, const QString& text) {
  return {kBar, [colour](QPainter& painter, const QRectF& r) {
            QLinearGradient gradient(r.topLeft(), r.topRight());
            for (int i = 0; i <= 16; ++i) gradient.setColorAt(i / 16.0, colour(i / 16.0));
            painter.fillRect(r, gradient);
          },
          text};
}

Entry swatch(QColor colour, const QString& text, bool round = false) {
  return {kSwatch, [colour, round](QPainter& painter, const QRectF& r) {
            painter.setBrush(colour);
            if (round) painter.drawEllipse(r);
            else painter.drawRect(r);
          },
          text, round};
}

std::vector<Group> groups() {
  const QStringList captions = FlowGraphLegend::captions();
  auto captionOf = [&captions](int i) { return captions[i].section(QLatin1Char(':'), 0, 0) + QLatin1Char(':'); };
  return {
      {captionOf(0),
       {swatch(FlowGraphLegend::edgeColour(0), FlowGraphLegend::tr("no twiddle")),
        bar([](double t) { return FlowGraphLegend::edgeColour(std::max(t, 1e-3)); },
            FlowGraphLegend::tr("angle k/N, 0 to 1"))}},
      {captionOf(1),
       {bar([](double t) { return FlowGraphLegend::nodeColour((2 * t - 1) * M_PI, 1); },
            FlowGraphLegend::tr("phase −180° to 180°")),
        bar([](double t) { return FlowGraphLegend::nodeColour(0, t); }, FlowGraphLegend::tr("magnitude 0 to max")),
        swatch(Qt::white, FlowGraphLegend::tr("zero or not yet computed"), true)}},
      {captionOf(2),
       {{2 * kSwatch, [](QPainter& painter, const QRectF& r) {
           painter.fillRect(QRectF(r.topLeft(), QSizeF(r.width() / 2, r.height())), QColor(250, 247, 240));
           painter.fillRect(QRectF(r.center().x(), r.top(), r.width() / 2, r.height()), QColor(240, 244, 250));
         },
         FlowGraphLegend::tr("one kernel launch")}}},
  };
}

}  // namespace

FlowGraphLegend::FlowGraphLegend(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
  setToolTip(captions().join(QLatin1Char('\n')));
}

bool FlowGraphLegend::hasHeightForWidth() const { return true; }
int FlowGraphLegend::heightForWidth(int width) const { return int(std::ceil(heightFor(width))); }
QSize FlowGraphLegend::sizeHint() const { return {600, heightForWidth(600)}; }
QSize FlowGraphLegend::minimumSizeHint() const { return {300, heightForWidth(300)}; }

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
  return {tr("Edge colour: the twiddle's angle k/N of a turn (grey: no twiddle)"),
          tr("Node colour: hue is the value's phase, brightness its magnitude (white: zero or not yet computed)"),
          tr("Shaded band: the stages one kernel launch computes")};
}

double FlowGraphLegend::heightFor(double width) { return layOut(nullptr, QRectF(0, 0, width, 1e6)); }

void FlowGraphLegend::paint(QPainter& painter, const QRectF& area) { layOut(&painter, area); }

double FlowGraphLegend::layOut(QPainter* painter, const QRectF& area) {
  QFont font = painter ? painter->font() : QFont();
  font.setPixelSize(12);
  const QFontMetricsF metrics(font);
  if (painter) {
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(font);
  }
  // Left to right, a group starting a new row where it would not fit.
  double x = area.left() + kGap, y = area.top() + 6;
  auto place = [&](double width, bool groupStart) {
    if (x + width > area.right() && x > area.left() + kGap) {
      x = area.left() + kGap;
      y += kRowHeight;
    } else if (groupStart && x > area.left() + kGap) {
      x += kGroupGap;
    }
  };
  auto text = [&](const QString& words, QColor ink) {
    if (!painter) return;
    painter->setPen(ink);
    painter->drawText(QPointF(x, y + 12), words);
  };
  for (const Group& group : groups()) {
    double width = metrics.horizontalAdvance(group.caption) + kGap;
    for (const Entry& e : group.entries) width += e.swatchWidth + kGap + metrics.horizontalAdvance(e.text) + kGap;
    place(width + kGroupGap, true);
    text(group.caption, Qt::black);
    x += metrics.horizontalAdvance(group.caption) + kGap;
    for (const Entry& e : group.entries) {
      const double textWidth = metrics.horizontalAdvance(e.text);
      place(e.swatchWidth + kGap + textWidth, false);
      if (painter) {
        painter->setPen(QColor(60, 60, 60));
        painter->setBrush(Qt::NoBrush);
        const QRectF box(x, y + 2, e.swatchWidth, kSwatch - 2);
        e.swatch(*painter, box);
        painter->setBrush(Qt::NoBrush);
        if (!e.round) painter->drawRect(box);
      }
      x += e.swatchWidth + kGap;
      text(e.text, QColor(40, 40, 40));
      x += textWidth + kGap + 4;
    }
  }
  if (painter) painter->restore();
  return y + kRowHeight - area.top();
}

void FlowGraphLegend::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), Qt::white);
  paint(painter, QRectF(rect()));
}

}  // namespace fftscope::gui
