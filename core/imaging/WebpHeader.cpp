// WebP: a RIFF container ("RIFF", size, "WEBP") whose first chunk is "VP8 " (lossy), "VP8L"
// (lossless) or "VP8X" (extended: flags for alpha and animation, then the canvas size).
#include "imaging/HeaderParsers.h"

#include <string>

namespace fftscope::imaging::detail {
namespace {

constexpr std::size_t kChunkAt = 12, kDataAt = 20;
constexpr std::uint8_t kAnimationFlag = 0x02, kAlphaFlag = 0x10;

}  // namespace

ImageHeader readWebpHeader(const ByteReader& in) {
  const std::string chunk = in.fourCc(kChunkAt);
  ImageHeader header;
  if (chunk == "VP8 ") {
    if (in.u8(kDataAt + 3) != 0x9d || in.u8(kDataAt + 4) != 0x01 || in.u8(kDataAt + 5) != 0x2a)
      throw std::runtime_error("corrupt: the VP8 frame has no start code");
    header.width = in.u16le(kDataAt + 6) & 0x3fff;
    header.height = in.u16le(kDataAt + 8) & 0x3fff;
  } else if (chunk == "VP8L") {
    if (in.u8(kDataAt) != 0x2f) throw std::runtime_error("corrupt: the VP8L signature is missing");
    const std::uint32_t bits = in.u32le(kDataAt + 1);
    header.width = (bits & 0x3fff) + 1;
    header.height = ((bits >> 14) & 0x3fff) + 1;
    header.alpha = (bits >> 28) & 1;
    // The lossless format has only version 0; libwebp refuses any other.
    if (bits >> 29) throw std::runtime_error("corrupt: VP8L version " + std::to_string(bits >> 29) + " (only 0 exists)");
  } else if (chunk == "VP8X") {
    const std::uint8_t flags = in.u8(kDataAt);
    if (flags & kAnimationFlag) throw std::runtime_error("animated WebP images are not supported");
    header.alpha = flags & kAlphaFlag;
    header.width = in.u24le(kDataAt + 4) + 1;
    header.height = in.u24le(kDataAt + 7) + 1;
  } else {
    throw std::runtime_error("corrupt: unexpected first chunk '" + chunk + "'");
  }
  return header;
}

void checkWebpComplete(const ByteReader& in) {
  const std::uint64_t declared = std::uint64_t(in.u32le(4)) + 8;
  if (declared > in.size())
    throw std::runtime_error("truncated: the RIFF container declares " + std::to_string(declared) +
                             " bytes, the file has " + std::to_string(in.size()));
  const std::uint64_t firstChunkEnd = kDataAt + std::uint64_t(in.u32le(kChunkAt + 4));
  if (firstChunkEnd > in.size())
    throw std::runtime_error("truncated: chunk '" + in.fourCc(kChunkAt) + "' ends at byte " +
                             std::to_string(firstChunkEnd) + ", the file has " + std::to_string(in.size()));
}

}  // namespace fftscope::imaging::detail
