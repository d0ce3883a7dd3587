// JPEG: markers (0xFF, code, 16-bit length) from SOI up to the first scan (SOS); the frame header
// (SOF) carries the size; entropy-coded data follows and ends with EOI (0xFF 0xD9).
#include "imaging/HeaderParsers.h"

#include <string>

namespace fftscope::imaging::detail {
namespace {

struct Markers {
  bool sawFrame = false;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  int components = 0;
  std::size_t scanAt = 0;  // offset of the first SOS marker
};

// SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
bool isFrameMarker(std::uint8_t code) {
  return code >= 0xC0 && code <= 0xCF && code != 0xC4 && code != 0xC8 && code != 0xCC;
}

Markers readMarkers(const ByteReader& in) {
  Markers markers;
  std::size_t at = 2;
  for (;;) {
    if (!in.has(at, 2)) throw std::runtime_error("truncated: the file ends inside the headers");
    if (in.u8(at) != 0xFF)
      throw std::runtime_error("corrupt: expected a marker at byte " + std::to_string(at));
    const std::uint8_t code = in.u8(at + 1);
    if (code == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    if (code == 0x01 || (code >= 0xD0 && code <= 0xD8)) {  // markers without a length
      at += 2;
      continue;
    }
    if (code == 0xD9) throw std::runtime_error("corrupt: end-of-image marker before any image data");
    const std::uint16_t length = in.u16be(at + 2);
    if (length < 2) throw std::runtime_error("corrupt: marker at byte " + std::to_string(at) + " has length " + std::to_string(length));
    if (isFrameMarker(code)) {
      markers.sawFrame = true;
      markers.height = in.u16be(at + 5);
      markers.width = in.u16be(at + 7);
      markers.components = in.u8(at + 9);
    }
    if (code == 0xDA) {
      markers.scanAt = at;
      return markers;
    }
    at += 2 + std::size_t(length);
  }
}

}  // namespace

ImageHeader readJpegHeader(const ByteReader& in) {
  const Markers markers = readMarkers(in);
  if (!markers.sawFrame) throw std::runtime_error("corrupt: no frame header (SOF) before the image data");
  if (markers.height == 0)
    throw std::runtime_error("a height defined after the image data (DNL marker) is not supported");
  ImageHeader header;
  header.width = markers.width;
  header.height = markers.height;
  header.grey = markers.components == 1;
  return header;
}

void checkJpegComplete(const ByteReader& in) {
  // Entropy-coded data stuffs 0xFF as 0xFF 0x00 and restarts are 0xD0..0xD7, so the first
  // 0xFF 0xD9 after the scan header is the end of the image.
  for (std::size_t at = readMarkers(in).scanAt; in.has(at, 2); ++at)
    if (in.u8(at) == 0xFF && in.u8(at + 1) == 0xD9) return;
  throw std::runtime_error("truncated: no end-of-image marker after the image data");
}

}  // namespace fftscope::imaging::detail
