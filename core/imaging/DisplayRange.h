// Which sample values the image views spread over black .. white. A 16-bit file holding 0..255
// is black at the full range; Auto finds the values the image really uses, like ImageJ's auto
// contrast (0.35% of the samples saturated, half at each end). Only the picture changes: the
// data saved are never touched by it.
#pragma once

#include "imaging/Image.h"

#include <vector>

namespace fftscope::imaging {

enum class DisplayRangeMode { Auto, Full, Custom };

struct DisplayRange {
  float low = 0;    // shown black
  float high = 255; // shown white
};

struct DisplayRangeSettings {
  DisplayRangeMode mode = DisplayRangeMode::Auto;
  DisplayRange custom{0, 255};  // in the image's sample scale, used by Custom
};

// The values below which and above which `saturated` of the samples (all channels) lie, half at
// each end; a histogram, no sort or copy. A flat image gives low == high.
DisplayRange saturatedRange(const std::vector<float>& samples, double saturated = 0.0035);

// The range a view shows `image` with: Auto as saturatedRange, Full 0 .. maxSampleValue, Custom
// as given. Never empty: high > low.
DisplayRange chooseDisplayRange(const Image& image, const DisplayRangeSettings& settings);

// 8-bit samples for display: (v - low) / (high - low) * 255, rounded and clipped; one byte per
// sample, in the image's channel layout.
std::vector<unsigned char> displaySamples(const Image& image, const DisplayRange& range);

}  // namespace fftscope::imaging
