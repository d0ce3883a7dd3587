#include "signal/Overlap.h"

#include <algorithm>
#include <cmath>
#include <locale>
#include <sstream>
#include <stdexcept>

namespace fftscope::signal {

std::size_t hopForOverlap(std::size_t segmentLength, double overlap) {
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text.precision(10);
  if (!(overlap >= 0.0 && overlap < 1.0)) {
    text << "an overlap of " << overlap * 100.0 << "%; it is at least 0 and below 100%";
    throw std::invalid_argument(text.str());
  }
  const double exact = double(segmentLength) * (1.0 - overlap);
  const std::size_t least = std::max<std::size_t>(1, segmentLength / kMostSegmentsPerSample);
  const std::size_t hop = std::size_t(std::llround(exact));
  if (hop < least) {
    text << "an overlap of " << overlap * 100.0 << "% advances segments of " << segmentLength << " samples by "
         << exact << " samples; the hop is at least " << least << " (an overlap of at most "
         << 100.0 * (1.0 - (double(least) - 0.5) / double(segmentLength)) << "%)";
    throw std::invalid_argument(text.str());
  }
  return hop;
}

}  // namespace fftscope::signal
