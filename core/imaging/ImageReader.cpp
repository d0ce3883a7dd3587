#include "imaging/ImageReader.h"

#include "io/MemoryBudget.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cerrno>
#include <climits>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

[[noreturn]] void refuse(const std::string& name, const std::string& problem) {
  throw std::runtime_error(name + ": " + problem);
}

std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) refuse(name, "is a folder, not an image file");
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) refuse(name, std::string("cannot open: ") + std::strerror(errno));
  const std::streamoff size = file.tellg();
  if (size < 0) refuse(name, "cannot tell the file's size");
  // The decoder takes at most 2 GiB: refused before the bytes are read into memory.
  if (size > std::streamoff(INT_MAX)) refuse(name, "the file is larger than 2 GiB");
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  file.seekg(0);
  if (!file.read(reinterpret_cast<char*>(bytes.data()), size)) refuse(name, "read error");
  return bytes;
}

std::string depthName(int depth) {
  switch (depth) {
    case CV_8S: return "8-bit signed";
    case CV_16S: return "16-bit signed";
    case CV_32S: return "32-bit integer";
    case CV_32F: return "32-bit float";
    case CV_64F: return "64-bit float";
    default: return "depth " + std::to_string(depth);
  }
}

// Checks what the header declares and that the data is all there.
ImageHeader checkedHeader(std::span<const std::uint8_t> bytes, const std::string& name,
                          const ReadOptions& options) {
  const ImageFormat format = detectFormat(bytes);
  if (format == ImageFormat::Unknown)
    refuse(name, describeUnknownFormat(bytes) + " (FFTScope reads PNG, JPEG, TIFF, BMP, PGM/PPM and WebP)");
  const std::string suffix = " (" + std::string(formatName(format)) + ")";
  if (const std::string other = otherDecoderSignature(bytes); !other.empty())
    refuse(name, "also carries the signature of " + other + ", which FFTScope does not read" + suffix);
  // The header parsers' messages say what is wrong; the file's name and format go around them.
  const auto named = [&](auto&& step) {
    try {
      return step();
    } catch (const std::runtime_error& e) {
      refuse(name, e.what() + suffix);
    }
  };
  const ImageHeader header = named([&] { return readImageHeader(bytes); });
  const std::string size = std::to_string(header.width) + " x " + std::to_string(header.height);
  if (header.pixelCount() == 0) refuse(name, "declares an empty image (" + size + ")" + suffix);
  if (header.pixelCount() > options.maxPixels)
    refuse(name, "declares " + size + " pixels (" + std::to_string(header.pixelCount()) +
                     "), above the limit of " + std::to_string(options.maxPixels) + suffix);
  if (header.blockPixels > options.maxPixels)
    refuse(name, "declares " + size + " pixels in strips or tiles of " + std::to_string(header.blockPixels) +
                     " pixels, above the limit of " + std::to_string(options.maxPixels) + suffix);
  const std::uint64_t needed = decodingBytes(header);
  const std::uint64_t available = options.availableMemory ? options.availableMemory : io::memoryBudgetBytes();
  if (available != 0 && needed > available)
    refuse(name, "declares " + size + " pixels, which need about " + std::to_string(needed >> 20) +
                     " MiB to decode; " + std::to_string(available >> 20) + " MiB of memory is available" + suffix);
  if (options.checkDeclared) {
    try {
      options.checkDeclared(header);
    } catch (const std::invalid_argument& e) {
      refuse(name, e.what());
    }
  }
  named([&] { checkImageComplete(header, bytes); });
  return header;
}

cv::Mat decodePixels(std::span<const std::uint8_t> bytes, const std::string& name, ImageFormat format) {
  const std::string what = "cannot decode the " + std::string(formatName(format)) + " data";
  if (bytes.size() > std::size_t(INT_MAX)) refuse(name, "the file is larger than 2 GiB");
  const cv::Mat buffer(1, int(bytes.size()), CV_8U, const_cast<std::uint8_t*>(bytes.data()));
  cv::Mat decoded;
  try {
    decoded = cv::imdecode(buffer, cv::IMREAD_ANYDEPTH | cv::IMREAD_ANYCOLOR);
  } catch (const cv::Exception& e) {
    refuse(name, what + " (" + e.err + ")");
  }
  if (decoded.empty()) refuse(name, what);
  return decoded;
}

}  // namespace

std::uint64_t decodingBytes(const ImageHeader& header) {
  return header.pixelCount() * (4 * 2 + 3 * 4 + 3 * 4) + header.blockPixels * 4 * 2;
}

Image decodeImage(std::span<const std::uint8_t> bytes, const std::string& name, const ReadOptions& options) {
  if (bytes.empty()) refuse(name, "the file is empty");
  const ImageHeader header = checkedHeader(bytes, name, options);
  cv::Mat pixels = decodePixels(bytes, name, header.format);

  Image image;
  if (pixels.depth() == CV_8U) image.bitDepth = 8;
  else if (pixels.depth() == CV_16U) image.bitDepth = 16;
  else refuse(name, depthName(pixels.depth()) + " samples are not supported (8- or 16-bit integers only)");

  // IMREAD_ANYCOLOR turns every multi-channel image into BGR, grey with alpha included.
  if (pixels.channels() == 3 && header.grey) cv::cvtColor(pixels, pixels, cv::COLOR_BGR2GRAY);
  else if (pixels.channels() == 3) cv::cvtColor(pixels, pixels, cv::COLOR_BGR2RGB);
  else if (pixels.channels() != 1) refuse(name, std::to_string(pixels.channels()) + " channels after decoding");

  if (header.alpha) image.notices.push_back("alpha channel dropped");
  if (header.width != header.height && std::uint32_t(pixels.cols) == header.height &&
      std::uint32_t(pixels.rows) == header.width)
    image.notices.push_back("rotated to its EXIF orientation");
  if (header.severalPages) image.notices.push_back("only the first page was read");

  image.width = pixels.cols;
  image.height = pixels.rows;
  image.channels = pixels.channels();
  // Converted straight into the image's samples: no float copy in between.
  image.data.resize(pixels.total() * std::size_t(image.channels));
  cv::Mat samples(pixels.rows, pixels.cols, CV_MAKETYPE(CV_32F, image.channels), image.data.data());
  pixels.convertTo(samples, samples.type());
  return image;
}

Image readImage(const std::filesystem::path& path, const ReadOptions& options) {
  const std::vector<std::uint8_t> bytes = readFileBytes(path);
  return decodeImage(bytes, path.string(), options);
}

}  // namespace fftscope::imaging
