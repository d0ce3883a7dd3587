// The filter as applied to a spectrum: one value in [0, 1] per bin of the padded spectrum, in the
// unshifted layout (SpectrumLayout.h). value = base filter x product of notches; then the
// painted strokes, in order, set the bins inside their discs (and twins) to 1 (Keep) or 0
// (Remove), so a stroke can keep what the base filter or a notch would remove.
#pragma once

#include "imaging/FilterSpec.h"

#include <vector>

namespace fftscope::imaging {

struct Mask {
  int rows = 0;
  int cols = 0;
  std::vector<float> values;  // rows * cols, row-major, unshifted
};

// Throws std::invalid_argument for a bad spec or size.
Mask buildMask(int rows, int cols, const FilterSpec& spec);
// The same mask's values on the half spectrum of a real plane: rows x (cols/2 + 1), bins
// kx = 0 .. cols/2 of each row (NumPy's rfft2 layout), equal to buildMask's at those bins. The
// mask has H(-f) = H(f) (radial base, notches and strokes applied with their twins), so the half
// holds all of it.
std::vector<float> buildHalfMask(int rows, int cols, const FilterSpec& spec);

}  // namespace fftscope::imaging
