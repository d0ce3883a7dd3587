// PGM/PPM (and PBM): "P1".."P6", then width, height and (except bitmaps) the maximum value as
// decimal text with '#' comments, one whitespace byte, then the samples. P4..P6 are binary.
#include "imaging/HeaderParsers.h"

#include <string>

namespace fftscope::imaging::detail {
namespace {

struct PnmLayout {
  char kind = 0;  // '1'..'6'
  std::uint64_t width = 0;
  std::uint64_t height = 0;
  std::uint64_t maxValue = 1;
  std::size_t dataAt = 0;
};

bool isSpace(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::uint64_t readNumber(const ByteReader& in, std::size_t& at) {
  for (;;) {
    const std::uint8_t c = in.u8(at);
    if (isSpace(c)) {
      ++at;
    } else if (c == '#') {
      while (in.u8(at) != '\n' && in.u8(at) != '\r') ++at;
    } else {
      break;
    }
  }
  if (in.u8(at) < '0' || in.u8(at) > '9')
    throw std::runtime_error("corrupt: expected a number at byte " + std::to_string(at));
  std::uint64_t value = 0;
  while (in.has(at, 1) && in.u8(at) >= '0' && in.u8(at) <= '9') {
    value = value * 10 + (in.u8(at) - '0');
    if (value > 0xffffffffu) throw std::runtime_error("corrupt: a header number exceeds 2^32");
    ++at;
  }
  // OpenCV's decoder takes the byte after a number with it, so a '#' there is not a comment to
  // it: "5#6\n7" would be 5 wide and 6 high there, 5 by 7 here, and its samples sized by numbers
  // this check never saw.
  if (in.has(at, 1) && in.u8(at) == '#')
    throw std::runtime_error("corrupt: the comment at byte " + std::to_string(at) +
                             " touches the number before it (put whitespace between them)");
  return value;
}

PnmLayout readLayout(const ByteReader& in) {
  PnmLayout layout;
  layout.kind = char(in.u8(1));
  std::size_t at = 2;
  layout.width = readNumber(in, at);
  layout.height = readNumber(in, at);
  if (layout.kind != '1' && layout.kind != '4') {
    layout.maxValue = readNumber(in, at);
    if (layout.maxValue == 0 || layout.maxValue > 65535)
      throw std::runtime_error("corrupt: maximum value " + std::to_string(layout.maxValue));
  }
  if (!isSpace(in.u8(at))) throw std::runtime_error("corrupt: no whitespace after the header");
  layout.dataAt = at + 1;
  return layout;
}

}  // namespace

ImageHeader readPnmHeader(const ByteReader& in) {
  const PnmLayout layout = readLayout(in);
  ImageHeader header;
  header.width = std::uint32_t(layout.width);
  header.height = std::uint32_t(layout.height);
  header.grey = layout.kind != '3' && layout.kind != '6';
  return header;
}

void checkPnmComplete(const ByteReader& in) {
  const PnmLayout layout = readLayout(in);
  const std::uint64_t bytesPerSample = layout.maxValue > 255 ? 2 : 1;
  const std::uint64_t available = in.size() - layout.dataAt;
  // width and height are below 2^32, so their product fits; check it against the file before
  // multiplying further, so that nothing wraps.
  const std::uint64_t pixels = layout.width * layout.height;
  std::uint64_t needed = 0;
  switch (layout.kind) {
    case '4': needed = (layout.width + 7) / 8 * layout.height; break;
    case '5': needed = pixels > available ? pixels : pixels * bytesPerSample; break;
    case '6': needed = pixels > available ? pixels : pixels * bytesPerSample * 3; break;
    default: return;  // plain-text samples: the decoder counts them
  }
  if (needed > available)
    throw std::runtime_error("truncated: the samples need at least " + std::to_string(needed) +
                             " bytes, the file has " + std::to_string(available));
}

}  // namespace fftscope::imaging::detail
