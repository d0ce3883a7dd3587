#include "image/ColourBar.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <numbers>

namespace fftscope::gui {

ColourBar::ColourBar(QWidget* parent) : QWidget(parent) {
  plot_ = new QCustomPlot;
  plot_->setObjectName(QStringLiteral("colourBar"));
  plot_->plotLayout()->clear();
  plot_->setBackground(palette().window());
  scale_ = new QCPColorScale(plot_);
  plot_->plotLayout()->addElement(0, 0, scale_);
  scale_->setType(QCPAxis::atRight);
  scale_->setBarWidth(12);
  scale_->setDataRange(QCPRange(0.0, 1.0));
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  scale_->axis()->setTickLabelFont(small);
  scale_->axis()->setLabelFont(small);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  setMinimumWidth(64);
  setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
}

void ColourBar::showScale(const imaging::DisplaySettings& settings, const imaging::MagnitudeRange& range, int rows,
                     int cols) {
  QCPColorGradient gradient;
  gradient.clearColorStops();
  const imaging::ColourTable& table = imaging::colourTable(settings.colourMap);
  for (int i = 0; i <= 16; ++i) {
    const imaging::Rgb& c = table[std::size_t(std::min(255, i * 16))];
    gradient.setColorStopAt(i / 16.0, QColor(c[0], c[1], c[2]));
  }
  scale_->setGradient(gradient);

  ticks_.clear();
  if (settings.quantity == imaging::SpectrumQuantity::Phase) {
    scale_->axis()->setLabel(tr("phase (rad)"));
    for (double phase : {-std::numbers::pi, -std::numbers::pi / 2, 0.0, std::numbers::pi / 2, std::numbers::pi}) {
      const double t = ((phase + std::numbers::pi) / (2 * std::numbers::pi) - settings.blackLevel) /
                       (settings.whiteLevel - settings.blackLevel);
      if (t >= -1e-9 && t <= 1 + 1e-9) ticks_.append({std::pow(std::clamp(t, 0.0, 1.0), settings.gamma),
                                                      QString::number(phase, 'f', 2)});
    }
  } else {
    scale_->axis()->setLabel(tr("level (dB)"));
    const double n = double(rows) * cols;
    const double top = 20 * std::log10(std::max(range.max, 1e-30) / n);
    const double bottom = std::max(top - 200.0, 20 * std::log10(std::max(range.min, n * 1e-10) / n));
    const double span = top - bottom;
    const double step = span > 120 ? 40 : span > 60 ? 20 : span > 24 ? 10 : 5;
    for (double db = std::ceil(bottom / step) * step; db <= top + 1e-9; db += step) {
      const auto position = imaging::displayPosition(settings, range, imaging::magnitudeOfLevel(db, rows, cols));
      if (position) ticks_.append({*position, QString::number(db, 'f', 0)});
    }
  }
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  // Labels closer than a tenth of the bar would overlap: keep the first of each crowd.
  double last = -1.0;
  for (const auto& [position, label] : ticks_)
    if (position - last >= 0.08) {
      ticker->addTick(position, label);
      last = position;
    }
  scale_->axis()->setTicker(ticker);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace fftscope::gui
