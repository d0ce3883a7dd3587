// Reading the filter and display options of the command line (`fftscope filter`, `fftscope
// spectrum`, and the window's start options): numbers in the C locale, names as the README gives
// them. Each throws UsageError with a message that names the option and the accepted values;
// every number is read whole, must be finite and lie in its option's range.
#pragma once

#include "imaging/FilterPipeline.h"
#include "imaging/FilterSpec.h"
#include "imaging/OutputRange.h"
#include "imaging/SpectrumDisplay.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::gui {

struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

double parseNumber(std::string_view text, const std::string& what);
// "a,b,c" with exactly `count` numbers.
std::vector<double> parseList(std::string_view text, std::size_t count, const std::string& what);
int parseOrder(std::string_view text);  // --order: a whole number from 1 to 64
// --notch FX,FY,RADIUS: frequencies in [-0.5, 0.5], a radius in (0, 1] (a soft edge).
imaging::Notch parseNotch(std::string_view text);
imaging::FilterShape parseShape(std::string_view text);         // ideal, gaussian, butterworth
imaging::PadMode parsePad(std::string_view text);               // zero, mean, mirror
imaging::ChannelMode parseChannels(std::string_view text);      // each, luminance
imaging::SpectrumQuantity parseQuantity(std::string_view text);  // log, magnitude, power, phase
imaging::ColourMap parseColourMap(std::string_view text);       // grey, viridis, magma, inferno
imaging::OutputRange parseOutputRange(std::string_view text);   // offset, stretch, clip, float
// --lowpass/--highpass TYPE --cutoff FC, --bandpass/--bandstop TYPE --cutoff F1,F2, --order N.
imaging::BaseFilter parseBaseFilter(imaging::FilterKind kind, std::string_view type, std::string_view cutoff,
                                    int order = 2);

}  // namespace fftscope::gui
