#include "imaging/ImageMetrics.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace fftscope::imaging {

double psnr(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height || a.channels != b.channels ||
      a.data.size() != b.data.size() || a.data.empty())
    throw std::invalid_argument("psnr: images differ in shape");
  double sum = 0.0;
  for (std::size_t i = 0; i < a.data.size(); ++i) {
    const double d = double(a.data[i]) - double(b.data[i]);
    sum += d * d;
  }
  if (sum == 0.0) return std::numeric_limits<double>::infinity();
  const double peak = maxSampleValue(a.bitDepth);
  return 10.0 * std::log10(peak * peak / (sum / double(a.data.size())));
}

}  // namespace fftscope::imaging
