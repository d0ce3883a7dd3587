// How filtered samples, which a high-pass or band-pass makes signed (say -120 .. +170 on a
// photo), become the output's samples. The filter's raw result keeps every value unclipped and
// unrounded (FilteredSamples); a range mode maps it for display and saving.
#pragma once

#include "imaging/FilterSpec.h"
#include "imaging/Image.h"

#include <optional>
#include <string>
#include <string_view>

namespace fftscope::imaging {

enum class OutputRange {
  Offset,   // value + mid-level (128 or 32768), then clipped to 0 .. max level
  Stretch,  // min .. max -> 0 .. max level (ImageJ's "autoscale after filtering")
  Clip,     // clipped to the source's own [min, max]
  Float,    // the exact values, saved as a 32-bit float TIFF
};

// The filter's result before any range mapping, in the source's size, channels and scale.
struct FilteredSamples {
  Image image;           // bitDepth as the source; data unclipped and unrounded
  float sourceMin = 0;   // the source's range over all its samples (Clip's bounds)
  float sourceMax = 0;
};

// Offset for the filters that remove DC (high-pass, band-pass), Clip for the others.
OutputRange defaultOutputRange(FilterKind kind);
std::string outputRangeName(OutputRange range);                // "offset", "stretch", "clip", "float"
std::optional<OutputRange> outputRangeFromName(std::string_view name);

// 128 for 8-bit, 32768 for 16-bit: where zero lands in Offset mode.
float midLevel(int bitDepth);

// The samples mapped and rounded into 0 .. maxSampleValue(bitDepth), as shown and saved. Float
// maps as Stretch here (its file keeps the exact values; its picture needs a range too).
Image mapOutputRange(const FilteredSamples& samples, OutputRange range);
// The same in the samples' own buffer, when they are no longer needed unmapped.
Image mapOutputRange(FilteredSamples&& samples, OutputRange range);

}  // namespace fftscope::imaging
