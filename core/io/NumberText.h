// A number as messages and files show it: the C locale's digits whatever the user's locale, with at
// most `digits` significant digits (a stream's own default is 6).
#pragma once

#include <locale>
#include <sstream>
#include <string>

namespace fftscope::io {

inline std::string numberText(double value, int digits = 6) {
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text.precision(digits);
  text << value;
  return text.str();
}

}  // namespace fftscope::io
