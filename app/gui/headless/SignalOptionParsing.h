// Reading the signal filter's options of `fftscope filter` (a signal input): --notch F[,WIDTH] and
// --gain-curve F:DB,F:DB,... in Hz and dB. Each throws UsageError naming the option and the text;
// what the values mean (a notch inside 0 .. Nyquist, gains in range, points rising) is checked by
// signal::validateSignalFilter, which knows the sample rate.
#pragma once

#include "signal/FilterDesign.h"

#include <string>
#include <string_view>
#include <vector>

namespace fftscope::gui {

// Parts of `text` between separators, empty ones included.
std::vector<std::string> splitAt(std::string_view text, char separator);
// Every part a finite number.
std::vector<double> parseNumbers(std::string_view text, char separator, const std::string& what);

signal::ToneNotch parseToneNotch(std::string_view text);                // --notch F[,WIDTH]; width 2 Hz
std::vector<signal::GainPoint> parseGainCurve(std::string_view text);   // --gain-curve F:DB,...

}  // namespace fftscope::gui
