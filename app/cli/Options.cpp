#include "Options.h"

#include <charconv>
#include <stdexcept>

namespace fftscope::cli {

CLI::Validator wholeNumber(std::int64_t min, std::int64_t max) {
  const std::string range = "from " + std::to_string(min) + " to " + std::to_string(max);
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        std::int64_t value = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        const bool whole = !text.empty() && ec == std::errc() && end == text.data() + text.size();
        if (!whole || value < min || value > max) return "takes a whole number " + range + ", not '" + text + "'";
        return {};
      },
      std::to_string(min) + ".." + std::to_string(max));
}

CLI::Validator parsedBy(const std::string& what, std::function<void(const std::string&)> parse) {
  return CLI::Validator(
      [parse](std::string& text) -> std::string {
        try {
          parse(text);
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
        return {};
      },
      what);
}

}  // namespace fftscope::cli
