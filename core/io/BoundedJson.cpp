#include "io/BoundedJson.h"

#include <stdexcept>

namespace fftscope::io {
namespace {

template <typename Json>
Json parse(std::string_view text, const JsonLimits& limits) {
  if (text.size() > limits.maxBytes)
    throw std::invalid_argument(std::to_string(text.size()) + " bytes, more than the " +
                                std::to_string(limits.maxBytes) + " such a file may have");
  // The parser keeps its own stack, but what reads the value afterwards may recurse: refused
  // here, at the first container too deep, before it is built.
  const auto depthBound = [&limits](int depth, nlohmann::json::parse_event_t event, Json&) {
    if ((event == nlohmann::json::parse_event_t::object_start || event == nlohmann::json::parse_event_t::array_start) &&
        depth >= limits.maxDepth)
      throw std::invalid_argument("nested more than " + std::to_string(limits.maxDepth) + " levels deep");
    return true;
  };
  try {
    return Json::parse(text.begin(), text.end(), depthBound);
  } catch (const nlohmann::json::exception& e) {  // parse errors, and numbers beyond a double (2e2026)
    throw std::invalid_argument(std::string("not valid JSON (") + e.what() + ")");
  }
}

template <typename Json>
std::string describe(const Json& value) {
  constexpr std::size_t kShown = 40;
  switch (value.type()) {
    case nlohmann::json::value_t::array:
      return "an array of " + std::to_string(value.size()) + " values";
    case nlohmann::json::value_t::object:
      return "an object of " + std::to_string(value.size()) + " fields";
    case nlohmann::json::value_t::string: {
      const auto& text = value.template get_ref<const std::string&>();
      if (text.size() <= kShown) return Json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      return Json(text.substr(0, kShown)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + " (cut, " +
             std::to_string(text.size()) + " bytes)";
    }
    case nlohmann::json::value_t::binary:
      return "binary data";
    case nlohmann::json::value_t::discarded:
      return "nothing";
    default:  // null, true, false and numbers: short, and not recursive
      return value.dump();
  }
}

}  // namespace

nlohmann::json parseBoundedJson(std::string_view text, const JsonLimits& limits) {
  return parse<nlohmann::json>(text, limits);
}

nlohmann::ordered_json parseBoundedOrderedJson(std::string_view text, const JsonLimits& limits) {
  return parse<nlohmann::ordered_json>(text, limits);
}

std::string describeJson(const nlohmann::json& value) { return describe(value); }
std::string describeJson(const nlohmann::ordered_json& value) { return describe(value); }

}  // namespace fftscope::io
