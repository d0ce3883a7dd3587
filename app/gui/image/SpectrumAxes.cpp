#include "image/SpectrumAxes.h"

#include <QGraphicsView>
#include <QPainter>

#include <cmath>

namespace fftscope::gui {

double tickStep(double pixelsPerUnit, double minPixels) {
  const double raw = minPixels / std::max(pixelsPerUnit, 1e-12);
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= raw) return m * decade;
  return 10 * decade;
}

void drawFrequencyAxes(QPainter& painter, const QGraphicsView& view, int cols, int rows) {
  if (cols <= 0 || rows <= 0) return;
  // Along the picture's edges where it is smaller than the view, else along the view's.
  const QRect picture = view.mapFromScene(QRectF(0, 0, cols, rows)).boundingRect();
  const QRect area = picture & view.viewport()->rect();
  if (area.width() < 60 || area.height() < 60) return;
  // Scene x of frequency f: the centre of bin f * cols, shown at column f * cols + cols / 2.
  auto xOf = [&](double f) { return view.mapFromScene(QPointF(f * cols + cols / 2 + 0.5, 0)).x(); };
  auto yOf = [&](double f) { return view.mapFromScene(QPointF(0, f * rows + rows / 2 + 0.5)).y(); };
  const double pxPerX = std::abs(xOf(0.5) - xOf(-0.5));
  const double pxPerY = std::abs(yOf(0.5) - yOf(-0.5));
  const QFontMetrics metrics(painter.font());
  const int band = metrics.height() + 6;

  painter.save();
  painter.resetTransform();
  painter.setRenderHint(QPainter::Antialiasing, false);
  const QColor shade(0, 0, 0, 120);
  painter.fillRect(QRect(area.left(), area.bottom() - band + 1, area.width(), band), shade);
  painter.fillRect(QRect(area.left(), area.top(), band + metrics.horizontalAdvance(QStringLiteral("-0.00")) - 8,
                         area.height() - band), shade);
  painter.setPen(QColor(235, 235, 235));

  const double stepX = tickStep(pxPerX, metrics.horizontalAdvance(QStringLiteral("-0.00")) + 8);
  const int decimalsX = std::max(1, int(std::ceil(-std::log10(stepX))));
  for (double f = std::ceil(-0.5 / stepX) * stepX; f <= 0.5 + 1e-9; f += stepX) {
    const int x = xOf(f);
    // Clear of the fy labels on the left and of the axis name on the right.
    if (x < area.left() + band * 2 || x > area.right() - metrics.horizontalAdvance(QObject::tr("fx c/px")) - 36) continue;
    painter.drawLine(x, area.bottom() - band + 1, x, area.bottom() - band + 5);
    const QString label = QString::number(std::abs(f) < 1e-12 ? 0.0 : f, 'f', decimalsX);
    painter.drawText(QRect(x - 40, area.bottom() - band + 4, 80, band - 4), Qt::AlignHCenter | Qt::AlignVCenter, label);
  }
  const double stepY = tickStep(pxPerY, metrics.height() * 2.5);
  const int decimalsY = std::max(1, int(std::ceil(-std::log10(stepY))));
  for (double f = std::ceil(-0.5 / stepY) * stepY; f <= 0.5 + 1e-9; f += stepY) {
    const int y = yOf(f);
    if (y < area.top() + metrics.height() + 4 || y > area.bottom() - band - 4) continue;
    painter.drawLine(area.left(), y, area.left() + 4, y);
    const QString label = QString::number(std::abs(f) < 1e-12 ? 0.0 : f, 'f', decimalsY);
    painter.drawText(QRect(area.left() + 9, y - band / 2, 60, band), Qt::AlignLeft | Qt::AlignVCenter, label);
  }
  painter.drawText(QRect(area.right() - 120, area.bottom() - band + 1, 116, band), Qt::AlignRight | Qt::AlignVCenter,
                   QObject::tr("fx c/px"));
  painter.drawText(QRect(area.left() + 6, area.top() + 2, 80, metrics.height()), Qt::AlignLeft | Qt::AlignTop,
                   QObject::tr("fy c/px"));
  painter.restore();
}

}  // namespace fftscope::gui
