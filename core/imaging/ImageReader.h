// Opening images (PNG, JPEG, TIFF, BMP, PGM/PPM, WebP; 8- or 16-bit; grey or colour) into an
// Image. The magic bytes and the header are checked before the decoder runs; every refusal is a
// std::runtime_error whose message starts with the file's name and says what is wrong.
#pragma once

#include "imaging/Image.h"
#include "imaging/ImageHeader.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>

namespace fftscope::imaging {

struct ReadOptions {
  // Images whose header declares more pixels than this are refused before decoding.
  std::uint64_t maxPixels = 40'000'000;
  // Memory the host can give, to refuse images whose decoding would not fit; 0 asks the system.
  std::uint64_t availableMemory = 0;
  // Called with the declared header before decoding; throws std::invalid_argument to refuse an
  // image the caller cannot process, such as one too large for its OpenCL device.
  std::function<void(const ImageHeader&)> checkDeclared = {};
};

// Bytes that decoding an image of this declared size takes at most: the decoder's samples
// (up to 4 channels of 16 bits), their float conversion and the Image's copy (3 channels each),
// and a TIFF decoder's strip or tile buffer (4 channels of 16 bits).
std::uint64_t decodingBytes(const ImageHeader& header);

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
