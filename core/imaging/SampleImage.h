// The sample image the project makes itself: a deterministic synthetic scene (gradient, shapes
// with anti-aliased edges, smooth noise texture) with periodic stripe noise added, 512 x 512 grey
// 8-bit; the clean scene comes with it for tests. resources/samples/periodic-noise.png is this.
#pragma once

#include "imaging/Image.h"

#include <vector>

namespace fftscope::imaging {

// amplitude * cos(2 pi (fx x + fy y)), x and y in pixels, fx and fy in cycles per pixel.
struct StripePattern {
  double fx;
  double fy;
  double amplitude;
};

struct SampleImage {
  Image clean;
  Image noisy;  // clean + stripes, rounded (no sample clips)
  std::vector<StripePattern> stripes;
};

SampleImage makeSampleImage();

}  // namespace fftscope::imaging
