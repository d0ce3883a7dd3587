#include "imaging/DisplayRange.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace fftscope::imaging {

DisplayRange saturatedRange(const std::vector<float>& samples, double saturated) {
  if (samples.empty()) return {0, 0};
  const auto [mn, mx] = std::minmax_element(samples.begin(), samples.end());
  const float lo = *mn, hi = *mx;
  if (!(hi > lo)) return {lo, hi};
  constexpr std::size_t kBins = 65536;  // one per value of a 16-bit image's full range
  const double width = double(hi - lo) / double(kBins);
  std::vector<std::size_t> histogram(kBins, 0);
  for (float v : samples) histogram[std::min(kBins - 1, std::size_t(double(v - lo) / width))]++;
  const auto limit = std::size_t(std::floor(double(samples.size()) * saturated / 2));
  std::size_t below = 0, first = 0;
  while (first + 1 < kBins && below + histogram[first] <= limit) below += histogram[first++];
  std::size_t above = 0, last = kBins - 1;
  while (last > first && above + histogram[last] <= limit) above += histogram[last--];
  return {float(lo + double(first) * width), float(std::min(double(hi), lo + double(last + 1) * width))};
}

DisplayRange chooseDisplayRange(const Image& image, const DisplayRangeSettings& settings) {
  DisplayRange range{0, maxSampleValue(image.bitDepth)};
  if (settings.mode == DisplayRangeMode::Custom) range = settings.custom;
  else if (settings.mode == DisplayRangeMode::Auto) range = saturatedRange(image.data);
  if (!(range.high > range.low)) range.high = range.low + 1;  // a flat image: its value shows black
  return range;
}

std::vector<unsigned char> displaySamples(const Image& image, const DisplayRange& range) {
  std::vector<unsigned char> out(image.data.size());
  const float scale = 255.0f / (range.high - range.low);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<unsigned char>(std::lround(std::clamp((image.data[i] - range.low) * scale, 0.0f, 255.0f)));
  return out;
}

}  // namespace fftscope::imaging
