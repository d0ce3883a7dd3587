// What a file's header declares, read before any decoder runs: the size (so that huge images are
// refused before memory is spent on them), grey or colour, alpha; and whether all the data the
// header announces is in the file (so that truncated files are refused instead of half-decoded).
#pragma once

#include "imaging/ImageFormat.h"

#include <cstdint>
#include <span>

namespace fftscope::imaging {

struct ImageHeader {
  ImageFormat format = ImageFormat::Unknown;
  std::uint32_t width = 0;  // as stored, before any EXIF orientation
  std::uint32_t height = 0;
  bool grey = false;          // known to be grey (possibly with alpha)
  bool alpha = false;         // carries an alpha channel or transparency
  bool severalPages = false;  // a TIFF with more than one page (only the first is read)
  // Pixels of the block a TIFF's decoder holds at once, as declared (width x rows per strip, or a
  // tile): OpenCV allocates it whole, whatever the image's own size. 0 for other formats.
  std::uint64_t blockPixels = 0;

  std::uint64_t pixelCount() const { return std::uint64_t(width) * height; }
};

// Reads the header of a PNG, JPEG, TIFF, BMP, PGM/PPM or WebP file. Throws std::runtime_error
// ("truncated: ...", "corrupt: ...", "... not supported") without the file's name, and
// std::invalid_argument for a format detectFormat does not recognise.
ImageHeader readImageHeader(std::span<const std::uint8_t> bytes);

// Checks that the image data the header announces lies inside the file (PNG: every chunk up to
// IEND; JPEG: an end-of-image marker after the scan; TIFF: every strip or tile; BMP, binary
// PGM/PPM: the pixel array; WebP: the RIFF container). Throws std::runtime_error("truncated: ...").
void checkImageComplete(const ImageHeader& header, std::span<const std::uint8_t> bytes);

}  // namespace fftscope::imaging
