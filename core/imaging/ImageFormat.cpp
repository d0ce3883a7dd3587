#include "imaging/ImageFormat.h"

#include <array>
#include <cstdio>

namespace fftscope::imaging {
namespace {

using namespace std::string_view_literals;  // magics hold zero bytes

bool startsWith(std::span<const std::uint8_t> bytes, std::string_view magic, std::size_t at = 0) {
  if (bytes.size() < at + magic.size()) return false;
  for (std::size_t i = 0; i < magic.size(); ++i)
    if (bytes[at + i] != std::uint8_t(magic[i])) return false;
  return true;
}

bool isSpace(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

struct KnownOther {
  std::string_view magic;
  std::size_t at;
  std::string_view name;
};

// Formats people try to open that the workspace does not read; named in the refusal.
constexpr std::array<KnownOther, 13> kOthers{{
    {"GIF8"sv, 0, "GIF"},
    {"%PDF"sv, 0, "PDF"},
    {"8BPS"sv, 0, "Photoshop (PSD)"},
    {"\x76\x2f\x31\x01"sv, 0, "OpenEXR"},
    {"#?RADIANCE"sv, 0, "Radiance HDR"},
    {"PF\n"sv, 0, "PFM"},
    {"Pf\n"sv, 0, "PFM"},
    {"P7"sv, 0, "PAM"},
    {"\x00\x00\x00\x0cjP  "sv, 0, "JPEG 2000"},
    {"ftypheic"sv, 4, "HEIF"},
    {"ftypavif"sv, 4, "AVIF"},
    {"II\x2b\x00"sv, 0, "BigTIFF"},
    {"MM\x00\x2b"sv, 0, "BigTIFF"},
}};

}  // namespace

ImageFormat detectFormat(std::span<const std::uint8_t> bytes) {
  if (startsWith(bytes, "\x89PNG\r\n\x1a\n"sv)) return ImageFormat::Png;
  if (startsWith(bytes, "\xff\xd8\xff")) return ImageFormat::Jpeg;
  if (startsWith(bytes, "II\x2a\x00"sv) ||
      startsWith(bytes, "MM\x00\x2a"sv))
    return ImageFormat::Tiff;
  if (startsWith(bytes, "BM") && bytes.size() >= 14) return ImageFormat::Bmp;
  if (bytes.size() >= 3 && bytes[0] == 'P' && bytes[1] >= '1' && bytes[1] <= '6' && isSpace(bytes[2]))
    return ImageFormat::Pnm;
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return ImageFormat::WebP;
  return ImageFormat::Unknown;
}

std::string otherDecoderSignature(std::span<const std::uint8_t> bytes) {
  if (startsWith(bytes, "DICM", 128)) return "DICOM ('DICM' at byte 128)";
  if (startsWith(bytes, "DTED", 140)) return "DTED ('DTED' at byte 140)";
  return {};
}

std::string_view formatName(ImageFormat format) {
  switch (format) {
    case ImageFormat::Png: return "PNG";
    case ImageFormat::Jpeg: return "JPEG";
    case ImageFormat::Tiff: return "TIFF";
    case ImageFormat::Bmp: return "BMP";
    case ImageFormat::Pnm: return "PGM/PPM";
    case ImageFormat::WebP: return "WebP";
    case ImageFormat::Unknown: break;
  }
  return "unknown";
}

std::string describeUnknownFormat(std::span<const std::uint8_t> bytes) {
  for (const auto& other : kOthers) {
    if (startsWith(bytes, other.magic, other.at))
      return std::string(other.name) + " images are not supported";
  }
  std::string text = "unknown format (first bytes";
  const std::size_t shown = bytes.size() < 8 ? bytes.size() : 8;
  for (std::size_t i = 0; i < shown; ++i) {
    char hex[4];
    std::snprintf(hex, sizeof hex, " %02x", unsigned(bytes[i]));
    text += hex;
  }
  return text + ")";
}

}  // namespace fftscope::imaging
