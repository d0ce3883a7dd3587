// Frequency weightings of IEC 61672-1 (sound level meters), from the standard's analytic
// expressions: the poles f1 = 20.6 Hz, f2 = 107.7 Hz, f3 = 737.9 Hz and f4 = 12194 Hz, each curve
// normalised to exactly 0 dB at 1 kHz. Z is flat (0 dB).
#pragma once

#include <string_view>
#include <vector>

namespace fftscope::signal {

enum class FrequencyWeighting { A, C, Z };

std::string_view toString(FrequencyWeighting);  // "A", "C", "Z"
const std::vector<FrequencyWeighting>& allFrequencyWeightings();

// The weighting's gain at `hertz` in dB (-inf at 0 Hz for A and C).
double weightingDb(FrequencyWeighting weighting, double hertz);
// The same as a power factor, 10^(dB / 10).
double weightingPowerGain(FrequencyWeighting weighting, double hertz);

}  // namespace fftscope::signal
