// Reading the JSON files FFTScope writes for itself (benchmark results, the planner's wisdom,
// sessions) from text that may have been made by anyone: the size is checked before parsing and
// the nesting while parsing, so that a hostile file costs bounded time, memory and stack, and a
// message describes a value without ever printing it whole (printing is recursive).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace fftscope::io {

struct JsonLimits {
  std::size_t maxBytes = std::size_t{64} << 20;
  int maxDepth = 32;  // objects and arrays inside one another; our files need at most 4
};

// Throws std::invalid_argument: "N bytes, more than the M ..." before any parsing, "not valid JSON
// (...)", or "nested more than N levels deep".
nlohmann::json parseBoundedJson(std::string_view text, const JsonLimits& limits = {});
// The same, keeping the order of each object's fields, for files whose order means something.
nlohmann::ordered_json parseBoundedOrderedJson(std::string_view text, const JsonLimits& limits = {});

// A value for a message, in bounded length and without recursion: `2`, `"r16"` (long strings
// cut), `an array of 3 values`, `an object of 2 fields`, `null`.
std::string describeJson(const nlohmann::json& value);
std::string describeJson(const nlohmann::ordered_json& value);

}  // namespace fftscope::io
