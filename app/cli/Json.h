// A minimal JSON writer for the CLI's --json output: objects and arrays written in order.
#pragma once

#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>

namespace fftscope::cli {

inline std::string jsonString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// Numbers in the C locale, with enough digits to round-trip.
inline std::string jsonNumber(double v) {
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out.precision(17);
  out << v;
  return out.str();
}

// Builds one JSON object: add("name", value) in order, then str().
class JsonObject {
 public:
  JsonObject& raw(std::string_view key, const std::string& json) {
    body_ += (body_.empty() ? "" : ", ") + jsonString(key) + ": " + json;
    return *this;
  }
  JsonObject& add(std::string_view key, std::string_view v) { return raw(key, jsonString(v)); }
  JsonObject& add(std::string_view key, const char* v) { return raw(key, jsonString(v)); }
  JsonObject& add(std::string_view key, double v) { return raw(key, jsonNumber(v)); }
  JsonObject& add(std::string_view key, bool v) { return raw(key, v ? "true" : "false"); }
  template <typename Int, typename = std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>>>
  JsonObject& add(std::string_view key, Int v) {
    return raw(key, std::to_string(v));
  }
  std::string str() const { return "{" + body_ + "}"; }

 private:
  std::string body_;
};

}  // namespace fftscope::cli
