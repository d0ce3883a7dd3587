#include "signal/TextLines.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace fftscope::signal {
namespace {

constexpr std::size_t kBlockBytes = 1 << 20;

}  // namespace

TextLines::TextLines(const std::filesystem::path& path, std::size_t longestLine)
    : path_(path), in_(path, std::ios::binary), longest_(longestLine), block_(kBlockBytes) {
  if (!in_) throw std::runtime_error(path.string() + ": cannot be opened");
}

std::runtime_error TextLines::failure(const std::string& problem) const {
  return std::runtime_error(path_.string() + ", line " + std::to_string(lineNumber_) + ": " + problem);
}

bool TextLines::refill() {
  in_.read(block_.data(), std::streamsize(block_.size()));
  at_ = 0;
  end_ = std::size_t(in_.gcount());
  return end_ > 0;
}

bool TextLines::next(std::string& line) {
  line.clear();
  bool any = false;
  ++lineNumber_;
  while (true) {
    if (at_ == end_ && !refill()) {
      if (!any) --lineNumber_;
      return any;
    }
    any = true;
    const char* start = block_.data() + at_;
    const void* newline = std::memchr(start, '\n', end_ - at_);
    const std::size_t take = newline ? std::size_t(static_cast<const char*>(newline) - start) : end_ - at_;
    if (line.size() + take > longest_)
      throw failure("longer than " + std::to_string(longest_ >> 20) + " MiB; is this a text file?");
    if (lineNumber_ == 1 && line.empty() && take >= 2 &&
        ((start[0] == '\xFF' && start[1] == '\xFE') || (start[0] == '\xFE' && start[1] == '\xFF')))
      throw failure("starts with a UTF-16 byte-order mark; save the file as UTF-8");
    if (std::memchr(start, '\0', take) != nullptr) {
      // UTF-16 puts a NUL beside every ASCII character.
      const std::size_t nuls = std::size_t(std::count(start, start + take, '\0'));
      const bool utf16 = take >= 6 && 2 * nuls + 2 >= take && 2 * nuls <= take + 2;
      throw failure(utf16 ? "holds NUL bytes between its characters: UTF-16 text? Save it as UTF-8"
                          : "holds a NUL byte: binary data, not text");
    }
    line.append(start, take);
    at_ += take + (newline ? 1 : 0);
    consumed_ += take + (newline ? 1 : 0);
    if (newline) return true;
  }
}

std::string printable(std::string_view text, std::size_t most) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < most; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", c);
      out += hex;
    }
  }
  if (text.size() > most) out += "...";
  return out;
}

}  // namespace fftscope::signal
