// What the spectrum view shows: a quantity of each bin (centred, log magnitude by default),
// scaled to its range, through the black and white levels and a gamma, into a colour map.
#pragma once

#include "imaging/ColourMap.h"
#include "imaging/RgbImage.h"
#include "imaging/Spectrum.h"

#include <vector>

namespace fftscope::imaging {

enum class SpectrumQuantity {
  LogMagnitude,  // ln(1 + |X|)
  Magnitude,     // |X|
  Power,         // |X|^2
  Phase,         // arg X in radians, -pi .. pi
};

struct DisplaySettings {
  SpectrumQuantity quantity = SpectrumQuantity::LogMagnitude;
  ColourMap colourMap = ColourMap::Grey;
  bool centred = true;  // DC in the middle (fftshift); false: FFT order
  // t = (value - min) / (max - min) over the spectrum (phase: over -pi .. pi); shown:
  // ((t - blackLevel) / (whiteLevel - blackLevel)) clipped to [0, 1], raised to gamma.
  double blackLevel = 0.0;
  double whiteLevel = 1.0;
  double gamma = 1.0;
};

// The quantity of every bin, rows * cols, in the centred or the unshifted layout.
std::vector<float> spectrumQuantity(const Spectrum& spectrum, SpectrumQuantity quantity, bool centred);

// Throws std::invalid_argument for blackLevel >= whiteLevel or gamma <= 0.
RgbImage renderSpectrum(const Spectrum& spectrum, const DisplaySettings& settings = {});
// The same from quantities already computed (e.g. on the device), rows * cols in display order.
RgbImage renderQuantity(const std::vector<float>& values, int rows, int cols, const DisplaySettings& settings);

}  // namespace fftscope::imaging
