// Where a level in dB falls on the spectrum display's colour scale, for the colour bar: the
// display maps a quantity of |X| (SpectrumDisplay.h) from its range over the spectrum, through
// the black and white levels and the gamma, to a position 0 .. 1 in the colour map.
#pragma once

#include "imaging/Spectrum.h"
#include "imaging/SpectrumMagnitudes.h"
#include "imaging/SpectrumDisplay.h"

#include <optional>

namespace fftscope::imaging {

struct MagnitudeRange {
  double min = 0.0;  // of |X| over every bin
  double max = 0.0;
};

MagnitudeRange magnitudeRange(const SpectrumMagnitudes& spectrum);
MagnitudeRange magnitudeRange(const Spectrum& spectrum);

// The colour-map position (0 .. 1) at which the display shows a bin of magnitude |X|, or nothing
// when the display clips it (below black or above white) or shows the phase.
std::optional<double> displayPosition(const DisplaySettings& settings, const MagnitudeRange& range, double magnitude);

// |X| of a level in dB as the readout gives it: rows * cols * 10^(dB / 20).
double magnitudeOfLevel(double levelDb, int rows, int cols);

}  // namespace fftscope::imaging
