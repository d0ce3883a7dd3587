#include "io/NpyHeaderParser.h"

#include "io/NpyFormat.h"

#include <charconv>
#include <system_error>
#include <tuple>

namespace fftscope::npy {
namespace {

// A shape is a tuple (depth 1); structured dtypes, which we refuse with a message, nest a few
// levels more. Anything deeper is hostile and would otherwise recurse until the stack overflows.
constexpr int kMaxNesting = 16;

}  // namespace

std::map<std::string, PyValue> HeaderParser::parseDict() {
  skipSpace();
  expect('{');
  std::map<std::string, PyValue> dict;
  for (skipSpace(); !peekIs('}'); skipSpace()) {
    PyValue key = parseValue();
    if (key.kind != PyValue::Kind::String) malformed("dictionary key is not a string");
    skipSpace();
    expect(':');
    dict[key.text] = parseValue();
    skipSpace();
    if (peekIs(',')) ++pos_;  // also allows the trailing comma numpy writes
    else if (!peekIs('}')) malformed("expected ',' or '}'");
  }
  ++pos_;
  skipSpace();
  if (pos_ != text_.size()) malformed("unexpected text after the dictionary");
  return dict;
}

PyValue HeaderParser::parseValue() {
  skipSpace();
  if (pos_ >= text_.size()) malformed("unexpected end of header");
  const char c = text_[pos_];
  if (c == '\'' || c == '"') return parseString(c);
  if (c == '(' || c == '[') return parseSequence(c == '(' ? ')' : ']');
  if (c == '-' || (c >= '0' && c <= '9')) return parseInteger();
  for (auto [word, kind, flag] : {std::tuple{"True", PyValue::Kind::Bool, true},
                                  std::tuple{"False", PyValue::Kind::Bool, false},
                                  std::tuple{"None", PyValue::Kind::None, false}}) {
    if (text_.substr(pos_).starts_with(word)) {
      pos_ += std::string_view(word).size();
      PyValue value;
      value.kind = kind;
      value.flag = flag;
      return value;
    }
  }
  malformed(std::string("unexpected character '") + c + "'");
}

PyValue HeaderParser::parseString(char quote) {
  PyValue value;
  value.kind = PyValue::Kind::String;
  for (++pos_; pos_ < text_.size() && text_[pos_] != quote; ++pos_) {
    if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
    value.text += text_[pos_];
  }
  if (pos_ >= text_.size()) malformed("unterminated string");
  ++pos_;
  return value;
}

PyValue HeaderParser::parseSequence(char close) {
  if (++depth_ > kMaxNesting) malformed("nesting deeper than " + number(kMaxNesting) + " levels");
  PyValue value;
  value.kind = PyValue::Kind::Sequence;
  for (++pos_, skipSpace(); !peekIs(close); skipSpace()) {
    value.items.push_back(parseValue());
    skipSpace();
    if (peekIs(',')) ++pos_;
    else if (!peekIs(close)) malformed(std::string("expected ',' or '") + close + "'");
  }
  ++pos_;
  --depth_;
  return value;
}

PyValue HeaderParser::parseInteger() {
  PyValue value;
  value.kind = PyValue::Kind::Integer;
  const char* begin = text_.data() + pos_;
  const char* end = text_.data() + text_.size();
  auto [ptr, ec] = std::from_chars(begin, end, value.integer);
  if (ec == std::errc::result_out_of_range) malformed("integer out of range");
  if (ec != std::errc()) malformed("bad integer");
  pos_ += static_cast<std::size_t>(ptr - begin);
  if (peekIs('L')) ++pos_;  // Python 2 long suffix, seen in old files
  return value;
}

void HeaderParser::skipSpace() {
  while (pos_ < text_.size() && std::string_view(" \t\r\n\f\v").find(text_[pos_]) != std::string_view::npos)
    ++pos_;
}
bool HeaderParser::peekIs(char c) const {
  if (pos_ >= text_.size()) malformed("unexpected end of header");
  return text_[pos_] == c;
}
void HeaderParser::expect(char c) {
  if (!peekIs(c)) malformed(std::string("expected '") + c + "'");
  ++pos_;
}
void HeaderParser::malformed(const std::string& what) const {
  // Quote the header without numpy's padding, and not at any length: it may be binary junk.
  std::string_view shown = text_.substr(0, text_.find_last_not_of(std::string_view(" \t\r\n\f\v\0", 7)) + 1);
  const bool cut = shown.size() > 200;
  fail(path_, "malformed header: " + what + " at offset " + number(pos_) + " in \"" +
                  std::string(shown.substr(0, 200)) + (cut ? "...\"" : "\""));
}

}  // namespace fftscope::npy
