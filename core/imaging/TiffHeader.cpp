// TIFF: byte order ("II" little, "MM" big), 42, the offset of the first image file directory
// (IFD); each IFD entry is (tag, type, count, value or offset). Only the first page is read.
#include "imaging/HeaderParsers.h"

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope::imaging::detail {
namespace {

enum Tag : std::uint16_t {
  kWidth = 256,
  kHeight = 257,
  kPhotometric = 262,
  kStripOffsets = 273,
  kSamplesPerPixel = 277,
  kRowsPerStrip = 278,
  kStripByteCounts = 279,
  kTileWidth = 322,
  kTileLength = 323,
  kTileOffsets = 324,
  kTileByteCounts = 325,
  kExtraSamples = 338,
};

// The integer types a tag we use may have: BYTE, SHORT, LONG and their signed kinds (libtiff takes
// each for the sizes, so a size stored as SLONG must be read too, not skipped).
struct IntegerType {
  std::size_t size;
  bool isSigned;
};

std::optional<IntegerType> integerType(std::uint16_t type) {
  switch (type) {
    case 1: return IntegerType{1, false};
    case 3: return IntegerType{2, false};
    case 4: return IntegerType{4, false};
    case 6: return IntegerType{1, true};
    case 8: return IntegerType{2, true};
    case 9: return IntegerType{4, true};
    default: return std::nullopt;
  }
}

struct Directory {
  std::map<std::uint16_t, std::vector<std::uint64_t>> values;  // the tags we use
  std::uint32_t nextDirectory = 0;

  std::uint64_t first(std::uint16_t tag, std::uint64_t fallback) const {
    const auto it = values.find(tag);
    return it == values.end() || it->second.empty() ? fallback : it->second.front();
  }
};

bool isUsed(std::uint16_t tag) {
  switch (tag) {
    case kWidth: case kHeight: case kPhotometric: case kStripOffsets: case kSamplesPerPixel:
    case kStripByteCounts: case kTileOffsets: case kTileByteCounts: case kExtraSamples:
    case kRowsPerStrip: case kTileWidth: case kTileLength:
      return true;
    default:
      return false;
  }
}

// Each tag we use may appear once, and its values must lie inside the file: a directory that
// repeats a tag with huge counts would otherwise make us collect gigabytes before any check.
Directory readFirstDirectory(const ByteReader& in) {
  const bool big = in.u8(0) == 'M';
  const std::size_t at = in.u32(4, big);
  const std::uint16_t count = in.u16(at, big);
  if (!in.has(at + 2, 12 * std::size_t(count) + 4))
    throw std::runtime_error("truncated: the first directory lists " + std::to_string(count) +
                             " entries, the file ends before them");
  Directory directory;
  for (std::uint16_t i = 0; i < count; ++i) {
    const std::size_t entry = at + 2 + 12 * std::size_t(i);
    const std::uint16_t tag = in.u16(entry, big);
    const std::uint16_t type = in.u16(entry + 2, big);
    const std::uint32_t n = in.u32(entry + 4, big);
    if (!isUsed(tag)) continue;
    // A tag twice, whatever its types, would let the decoder take a size these checks did not.
    if (directory.values.count(tag))
      throw std::runtime_error("corrupt: tag " + std::to_string(tag) + " appears more than once in the first directory");
    const std::optional<IntegerType> integer = integerType(type);
    if (!integer)
      throw std::runtime_error("corrupt: tag " + std::to_string(tag) + " is of type " + std::to_string(type) +
                               ", not an integer");
    const std::size_t size = integer->size;
    const std::uint64_t bytes = std::uint64_t(n) * size;
    const std::size_t valuesAt = bytes <= 4 ? entry + 8 : in.u32(entry + 8, big);
    if (!in.has(valuesAt, bytes))
      throw std::runtime_error("truncated: tag " + std::to_string(tag) + " lists " + std::to_string(n) +
                               " values at byte " + std::to_string(valuesAt) + ", past the end of the file (" +
                               std::to_string(in.size()) + " bytes)");
    auto& values = directory.values[tag];
    values.reserve(n);
    for (std::uint32_t k = 0; k < n; ++k) {
      const std::size_t at = valuesAt + size * std::size_t(k);
      const std::uint32_t raw = size == 1 ? in.u8(at) : size == 2 ? in.u16(at, big) : in.u32(at, big);
      const std::int64_t value = !integer->isSigned ? std::int64_t(raw)
                                 : size == 1        ? std::int64_t(std::int8_t(raw))
                                 : size == 2        ? std::int64_t(std::int16_t(raw))
                                                    : std::int64_t(std::int32_t(raw));
      if (value < 0)
        throw std::runtime_error("corrupt: tag " + std::to_string(tag) + " holds the negative value " +
                                 std::to_string(value));
      values.push_back(std::uint64_t(value));
    }
  }
  directory.nextDirectory = in.u32(at + 2 + 12 * std::size_t(count), big);
  return directory;
}

}  // namespace

ImageHeader readTiffHeader(const ByteReader& in) {
  const Directory directory = readFirstDirectory(in);
  ImageHeader header;
  header.width = std::uint32_t(directory.first(kWidth, 0));
  header.height = std::uint32_t(directory.first(kHeight, 0));
  const std::uint64_t photometric = directory.first(kPhotometric, 1);
  const std::uint64_t samples = directory.first(kSamplesPerPixel, 1);
  const bool cmyk = photometric == 5;
  header.grey = photometric == 0 || photometric == 1;
  header.alpha = directory.values.count(kExtraSamples) > 0 || samples == 2 || (samples >= 4 && !cmyk);
  header.severalPages = directory.nextDirectory != 0;
  // OpenCV's decoder takes a strip's rows (or a tile's size) as declared, 0 and 2^32 - 1 (one
  // strip) meaning the image's, so a strip of 32772 rows in an image of 4 made it allocate 2.5 GB.
  const auto orImage = [](std::uint64_t declared, std::uint32_t image) {
    return declared == 0 || declared == 0xffffffffu ? std::uint64_t(image) : declared;
  };
  const bool tiled = directory.values.count(kTileOffsets) > 0;
  header.blockPixels = tiled ? orImage(directory.first(kTileWidth, 0), header.width) *
                                   orImage(directory.first(kTileLength, 0), header.height)
                             : std::uint64_t(header.width) * orImage(directory.first(kRowsPerStrip, 0), header.height);
  return header;
}

void checkTiffComplete(const ByteReader& in) {
  const Directory directory = readFirstDirectory(in);
  const bool tiled = directory.values.count(kTileOffsets) > 0;
  const auto offsets = directory.values.find(tiled ? kTileOffsets : kStripOffsets);
  const auto counts = directory.values.find(tiled ? kTileByteCounts : kStripByteCounts);
  if (offsets == directory.values.end() || counts == directory.values.end() || offsets->second.empty())
    throw std::runtime_error("corrupt: no strip or tile offsets");
  if (offsets->second.size() != counts->second.size())
    throw std::runtime_error("corrupt: " + std::to_string(offsets->second.size()) + " offsets but " +
                             std::to_string(counts->second.size()) + " byte counts");
  for (std::size_t i = 0; i < offsets->second.size(); ++i) {
    const std::uint64_t end = offsets->second[i] + counts->second[i];
    if (end > in.size())
      throw std::runtime_error(std::string("truncated: ") + (tiled ? "tile " : "strip ") +
                               std::to_string(i) + " ends at byte " + std::to_string(end) +
                               ", the file has " + std::to_string(in.size()));
  }
}

}  // namespace fftscope::imaging::detail
