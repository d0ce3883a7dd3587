// Recognising an image file by its first bytes (its magic), before any decoder sees it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace fftscope::imaging {

enum class ImageFormat { Unknown, Png, Jpeg, Tiff, Bmp, Pnm, WebP };

// The format the magic bytes announce; Unknown for anything the workspace does not read.
ImageFormat detectFormat(std::span<const std::uint8_t> bytes);

// "PNG", "JPEG", "TIFF", "BMP", "PGM/PPM", "WebP", "unknown".
std::string_view formatName(ImageFormat format);

// OpenCV's imdecode picks the first of its decoders that claims the bytes, and it carries
// decoders FFTScope does not check (DICOM through GDCM, DTED through GDAL) whose signatures lie
// past the magics above. When the decoder for the detected format declines a damaged header,
// those would read the file with no size limit; such files are refused instead. Returns what the
// bytes also claim to be (e.g. "DICOM ('DICM' at byte 128)"), empty when nothing.
std::string otherDecoderSignature(std::span<const std::uint8_t> bytes);

// For a file detectFormat calls Unknown: what it looks like, for the error message, e.g.
// "GIF images are not supported" or "unknown format (first bytes 00 01 02 03)".
std::string describeUnknownFormat(std::span<const std::uint8_t> bytes);

}  // namespace fftscope::imaging
