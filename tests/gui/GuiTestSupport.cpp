#include "GuiTestSupport.h"

#include "imaging/ImageWriter.h"
#include "imaging/SpectrumLayout.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace fftscope::gui::testing {
namespace {

std::vector<std::complex<double>> transform(std::vector<std::complex<double>> data, int rows, int cols, int sign) {
  auto* raw = reinterpret_cast<fftw_complex*>(data.data());
  fftw_plan plan = fftw_plan_dft_2d(rows, cols, raw, raw, sign, FFTW_ESTIMATE);
  fftw_execute(plan);
  fftw_destroy_plan(plan);
  return data;
}

}  // namespace

std::vector<std::complex<double>> referenceSpectrum(const std::vector<float>& plane, int rows, int cols) {
  std::vector<std::complex<double>> data(plane.begin(), plane.end());
  return transform(std::move(data), rows, cols, FFTW_FORWARD);
}

imaging::Image referenceFiltered(const imaging::Image& image, const std::function<double(double, double)>& response) {
  if (image.channels != 1) throw std::invalid_argument("referenceFiltered takes grey images");
  const int rows = image.height, cols = image.width;
  auto spectrum = referenceSpectrum(image.data, rows, cols);
  for (int ky = 0; ky < rows; ++ky)
    for (int kx = 0; kx < cols; ++kx)
      spectrum[std::size_t(ky) * cols + kx] *= response(imaging::binFrequency(kx, cols), imaging::binFrequency(ky, rows));
  const auto back = transform(std::move(spectrum), rows, cols, FFTW_BACKWARD);
  const auto [lo, hi] = std::minmax_element(image.data.begin(), image.data.end());
  imaging::Image out = image;
  out.notices.clear();
  const double n = double(rows) * cols;
  for (std::size_t i = 0; i < out.data.size(); ++i)
    out.data[i] = float(std::round(std::clamp(back[i].real() / n, double(*lo), double(*hi))));
  return out;
}

double energyNear(const imaging::Image& image, int kx, int ky, int reach) {
  const int rows = image.height, cols = image.width;
  const auto spectrum = referenceSpectrum(image.data, rows, cols);
  double energy = 0;
  for (int sign : {1, -1})
    for (int dy = -reach; dy <= reach; ++dy)
      for (int dx = -reach; dx <= reach; ++dx) {
        const int x = ((sign * kx + dx) % cols + cols) % cols, y = ((sign * ky + dy) % rows + rows) % rows;
        energy += std::norm(spectrum[std::size_t(y) * cols + x]);
      }
  return energy;
}

double relativeL2(const imaging::Image& a, const imaging::Image& reference) {
  double num = 0, den = 0;
  for (std::size_t i = 0; i < a.data.size(); ++i) {
    num += std::pow(double(a.data[i]) - reference.data[i], 2);
    den += std::pow(double(reference.data[i]), 2);
  }
  return std::sqrt(num / den);
}

double maxAbsDifference(const imaging::Image& a, const imaging::Image& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.data.size(); ++i) worst = std::max(worst, std::abs(double(a.data[i]) - b.data[i]));
  return worst;
}

imaging::Image stripedImage(int width, int height, int kx, int ky, double amplitude, imaging::Image* clean) {
  imaging::Image image;
  image.width = width;
  image.height = height;
  image.data.resize(std::size_t(width) * height);
  imaging::Image scene = image;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      // A smooth scene: gradient, a soft disc and a gentle ripple, well inside 0 .. 255.
      const double r = std::hypot(x - 0.4 * width, y - 0.55 * height) / (0.25 * width);
      const double v = 80.0 + 50.0 * x / width + 60.0 * std::exp(-r * r) + 6.0 * std::sin(0.05 * x + 0.03 * y);
      const double stripes =
          amplitude * std::cos(2.0 * std::numbers::pi * (double(kx) * x / width + double(ky) * y / height));
      const std::size_t i = std::size_t(y) * width + x;
      scene.data[i] = float(std::round(v));
      image.data[i] = float(std::round(std::clamp(v + stripes, 0.0, 255.0)));
    }
  if (clean) *clean = scene;
  return image;
}

QString writeTruncatedPng(const QString& folder) {
  imaging::Image image;
  image.width = 64;
  image.height = 64;
  image.data.assign(64 * 64, 0.0f);
  for (std::size_t i = 0; i < image.data.size(); ++i) image.data[i] = float((i * 37) % 251);
  const QString whole = QDir(folder).filePath(QStringLiteral("whole.png"));
  imaging::writeImage(image, whole.toStdString());
  QFile file(whole);
  if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read back the test PNG");
  const QByteArray bytes = file.readAll();
  const QString path = QDir(folder).filePath(QStringLiteral("truncated.png"));
  QFile out(path);
  if (!out.open(QIODevice::WriteOnly)) throw std::runtime_error("cannot write the truncated PNG");
  out.write(bytes.left(bytes.size() / 2));
  return path;
}

QString writeGarbageFile(const QString& folder) {
  const QString path = QDir(folder).filePath(QStringLiteral("garbage.png"));
  QFile out(path);
  if (!out.open(QIODevice::WriteOnly)) throw std::runtime_error("cannot write the garbage file");
  out.write(QByteArray("this is not an image at all, only some text pretending to be one\n").repeated(20));
  return path;
}

QString writeHugeDeclaredPgm(const QString& folder) {
  const QString path = QDir(folder).filePath(QStringLiteral("huge.pgm"));
  QFile out(path);
  if (!out.open(QIODevice::WriteOnly)) throw std::runtime_error("cannot write the huge PGM");
  out.write("P5\n100000 100000\n255\n");
  out.write(QByteArray(4096, '\x7f'));
  return path;
}

void isolateSettings() {
  static QTemporaryDir folder;
  QStandardPaths::setTestModeEnabled(true);
  QSettings::setDefaultFormat(QSettings::IniFormat);
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder.path());
}

void forgetSettings() {
  QSettings settings;
  settings.clear();
  settings.sync();
}

}  // namespace fftscope::gui::testing
