#include "imaging/SpectrumReadout.h"

#include "imaging/SpectrumLayout.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>

namespace fftscope::imaging {

SpectrumReadout readSpectrum(const SpectrumMagnitudes& spectrum, int x, int y, bool centred) {
  if (x < 0 || y < 0 || x >= spectrum.cols || y >= spectrum.rows)
    throw std::out_of_range("(" + std::to_string(x) + ", " + std::to_string(y) + ") lies outside the " +
                            std::to_string(spectrum.cols) + " x " + std::to_string(spectrum.rows) + " spectrum");
  const int binX = centred ? centredToBin(x, spectrum.cols) : x;
  const int binY = centred ? centredToBin(y, spectrum.rows) : y;
  SpectrumReadout r;
  r.kx = signedBin(binX, spectrum.cols);
  r.ky = signedBin(binY, spectrum.rows);
  r.fx = double(r.kx) / spectrum.cols;
  r.fy = double(r.ky) / spectrum.rows;
  r.radius = std::hypot(r.fx, r.fy);
  r.periodPixels = r.radius > 0.0 ? 1.0 / r.radius : std::numeric_limits<double>::infinity();
  // Rows grow downwards; the angle is read with y up (counter-clockwise from +x), as ImageJ does.
  r.angleDegrees = std::atan2(-r.fy, r.fx) * 180.0 / std::numbers::pi;
  if (r.angleDegrees == -180.0) r.angleDegrees = 180.0;
  const double magnitude = spectrum.at(binX, binY);
  r.levelDb = magnitude > 0.0 ? 20.0 * std::log10(magnitude / (double(spectrum.rows) * spectrum.cols))
                              : -std::numeric_limits<double>::infinity();
  return r;
}

SpectrumReadout readSpectrum(const Spectrum& spectrum, int x, int y, bool centred) {
  return readSpectrum(magnitudesOf(spectrum), x, y, centred);
}

}  // namespace fftscope::imaging
