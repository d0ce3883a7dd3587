// Option checks shared by fftscope-cli's commands, as CLI11 validators: a failure becomes a
// message naming the option, e.g. "--repeat: takes a whole number from 1 to 1000000, not '0'".
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <string>

namespace fftscope::cli {

// A whole decimal number in [min, max]: no sign where min >= 0, no fraction, exponent, spaces,
// NaN or infinity, nothing that wraps around.
CLI::Validator wholeNumber(std::int64_t min, std::int64_t max);
// The text is accepted when `parse` does not throw std::invalid_argument; its message is kept
// (the engine's parsers say which names they accept).
CLI::Validator parsedBy(const std::string& what, std::function<void(const std::string&)> parse);

}  // namespace fftscope::cli
