// PNG: signature, then chunks of (length, type, data, CRC); IHDR first, IEND last.
#include "imaging/HeaderParsers.h"

#include <string>

namespace fftscope::imaging::detail {
namespace {

constexpr std::size_t kSignatureSize = 8;

struct ChunkWalk {
  bool sawIdat = false;
  bool sawTransparency = false;
  std::string problem;  // empty when the walk reached IEND
};

ChunkWalk walkChunks(const ByteReader& in) {
  ChunkWalk walk;
  std::size_t at = kSignatureSize;
  while (in.has(at, 8)) {
    const std::uint32_t length = in.u32be(at);
    const std::string type = in.fourCc(at + 4);
    if (length > 0x7fffffffu) {
      walk.problem = "corrupt: chunk '" + type + "' at byte " + std::to_string(at) +
                     " declares a length of " + std::to_string(length) + " bytes";
      return walk;
    }
    if (!in.has(at + 8, std::size_t(length) + 4)) {
      walk.problem = "truncated: chunk '" + type + "' at byte " + std::to_string(at) + " needs " +
                     std::to_string(std::size_t(length) + 12) + " bytes, the file ends after " +
                     std::to_string(in.size() - at);
      return walk;
    }
    if (type == "IDAT") walk.sawIdat = true;
    if (type == "tRNS") walk.sawTransparency = true;
    if (type == "IEND") return walk;
    at += std::size_t(length) + 12;
  }
  walk.problem = "truncated: the file ends before the IEND chunk";
  return walk;
}

}  // namespace

ImageHeader readPngHeader(const ByteReader& in) {
  if (in.u32be(8) != 13 || in.fourCc(12) != "IHDR")
    throw std::runtime_error("corrupt: the first chunk is not a 13-byte IHDR");
  ImageHeader header;
  header.width = in.u32be(16);
  header.height = in.u32be(20);
  const std::uint8_t colourType = in.u8(25);
  header.grey = colourType == 0 || colourType == 4;
  header.alpha = colourType == 4 || colourType == 6 || walkChunks(in).sawTransparency;
  return header;
}

void checkPngComplete(const ByteReader& in) {
  const ChunkWalk walk = walkChunks(in);
  if (!walk.problem.empty()) throw std::runtime_error(walk.problem);
  if (!walk.sawIdat) throw std::runtime_error("corrupt: no image data (IDAT chunk)");
}

}  // namespace fftscope::imaging::detail
