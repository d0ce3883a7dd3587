// Bounds-checked reads of little- and big-endian integers from a file held in memory, for the
// header parsers. Reading past the end throws std::runtime_error("truncated: ...").
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

namespace fftscope::imaging::detail {

class ByteReader {
 public:
  explicit ByteReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

  std::size_t size() const { return bytes_.size(); }
  bool has(std::size_t at, std::size_t count) const {
    return at <= bytes_.size() && count <= bytes_.size() - at;
  }

  std::uint8_t u8(std::size_t at) const { return need(at, 1)[0]; }
  std::uint16_t u16(std::size_t at, bool bigEndian) const { return std::uint16_t(read(at, 2, bigEndian)); }
  std::uint32_t u32(std::size_t at, bool bigEndian) const { return std::uint32_t(read(at, 4, bigEndian)); }
  std::uint16_t u16be(std::size_t at) const { return u16(at, true); }
  std::uint16_t u16le(std::size_t at) const { return u16(at, false); }
  std::uint32_t u24le(std::size_t at) const { return std::uint32_t(read(at, 3, false)); }
  std::uint32_t u32be(std::size_t at) const { return u32(at, true); }
  std::uint32_t u32le(std::size_t at) const { return u32(at, false); }

  // Four-character codes (PNG chunk types, RIFF chunks), unprintable bytes shown as '?'.
  std::string fourCc(std::size_t at) const {
    const std::uint8_t* p = need(at, 4);
    std::string text;
    for (int i = 0; i < 4; ++i) text += (p[i] >= 32 && p[i] < 127) ? char(p[i]) : '?';
    return text;
  }

 private:
  const std::uint8_t* need(std::size_t at, std::size_t count) const {
    if (!has(at, count))
      throw std::runtime_error("truncated: the header ends early (the file has " +
                               std::to_string(bytes_.size()) + " bytes)");
    return bytes_.data() + at;
  }
  std::uint64_t read(std::size_t at, std::size_t count, bool bigEndian) const {
    const std::uint8_t* p = need(at, count);
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < count; ++i)
      value |= std::uint64_t(p[bigEndian ? i : count - 1 - i]) << (8 * (count - 1 - i));
    return value;
  }

  std::span<const std::uint8_t> bytes_;
};

}  // namespace fftscope::imaging::detail
