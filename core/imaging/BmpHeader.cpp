// BMP: a 14-byte file header ("BM", size, pixel offset) and a DIB header (12 bytes for OS/2
// bitmaps, 40 or more for Windows ones) giving size, bits per pixel and compression.
#include "imaging/HeaderParsers.h"

#include <cstdlib>
#include <string>

namespace fftscope::imaging::detail {
namespace {

struct BmpLayout {
  std::int64_t width = 0;
  std::int64_t height = 0;  // negative: rows stored top-down
  int bitsPerPixel = 0;
  std::uint32_t compression = 0;
  std::uint32_t pixelOffset = 0;
};

constexpr std::uint32_t kRgb = 0, kRle8 = 1, kRle4 = 2, kBitFields = 3, kAlphaBitFields = 6;

BmpLayout readLayout(const ByteReader& in) {
  BmpLayout layout;
  layout.pixelOffset = in.u32le(10);
  const std::uint32_t dibSize = in.u32le(14);
  if (dibSize == 12) {
    layout.width = in.u16le(18);
    layout.height = in.u16le(20);
    layout.bitsPerPixel = in.u16le(24);
  } else if (dibSize >= 40) {
    layout.width = std::int32_t(in.u32le(18));
    layout.height = std::int32_t(in.u32le(22));
    layout.bitsPerPixel = in.u16le(28);
    layout.compression = in.u32le(30);
  } else {
    throw std::runtime_error("corrupt: DIB header of " + std::to_string(dibSize) + " bytes");
  }
  const int bpp = layout.bitsPerPixel;
  if (bpp != 1 && bpp != 4 && bpp != 8 && bpp != 16 && bpp != 24 && bpp != 32)
    throw std::runtime_error("corrupt: " + std::to_string(bpp) + " bits per pixel");
  const std::uint32_t c = layout.compression;
  if (c != kRgb && c != kRle8 && c != kRle4 && c != kBitFields && c != kAlphaBitFields)
    throw std::runtime_error("BMP compression " + std::to_string(c) + " is not supported");
  if (layout.width < 0) throw std::runtime_error("corrupt: negative width " + std::to_string(layout.width));
  return layout;
}

}  // namespace

ImageHeader readBmpHeader(const ByteReader& in) {
  const BmpLayout layout = readLayout(in);
  ImageHeader header;
  header.width = std::uint32_t(layout.width);
  header.height = std::uint32_t(std::llabs(layout.height));
  return header;
}

void checkBmpComplete(const ByteReader& in) {
  const BmpLayout layout = readLayout(in);
  if (layout.pixelOffset >= in.size())
    throw std::runtime_error("truncated: the pixel data would start at byte " +
                             std::to_string(layout.pixelOffset) + ", past the end of the file");
  if (layout.compression == kRle8 || layout.compression == kRle4) return;  // run lengths vary
  const std::uint64_t rowBytes = (std::uint64_t(layout.width) * layout.bitsPerPixel + 31) / 32 * 4;
  const std::uint64_t rows = std::uint64_t(std::llabs(layout.height));
  const std::uint64_t available = in.size() - layout.pixelOffset;
  // Compared by division so that a huge declared size cannot wrap the product.
  if (rowBytes != 0 && rows > available / rowBytes)
    throw std::runtime_error("truncated: the pixel data needs " + std::to_string(rows) + " rows of " +
                             std::to_string(rowBytes) + " bytes, the file has " + std::to_string(available) +
                             " bytes after the headers");
}

}  // namespace fftscope::imaging::detail
