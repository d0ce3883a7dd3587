// Saving what the Image workspace shows: the filtered image, the rendered spectrum, the mask.
// Every failure is a std::runtime_error naming the file and the problem. Files are replaced
// atomically (io/AtomicWrite.h): a failed save leaves the old file as it was. The encode* functions
// give the bytes, for a command that stages several outputs and commits them together.
#pragma once

#include "imaging/Image.h"
#include "imaging/Mask.h"
#include "imaging/OutputRange.h"
#include "imaging/RgbImage.h"

#include <cstdint>
#include <filesystem>
#include <vector>

namespace fftscope::imaging {

// PNG or TIFF, chosen by the extension (.png, .tif, .tiff), with the image's size, channels and
// bit depth; samples rounded and clipped to 0 .. maxSampleValue(bitDepth).
void writeImage(const Image& image, const std::filesystem::path& path);

// A filter's result with its range mode: Float writes a 32-bit float TIFF of the exact values
// (refused for any extension but .tif and .tiff); the others writeImage(mapOutputRange(...)).
void writeFilteredImage(const FilteredSamples& samples, OutputRange range, const std::filesystem::path& path);

// An 8-bit RGB PNG, e.g. the spectrum as rendered by renderSpectrum.
void writeRgbPng(const RgbImage& image, const std::filesystem::path& path);

// A 16-bit grey PNG of the mask, centred (DC in the middle) like the spectrum display:
// 0 -> 0, 1 -> 65535.
void writeMaskPng(const Mask& mask, const std::filesystem::path& path);

// The same files' bytes; path names the file in messages (and its extension the format).
std::vector<std::uint8_t> encodeImage(const Image& image, const std::filesystem::path& path);
std::vector<std::uint8_t> encodeFilteredImage(const FilteredSamples& samples, OutputRange range,
                                              const std::filesystem::path& path);
std::vector<std::uint8_t> encodeRgbPng(const RgbImage& image, const std::filesystem::path& path);
std::vector<std::uint8_t> encodeMaskPng(const Mask& mask, const std::filesystem::path& path);

}  // namespace fftscope::imaging
