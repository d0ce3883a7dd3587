#include "imaging/ImageWriter.h"

#include "imaging/SpectrumLayout.h"
#include "io/AtomicWrite.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& problem) {
  throw std::runtime_error(path.string() + ": " + problem);
}

std::string lowerExtension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

std::vector<std::uint8_t> encode(const cv::Mat& pixels, const std::string& extension, const std::filesystem::path& path,
                                 const std::vector<int>& parameters = {}) {
  std::vector<std::uint8_t> encoded;
  try {
    if (!cv::imencode(extension, pixels, encoded, parameters)) refuse(path, "the encoder refused the image");
  } catch (const cv::Exception& e) {
    refuse(path, "cannot encode (" + e.err + ")");
  }
  return encoded;
}

}  // namespace

std::vector<std::uint8_t> encodeImage(const Image& image, const std::filesystem::path& path) {
  const std::string ext = lowerExtension(path);
  if (ext != ".png" && ext != ".tif" && ext != ".tiff")
    refuse(path, "cannot save as '" + ext + "' (use .png, .tif or .tiff)");
  validateImage(image);
  const int depth = image.bitDepth == 16 ? CV_16U : CV_8U;
  const cv::Mat samples(image.height, image.width, CV_MAKETYPE(CV_32F, image.channels),
                        const_cast<float*>(image.data.data()));
  cv::Mat pixels;
  samples.convertTo(pixels, CV_MAKETYPE(depth, image.channels));  // rounds and saturates
  if (image.channels == 3) cv::cvtColor(pixels, pixels, cv::COLOR_RGB2BGR);
  return encode(pixels, ext, path);
}

std::vector<std::uint8_t> encodeFilteredImage(const FilteredSamples& samples, OutputRange range,
                                              const std::filesystem::path& path) {
  if (range != OutputRange::Float) return encodeImage(mapOutputRange(samples, range), path);
  const std::string ext = lowerExtension(path);
  if (ext != ".tif" && ext != ".tiff")
    refuse(path, "a float output needs a .tif or .tiff file ('" + ext + "' holds no 32-bit float samples)");
  const Image& image = samples.image;
  const std::size_t expected = image.pixelCount() * std::size_t(image.channels);
  if (image.width < 1 || image.height < 1 || (image.channels != 1 && image.channels != 3) ||
      image.data.size() != expected)
    refuse(path, "inconsistent filtered image");
  const cv::Mat samplesMat(image.height, image.width, CV_MAKETYPE(CV_32F, image.channels),
                           const_cast<float*>(image.data.data()));
  cv::Mat pixels;  // a new buffer for colour: the input stays as it is
  if (image.channels == 3) cv::cvtColor(samplesMat, pixels, cv::COLOR_RGB2BGR);
  else pixels = samplesMat;
  // Uncompressed: any TIFF reader gets the exact values.
  return encode(pixels, ".tiff", path, {cv::IMWRITE_TIFF_COMPRESSION, 1});
}

std::vector<std::uint8_t> encodeRgbPng(const RgbImage& image, const std::filesystem::path& path) {
  if (image.width < 1 || image.height < 1 || image.rgb.size() != std::size_t(image.width) * image.height * 3)
    refuse(path, "inconsistent RGB picture");
  const cv::Mat rgb(image.height, image.width, CV_8UC3, const_cast<std::uint8_t*>(image.rgb.data()));
  cv::Mat bgr;
  cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
  return encode(bgr, ".png", path);
}

std::vector<std::uint8_t> encodeMaskPng(const Mask& mask, const std::filesystem::path& path) {
  if (mask.rows < 1 || mask.cols < 1 || mask.values.size() != std::size_t(mask.rows) * mask.cols)
    refuse(path, "inconsistent mask");
  const std::vector<float> centred = fftShift(mask.values, mask.rows, mask.cols);
  cv::Mat pixels(mask.rows, mask.cols, CV_16UC1);
  for (int y = 0; y < mask.rows; ++y)
    for (int x = 0; x < mask.cols; ++x) {
      const float v = std::clamp(centred[std::size_t(y) * mask.cols + x], 0.0f, 1.0f);
      pixels.at<std::uint16_t>(y, x) = std::uint16_t(std::lround(v * 65535.0f));
    }
  return encode(pixels, ".png", path);
}

void writeImage(const Image& image, const std::filesystem::path& path) {
  io::writeFileAtomically(path, encodeImage(image, path));
}

void writeFilteredImage(const FilteredSamples& samples, OutputRange range, const std::filesystem::path& path) {
  io::writeFileAtomically(path, encodeFilteredImage(samples, range, path));
}

void writeRgbPng(const RgbImage& image, const std::filesystem::path& path) {
  io::writeFileAtomically(path, encodeRgbPng(image, path));
}

void writeMaskPng(const Mask& mask, const std::filesystem::path& path) {
  io::writeFileAtomically(path, encodeMaskPng(mask, path));
}

}  // namespace fftscope::imaging
