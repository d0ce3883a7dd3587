#include "image/ImageConversion.h"

#include "imaging/SpectrumLayout.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace fftscope::gui {

QImage toQImage(const imaging::Image& image) {
  const int w = image.width, h = image.height;
  const float top = imaging::maxSampleValue(image.bitDepth);
  auto sample = [top](float v) { return std::clamp(std::lround(v), 0L, long(top)); };
  if (image.channels == 1 && image.bitDepth == 8) {
    QImage out(w, h, QImage::Format_Grayscale8);
    for (int y = 0; y < h; ++y) {
      uchar* line = out.scanLine(y);
      const float* in = &image.data[std::size_t(y) * std::size_t(w)];
      for (int x = 0; x < w; ++x) line[x] = uchar(sample(in[x]));
    }
    return out;
  }
  if (image.channels == 1) {
    QImage out(w, h, QImage::Format_Grayscale16);
    for (int y = 0; y < h; ++y) {
      auto* line = reinterpret_cast<quint16*>(out.scanLine(y));
      const float* in = &image.data[std::size_t(y) * std::size_t(w)];
      for (int x = 0; x < w; ++x) line[x] = quint16(sample(in[x]));
    }
    return out;
  }
  if (image.bitDepth == 8) {
    QImage out(w, h, QImage::Format_RGB888);
    for (int y = 0; y < h; ++y) {
      uchar* line = out.scanLine(y);
      const float* in = &image.data[std::size_t(y) * std::size_t(w) * 3];
      for (int x = 0; x < 3 * w; ++x) line[x] = uchar(sample(in[x]));
    }
    return out;
  }
  QImage out(w, h, QImage::Format_RGBX64);
  for (int y = 0; y < h; ++y) {
    auto* line = reinterpret_cast<quint16*>(out.scanLine(y));
    const float* in = &image.data[std::size_t(y) * std::size_t(w) * 3];
    for (int x = 0; x < w; ++x) {
      for (int c = 0; c < 3; ++c) line[4 * x + c] = quint16(sample(in[3 * x + c]));
      line[4 * x + 3] = 0xffff;
    }
  }
  return out;
}

QImage toQImage(const imaging::RgbImage& image) {
  QImage out(image.width, image.height, QImage::Format_RGB888);
  for (int y = 0; y < image.height; ++y)
    std::memcpy(out.scanLine(y), &image.rgb[std::size_t(y) * std::size_t(image.width) * 3],
                std::size_t(image.width) * 3);
  return out;
}

QImage toDisplayQImage(const imaging::Image& image, const imaging::DisplayRange& range) {
  const int w = image.width, h = image.height, rowBytes = w * image.channels;
  QImage out(w, h, image.channels == 1 ? QImage::Format_Grayscale8 : QImage::Format_RGB888);
  // Row by row into the picture: no second full-size buffer.
  imaging::Image row{w, 1, image.channels, image.bitDepth, std::vector<float>(std::size_t(rowBytes)), {}};
  for (int y = 0; y < h; ++y) {
    std::memcpy(row.data.data(), &image.data[std::size_t(y) * std::size_t(rowBytes)], std::size_t(rowBytes) * sizeof(float));
    const std::vector<unsigned char> bytes = imaging::displaySamples(row, range);
    std::memcpy(out.scanLine(y), bytes.data(), bytes.size());
  }
  return out;
}

namespace {

// keep(binX, binY): the mask's value at an unshifted bin.
template <typename Keep>
QImage overlay(int rows, int cols, Keep keep, QColor colour, int maxAlpha) {
  QImage out(cols, rows, QImage::Format_ARGB32_Premultiplied);
  for (int y = 0; y < rows; ++y) {
    auto* line = reinterpret_cast<QRgb*>(out.scanLine(y));
    const int by = imaging::centredToBin(y, rows);
    for (int x = 0; x < cols; ++x) {
      const float value = keep(imaging::centredToBin(x, cols), by);
      const int alpha = int(std::lround((1.0f - std::clamp(value, 0.0f, 1.0f)) * float(maxAlpha)));
      line[x] = qPremultiply(qRgba(colour.red(), colour.green(), colour.blue(), alpha));
    }
  }
  return out;
}

}  // namespace

QImage maskOverlay(const imaging::Mask& mask, QColor colour, int maxAlpha) {
  const auto keep = [&mask](int bx, int by) { return mask.values[std::size_t(by) * std::size_t(mask.cols) + std::size_t(bx)]; };
  return overlay(mask.rows, mask.cols, keep, colour, maxAlpha);
}

QImage maskOverlay(int rows, int cols, const std::vector<float>& half, QColor colour, int maxAlpha) {
  const int width = cols / 2 + 1;
  if (half.size() != std::size_t(rows) * std::size_t(width)) throw std::invalid_argument("maskOverlay: not a half mask of that size");
  const auto keep = [&](int bx, int by) {
    if (bx >= width) {
      bx = cols - bx;
      by = (rows - by) % rows;
    }
    return half[std::size_t(by) * std::size_t(width) + std::size_t(bx)];
  };
  return overlay(rows, cols, keep, colour, maxAlpha);
}

}  // namespace fftscope::gui
