// Where a click on a spectrum lands: the strongest bin within a few bins of the pointer, since
// periodic-noise peaks are sharp and a screen pixel may cover several bins. Never DC.
#pragma once

#include "imaging/Spectrum.h"
#include "imaging/SpectrumMagnitudes.h"

#include <optional>

namespace fftscope::imaging {

struct SnappedBin {
  double fx = 0, fy = 0;  // cycles per pixel of the strongest bin (signed, as clicked)
  int kx = 0, ky = 0;     // its signed bin indices
};

// fx, fy: the clicked frequency; reach: bins searched either side.
SnappedBin snapToPeak(const SpectrumMagnitudes& spectrum, double fx, double fy, int reach = 3);
SnappedBin snapToPeak(const Spectrum& spectrum, double fx, double fy, int reach = 3);

}  // namespace fftscope::imaging

namespace fftscope::imaging {

// For the readout: the strongest bin within `reach` bins (never DC) when it stands out, at least
// `minRatio` times the median magnitude of the bins within reach (4: 12 dB, well above what the
// largest of a neighbourhood of noise reaches); otherwise nothing (the pointer's own bin is read).
std::optional<SnappedBin> snapToProminentPeak(const SpectrumMagnitudes& spectrum, double fx, double fy, int reach,
                                              double minRatio = 4.0);
std::optional<SnappedBin> snapToProminentPeak(const Spectrum& spectrum, double fx, double fy, int reach,
                                              double minRatio = 4.0);

// The reach, in bins, that covers `screenPixels` either side of the pointer at `screenPixelsPerBin`;
// 0 when a bin is at least twice that large (the pointer lands on bins without help).
int snapReach(double screenPixelsPerBin, double screenPixels = 3.0);

}  // namespace fftscope::imaging
