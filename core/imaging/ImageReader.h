// Opening images (PNG, JPEG, TIFF, BMP, PGM/PPM, WebP; 8- or 16-bit; grey or colour) into an
// Image. The magic bytes and the header are checked before the decoder runs; every refusal is a
// std::runtime_error whose message starts with the file's name and says what is wrong.
#pragma once

#include "imaging/Image.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace fftscope::imaging {

struct ReadOptions {
  // Images whose header declares more pixels than this are refused before decoding.
  std::uint64_t maxPixels = 40'000'000;
};

// Reads and decodes a file. Grey stays one channel (grey with alpha included), colour becomes
// RGB, 16-bit files stay 16-bit. EXIF orientation is applied (OpenCV does so for
// IMREAD_ANYDEPTH | IMREAD_ANYCOLOR, verified by the tests). Image::notices may say
// "alpha channel dropped", "rotated to its EXIF orientation" (when a quarter turn changed the
// shape) and "only the first page was read" (multi-page TIFF).
Image readImage(const std::filesystem::path& path, const ReadOptions& options = {});

// The same for a file already in memory; name is used in the messages.
Image decodeImage(std::span<const std::uint8_t> bytes, const std::string& name,
                  const ReadOptions& options = {});

}  // namespace fftscope::imaging
