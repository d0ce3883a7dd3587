#include "imaging/OutputRange.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace fftscope::imaging {

OutputRange defaultOutputRange(FilterKind kind) {
  return kind == FilterKind::HighPass || kind == FilterKind::BandPass ? OutputRange::Offset : OutputRange::Clip;
}

std::string outputRangeName(OutputRange range) {
  switch (range) {
    case OutputRange::Offset: return "offset";
    case OutputRange::Stretch: return "stretch";
    case OutputRange::Clip: return "clip";
    case OutputRange::Float: return "float";
  }
  return "clip";
}

std::optional<OutputRange> outputRangeFromName(std::string_view name) {
  for (OutputRange r : {OutputRange::Offset, OutputRange::Stretch, OutputRange::Clip, OutputRange::Float})
    if (name == outputRangeName(r)) return r;
  return std::nullopt;
}

float midLevel(int bitDepth) { return bitDepth == 16 ? 32768.0f : 128.0f; }

namespace {

void mapInto(const FilteredSamples& samples, OutputRange range, std::vector<float>& outData) {
  const Image& in = samples.image;
  const float top = maxSampleValue(in.bitDepth);
  float scale = 1, shift = 0, lo = 0, hi = top;
  if (range == OutputRange::Offset) {
    shift = midLevel(in.bitDepth);
  } else if (range == OutputRange::Clip) {
    lo = samples.sourceMin;
    hi = samples.sourceMax;
  } else if (!in.data.empty()) {  // Stretch and Float: min .. max onto the full range
    const auto [mn, mx] = std::minmax_element(in.data.begin(), in.data.end());
    // A flat result has no range to stretch: it stays where it is, clipped.
    if (*mx > *mn) {
      scale = top / (*mx - *mn);
      shift = -*mn * scale;
    }
  }
  for (std::size_t i = 0; i < in.data.size(); ++i)
    outData[i] = std::round(std::clamp(in.data[i] * scale + shift, lo, hi));
}

}  // namespace

Image mapOutputRange(const FilteredSamples& samples, OutputRange range) {
  const Image& in = samples.image;
  Image out{in.width, in.height, in.channels, in.bitDepth, std::vector<float>(in.data.size()), {}};
  mapInto(samples, range, out.data);
  return out;
}

Image mapOutputRange(FilteredSamples&& samples, OutputRange range) {
  mapInto(samples, range, samples.image.data);  // each sample is read before it is written
  return std::move(samples.image);
}

}  // namespace fftscope::imaging
