// Profiles through a spectrum, for plots: the radial profile (the mean level on rings about DC)
// and the level along a line between two frequencies. Levels are in dB as the readout gives
// them, 20 log10(|X| / (rows * cols)), floored at kFloorDb for empty bins.
#pragma once

#include "imaging/Spectrum.h"
#include "imaging/SpectrumMagnitudes.h"

#include <vector>

namespace fftscope::imaging {

inline constexpr double kFloorDb = -200.0;

struct RadialProfile {
  // Ring i holds the bins whose radius f = sqrt(fx^2 + fy^2) (cycles per pixel) rounds to
  // i * step (halves round up), step = 1 / min(rows, cols); rings run from DC to 0.5 (the corners beyond are left out).
  double step = 0.0;
  std::vector<double> radius;   // i * step
  std::vector<double> meanDb;   // the mean of the bins' levels in dB
  std::vector<int> count;       // bins in the ring
};

// Throws std::invalid_argument for an empty spectrum.
RadialProfile radialProfile(const SpectrumMagnitudes& spectrum);
RadialProfile radialProfile(const Spectrum& spectrum);

struct LineProfile {
  std::vector<double> distance;  // cycles per pixel from the line's start
  std::vector<double> fx, fy;    // the bin sampled (its frequency)
  std::vector<double> levelDb;
};

// Samples the nearest bin at steps of about one bin from (fx0, fy0) to (fx1, fy1); frequencies
// wrap at +-0.5. At least two samples.
LineProfile lineProfile(const SpectrumMagnitudes& spectrum, double fx0, double fy0, double fx1, double fy1);
LineProfile lineProfile(const Spectrum& spectrum, double fx0, double fy0, double fx1, double fy1);

// The level of one bin (unshifted indices), as above.
double binLevelDb(const SpectrumMagnitudes& spectrum, int binX, int binY);
double binLevelDb(const Spectrum& spectrum, int binX, int binY);

}  // namespace fftscope::imaging
