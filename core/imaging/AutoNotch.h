// Auto notch: finds isolated peaks away from DC in a magnitude spectrum (periodic noise such as
// stripes shows as a pair of sharp conjugate peaks) and proposes a notch for each pair.
#pragma once

#include "imaging/FilterSpec.h"
#include "imaging/Spectrum.h"
#include "imaging/SpectrumMagnitudes.h"

#include <vector>

namespace fftscope::imaging {

struct AutoNotchOptions {
  double minFrequency = 0.02;     // cycles per pixel; nearer DC is taken as image content
  double minProminenceDb = 15.0;  // peak power above the median of its surroundings
  double minIsolationDb = 6.0;    // peak power above the strongest bin of its surroundings
  int innerRadius = 3;            // the surroundings: bins at innerRadius .. outerRadius bins
  int outerRadius = 8;
  int maxNotches = 8;  // the most prominent are kept
  NotchEdge edge = NotchEdge::Soft;
};

struct NotchSuggestion {
  Notch notch;          // at the peak (refined between bins), twin implied; suggested radius
  double prominenceDb;  // peak power over the median power of its surroundings
};

// One suggestion per conjugate pair, most prominent first.
std::vector<NotchSuggestion> suggestNotches(const SpectrumMagnitudes& spectrum, const AutoNotchOptions& options = {});
std::vector<NotchSuggestion> suggestNotches(const Spectrum& spectrum, const AutoNotchOptions& options = {});

// The suggestions whose peak (or its twin) no notch in `placed` already covers: a peak within a
// notch's radius of its centre is notched.
std::vector<NotchSuggestion> withoutNotched(std::vector<NotchSuggestion> suggestions, const std::vector<Notch>& placed);

}  // namespace fftscope::imaging
