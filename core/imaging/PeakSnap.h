// Where a click on a spectrum lands: the strongest bin within a few bins of the pointer, since
// periodic-noise peaks are sharp and a screen pixel may cover several bins. Never DC.
#pragma once

#include "imaging/Spectrum.h"

namespace fftscope::imaging {

struct SnappedBin {
  double fx = 0, fy = 0;  // cycles per pixel of the strongest bin (signed, as clicked)
  int kx = 0, ky = 0;     // its signed bin indices
};

// fx, fy: the clicked frequency; reach: bins searched either side.
SnappedBin snapToPeak(const Spectrum& spectrum, double fx, double fy, int reach = 3);

}  // namespace fftscope::imaging
