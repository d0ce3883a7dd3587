#include "signal/LiveSpectrogram.h"

#include <QPainter>

#include <cmath>
#include <cstring>

namespace fftscope::gui {

namespace {
constexpr int kColumns = 960;  // eight seconds at two spectra a frame at 60 Hz, twenty at 4096 points, 75%
constexpr int kPixelRows = 256;
constexpr int kAxisWidth = 52;
}  // namespace

LiveSpectrogram::LiveSpectrogram(QWidget* parent) : QWidget(parent), image_(kColumns, kPixelRows, QImage::Format_RGB32) {
  image_.fill(Qt::black);
  setMinimumHeight(120);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void LiveSpectrogram::clear() {
  image_.fill(Qt::black);
  update();
}

void LiveSpectrogram::addRows(const std::vector<std::vector<float>>& rows, double sampleRate) {
  if (rows.empty()) return;
  const std::size_t bins = rows.back().size();
  if (bins < 2) return;
  if (bins != bins_ || sampleRate != sampleRate_) {
    bins_ = bins;
    sampleRate_ = sampleRate;
    binOfPixel_.resize(kPixelRows);
    const double low = 20.0, high = sampleRate / 2.0, binWidth = high / double(bins - 1);
    for (int y = 0; y < kPixelRows; ++y) {
      const double f = low * std::pow(high / low, 1.0 - (y + 0.5) / kPixelRows);
      binOfPixel_[std::size_t(y)] = std::clamp(int(std::lround(f / binWidth)), 0, int(bins - 1));
    }
    image_.fill(Qt::black);
  }
  const int shift = std::min(int(rows.size()), kColumns);
  // Older columns move left; the newest rows fill the right edge.
  for (int y = 0; y < kPixelRows; ++y) {
    auto* line = reinterpret_cast<QRgb*>(image_.scanLine(y));
    std::memmove(line, line + shift, sizeof(QRgb) * std::size_t(kColumns - shift));
  }
  const QCPRange range(floorDb_, 0.0);
  for (int c = 0; c < shift; ++c) {
    const std::vector<float>& row = rows[rows.size() - std::size_t(shift) + std::size_t(c)];
    if (row.size() != bins) continue;
    const int x = kColumns - shift + c;
    // A pixel spanning several bins shows the loudest, so narrow tones stay visible.
    for (int y = 0; y < kPixelRows; ++y) {
      const int from = binOfPixel_[std::size_t(y)];
      const int to = y > 0 ? std::max(from, binOfPixel_[std::size_t(y - 1)] - 1) : from;
      float level = row[std::size_t(from)];
      for (int k = from + 1; k <= to; ++k) level = std::max(level, row[std::size_t(k)]);
      reinterpret_cast<QRgb*>(image_.scanLine(y))[x] = gradient_.color(level, range);
    }
  }
  update();
}

void LiveSpectrogram::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().window());
  const QRect plot = rect().adjusted(kAxisWidth, 2, -2, -2);
  painter.drawImage(plot, image_);
  painter.setPen(palette().color(QPalette::WindowText));
  const double low = 20.0, high = sampleRate_ / 2.0;
  for (double f : {50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0, 10000.0, 20000.0}) {
    if (f > high) break;
    const int y = plot.top() + int(std::lround(plot.height() * (1.0 - std::log(f / low) / std::log(high / low))));
    painter.drawLine(plot.left() - 4, y, plot.left() - 1, y);
    const QString text = f >= 1000.0 ? QStringLiteral("%1k").arg(f / 1000.0) : QString::number(f);
    painter.drawText(QRect(0, y - 8, kAxisWidth - 6, 16), Qt::AlignRight | Qt::AlignVCenter, text);
  }
}

}  // namespace fftscope::gui
