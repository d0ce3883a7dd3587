#include "imaging/ImageHeader.h"

#include "imaging/HeaderParsers.h"

#include <stdexcept>

namespace fftscope::imaging {

using detail::ByteReader;

ImageHeader readImageHeader(std::span<const std::uint8_t> bytes) {
  const ByteReader in(bytes);
  const ImageFormat format = detectFormat(bytes);
  ImageHeader header;
  switch (format) {
    case ImageFormat::Png: header = detail::readPngHeader(in); break;
    case ImageFormat::Jpeg: header = detail::readJpegHeader(in); break;
    case ImageFormat::Tiff: header = detail::readTiffHeader(in); break;
    case ImageFormat::Bmp: header = detail::readBmpHeader(in); break;
    case ImageFormat::Pnm: header = detail::readPnmHeader(in); break;
    case ImageFormat::WebP: header = detail::readWebpHeader(in); break;
    case ImageFormat::Unknown: throw std::invalid_argument("readImageHeader: " + describeUnknownFormat(bytes));
  }
  header.format = format;
  return header;
}

void checkImageComplete(const ImageHeader& header, std::span<const std::uint8_t> bytes) {
  const ByteReader in(bytes);
  switch (header.format) {
    case ImageFormat::Png: return detail::checkPngComplete(in);
    case ImageFormat::Jpeg: return detail::checkJpegComplete(in);
    case ImageFormat::Tiff: return detail::checkTiffComplete(in);
    case ImageFormat::Bmp: return detail::checkBmpComplete(in);
    case ImageFormat::Pnm: return detail::checkPnmComplete(in);
    case ImageFormat::WebP: return detail::checkWebpComplete(in);
    case ImageFormat::Unknown: break;
  }
  throw std::invalid_argument("checkImageComplete: unknown format");
}

}  // namespace fftscope::imaging
