// The header of a .npy file is a Python literal: a small recursive-descent reader for the part of
// Python's syntax it uses (strings, integers, True/False/None, tuples and lists, one dict), with
// every malformed header refused by a message quoting it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::npy {

// --- The header: a Python literal, parsed by a small recursive-descent reader. ---

struct PyValue {
  enum class Kind { String, Integer, Bool, None, Sequence };
  Kind kind = Kind::None;
  std::string text;            // String
  std::int64_t integer = 0;    // Integer
  bool flag = false;           // Bool
  std::vector<PyValue> items;  // Sequence (tuple or list)
};

class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::filesystem::path& path) : text_(text), path_(path) {}

  std::map<std::string, PyValue> parseDict();

 private:
  PyValue parseValue();
  PyValue parseString(char quote);
  PyValue parseSequence(char close);
  PyValue parseInteger();
  void skipSpace();
  bool peekIs(char c) const;
  void expect(char c);
  [[noreturn]] void malformed(const std::string& what) const;

  std::string_view text_;
  const std::filesystem::path& path_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace fftscope::npy
