#include "signal/AudioHeaderProbe.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <vector>

namespace fftscope::signal {
namespace {

constexpr std::size_t kHeadBytes = 65536;

std::uint32_t le32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}
std::uint32_t be32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | std::uint32_t(p[3]);
}
bool tagIs(std::span<const std::uint8_t> bytes, std::size_t at, const char* tag) {
  return at + 4 <= bytes.size() && std::memcmp(bytes.data() + at, tag, 4) == 0;
}

// IEEE 754 80-bit extended, big-endian: sign and 15-bit exponent, then a 64-bit mantissa with its
// integer bit explicit.
double extended80(const std::uint8_t* p) {
  const int exponent = ((p[0] & 0x7F) << 8) | p[1];
  std::uint64_t mantissa = 0;
  for (int i = 0; i < 8; ++i) mantissa = mantissa << 8 | p[2 + i];
  const double sign = (p[0] & 0x80) ? -1.0 : 1.0;
  if (exponent == 0x7FFF)
    return (mantissa << 1) == 0 ? sign * std::numeric_limits<double>::infinity()
                                : std::numeric_limits<double>::quiet_NaN();
  if (mantissa == 0) return 0.0 * sign;
  return sign * std::ldexp(double(mantissa), exponent - 16383 - 63);
}

void probeWave(std::span<const std::uint8_t> b, DeclaredAudioHeader& found) {
  for (std::size_t at = 12; at + 8 <= b.size();) {
    const std::uint64_t size = le32(b.data() + at + 4);
    if (tagIs(b, at, "fmt ")) {
      if (size >= 8 && at + 16 <= b.size()) {
        found.channels = unsigned(b[at + 10]) | unsigned(b[at + 11]) << 8;
        found.sampleRate = double(le32(b.data() + at + 12));
      }
      return;
    }
    at += 8 + size + (size & 1);
  }
}

void probeAiff(std::span<const std::uint8_t> b, DeclaredAudioHeader& found) {
  for (std::size_t at = 12; at + 8 <= b.size();) {
    const std::uint64_t size = be32(b.data() + at + 4);
    if (tagIs(b, at, "COMM")) {
      if (size >= 18 && at + 8 + 18 <= b.size()) found.sampleRate = extended80(b.data() + at + 16);
      return;
    }
    at += 8 + size + (size & 1);
  }
}

// STREAMINFO is the first metadata block: 4 bytes of block header after "fLaC", then the rate in
// the 20 bits from byte 10 of the block.
void probeFlac(std::span<const std::uint8_t> b, DeclaredAudioHeader& found) {
  if (b.size() < 8 + 13 || (b[4] & 0x7F) != 0) return;
  const std::uint8_t* info = b.data() + 8;
  found.sampleRate = double(std::uint32_t(info[10]) << 12 | std::uint32_t(info[11]) << 4 | info[12] >> 4);
}

}  // namespace

bool isAudioRate(double hertz) { return hertz >= 1.0 && hertz <= kHighestAudioRate; }

DeclaredAudioHeader probeAudioHeader(std::span<const std::uint8_t> head) {
  DeclaredAudioHeader found;
  if ((tagIs(head, 0, "RIFF") || tagIs(head, 0, "RF64")) && tagIs(head, 8, "WAVE")) probeWave(head, found);
  else if (tagIs(head, 0, "FORM") && (tagIs(head, 8, "AIFF") || tagIs(head, 8, "AIFC"))) probeAiff(head, found);
  else if (tagIs(head, 0, "fLaC")) probeFlac(head, found);
  return found;
}

DeclaredAudioHeader probeAudioHeader(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> head(kHeadBytes);
  in.read(reinterpret_cast<char*>(head.data()), std::streamsize(head.size()));
  head.resize(std::size_t(in.gcount()));
  return probeAudioHeader(head);
}

}  // namespace fftscope::signal
