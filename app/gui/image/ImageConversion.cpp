#include "image/ImageConversion.h"

#include "imaging/SpectrumLayout.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

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

QImage maskOverlay(const imaging::Mask& mask, QColor colour, int maxAlpha) {
  QImage out(mask.cols, mask.rows, QImage::Format_ARGB32_Premultiplied);
  for (int y = 0; y < mask.rows; ++y) {
    auto* line = reinterpret_cast<QRgb*>(out.scanLine(y));
    const std::size_t row = std::size_t(imaging::centredToBin(y, mask.rows)) * std::size_t(mask.cols);
    for (int x = 0; x < mask.cols; ++x) {
      const float keep = mask.values[row + std::size_t(imaging::centredToBin(x, mask.cols))];
      const int alpha = int(std::lround((1.0f - std::clamp(keep, 0.0f, 1.0f)) * float(maxAlpha)));
      line[x] = qPremultiply(qRgba(colour.red(), colour.green(), colour.blue(), alpha));
    }
  }
  return out;
}

}  // namespace fftscope::gui
