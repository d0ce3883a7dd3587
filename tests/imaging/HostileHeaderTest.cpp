// Headers written to hurt: repeated TIFF tags with huge counts, counts and sizes beyond the file,
// sizes whose products would wrap, and images that would not fit in memory or on the device.
// Each is refused with a message, quickly, before the decoder runs.
#include "imaging/ImageHeader.h"
#include "imaging/ImageReader.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <limits>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

using test::Bytes;
using test::errorMessage;

void putLe(Bytes& bytes, std::uint64_t value, int size) {
  for (int i = 0; i < size; ++i) bytes.push_back(std::uint8_t(value >> (8 * i)));
}

// A little-endian TIFF whose only directory holds `entries` StripOffsets (273) tags, each
// listing as many LONG values as the file has words.
Bytes tiffWithRepeatedTag(std::uint32_t entries) {
  const std::uint32_t size = 8 + 2 + 12 * entries + 4;
  Bytes b{'I', 'I', 42, 0};
  putLe(b, 8, 4);
  putLe(b, entries, 2);
  for (std::uint32_t i = 0; i < entries; ++i) {
    putLe(b, 273, 2);
    putLe(b, 4, 2);
    putLe(b, size / 4, 4);
    putLe(b, 0, 4);
  }
  putLe(b, 0, 4);
  return b;
}

// A little-endian grey 8-bit TIFF of width x height in strips of `rows` rows, one strip of 16
// bytes of data.
Bytes tiffWithRowsPerStrip(std::uint32_t width, std::uint32_t height, std::uint32_t rows) {
  const std::uint16_t entries = 6;
  const std::uint32_t dataAt = 8 + 2 + 12 * entries + 4;
  Bytes b{'I', 'I', 42, 0};
  putLe(b, 8, 4);
  putLe(b, entries, 2);
  const std::uint32_t tags[entries][3] = {{256, 4, width}, {257, 4, height}, {262, 3, 1},
                                          {273, 4, dataAt}, {278, 4, rows}, {279, 4, 16}};
  for (const auto& t : tags) {
    putLe(b, t[0], 2);
    putLe(b, t[1], 2);
    putLe(b, 1, 4);
    putLe(b, t[2], 4);
  }
  putLe(b, 0, 4);
  b.resize(b.size() + 16, 0);
  return b;
}

double secondsFor(const std::function<void()>& action) {
  const auto start = std::chrono::steady_clock::now();
  action();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(HostileHeader, TiffRepeatingATagIsRefusedAtOnce) {
  // 5000 entries (60 KB): collecting every entry's values took 16 s and 1.1 GB.
  const Bytes tiff = tiffWithRepeatedTag(5000);
  std::string message;
  const double seconds = secondsFor([&] { message = errorMessage([&] { decodeImage(tiff, "dup.tif"); }); });
  EXPECT_LT(seconds, 1.0);
  EXPECT_EQ(message.rfind("dup.tif: corrupt: tag 273 appears more than once", 0), 0u) << message;
}

// OpenCV's TIFF decoder allocates a whole strip as declared: 19716 x 32772 pixels of RGBA for an
// image of 19716 x 4 asked it for 2.5 GB (found by the fuzzer).
TEST(HostileHeader, TiffStripsLargerThanTheLimitAreRefusedBeforeDecoding) {
  EXPECT_EQ(readImageHeader(tiffWithRowsPerStrip(19716, 4, 4)).blockPixels, 19716u * 4u);
  EXPECT_EQ(readImageHeader(tiffWithRowsPerStrip(19716, 4, 0)).blockPixels, 19716u * 4u);
  EXPECT_EQ(readImageHeader(tiffWithRowsPerStrip(19716, 4, 0xffffffffu)).blockPixels, 19716u * 4u);
  EXPECT_EQ(readImageHeader(tiffWithRowsPerStrip(19716, 4, 32772)).blockPixels, 19716ull * 32772u);
  std::string message;
  const double seconds = secondsFor(
      [&] { message = errorMessage([&] { decodeImage(tiffWithRowsPerStrip(19716, 4, 32772), "strips.tif"); }); });
  EXPECT_LT(seconds, 1.0);
  EXPECT_EQ(message, "strips.tif: declares 19716 x 4 pixels in strips or tiles of 646132752 pixels, above the "
                     "limit of 40000000 (TIFF)");
  // Strips within the limit pass the header checks: what stops this file is its 16 bytes of data.
  const std::string small = errorMessage([&] { decodeImage(tiffWithRowsPerStrip(19716, 4, 4), "small.tif"); });
  EXPECT_EQ(small.find("strips or tiles"), std::string::npos) << small;
}

// The width first as SLONG (which the header checks skipped) and again as SHORT: libtiff took the
// first, 19716 x 45316, and OpenCV asked for gigabytes (found by the fuzzer). A size in any
// integer type is read now, and a used tag twice is refused whatever its types.
TEST(HostileHeader, TiffSizesInEveryIntegerTypeAndNoTagTwice) {
  const Bytes plain = tiffWithRowsPerStrip(19716, 4, 4);
  Bytes signedWidth = plain;
  signedWidth[8 + 2 + 2] = 9;  // the width's type: SLONG
  EXPECT_EQ(readImageHeader(signedWidth).width, 19716u);
  Bytes negative = signedWidth;
  negative[8 + 2 + 8 + 3] = 0x80;  // its value's top byte: negative as SLONG
  EXPECT_NE(errorMessage([&] { readImageHeader(negative); }).find("corrupt: tag 256 holds the negative value"),
            std::string::npos);
  Bytes twice = signedWidth;
  std::memcpy(&twice[8 + 2 + 12 * 2], &twice[8 + 2], 2);  // the photometric entry's tag becomes 256
  const std::string message = errorMessage([&] { decodeImage(twice, "twice.tif"); });
  EXPECT_EQ(message.rfind("twice.tif: corrupt: tag 256 appears more than once", 0), 0u) << message;
  Bytes rational = plain;
  rational[8 + 2 + 12 + 2] = 5;  // the height's type: RATIONAL
  EXPECT_NE(errorMessage([&] { readImageHeader(rational); }).find("corrupt: tag 257 is of type 5, not an integer"),
            std::string::npos);
}

TEST(HostileHeader, TiffCountBeyondTheFileIsTruncated) {
  Bytes tiff = tiffWithRepeatedTag(1);
  std::memcpy(&tiff[8 + 2 + 4], "\xff\xff\xff\x0f", 4);  // count 2^28 - 1
  const std::string message = errorMessage([&] { readImageHeader(tiff); });
  EXPECT_NE(message.find("truncated: tag 273 lists 268435455 values"), std::string::npos) << message;
}

TEST(HostileHeader, TiffDirectoryLongerThanTheFileIsTruncated) {
  Bytes tiff = tiffWithRepeatedTag(1);
  tiff[8] = 0xff, tiff[9] = 0xff;  // 65535 entries in a 26-byte file
  const std::string message = errorMessage([&] { readImageHeader(tiff); });
  EXPECT_NE(message.find("truncated: the first directory lists 65535 entries"), std::string::npos) << message;
}

TEST(HostileHeader, PnmSizeWhoseByteCountWouldWrapIsTruncated) {
  for (const char* text : {"P6\n4294967295 4294967295\n65535\n", "P5\n4294967295 4294967295\n65535\n",
                           "P4\n4294967295 4294967295\n"}) {
    const std::string pnm = std::string(text) + "xxxx";
    const Bytes bytes(pnm.begin(), pnm.end());
    const ImageHeader header = readImageHeader(bytes);
    const std::string message = errorMessage([&] { checkImageComplete(header, bytes); });
    EXPECT_EQ(message.rfind("truncated: the samples need", 0), 0u) << text << message;
  }
}

TEST(HostileHeader, BmpSizeBeyondTheFileIsTruncated) {
  Bytes bmp{'B', 'M'};
  putLe(bmp, 0, 4), putLe(bmp, 0, 4), putLe(bmp, 54, 4);  // file size, reserved, pixel offset
  putLe(bmp, 40, 4), putLe(bmp, 0x7fffffff, 4), putLe(bmp, 0x80000000, 4);  // width, height -2^31
  putLe(bmp, 1, 2), putLe(bmp, 32, 2), putLe(bmp, 0, 4);
  bmp.resize(64, 0);
  const ImageHeader header = readImageHeader(bmp);
  EXPECT_EQ(header.height, 0x80000000u);
  const std::string message = errorMessage([&] { checkImageComplete(header, bmp); });
  EXPECT_EQ(message.rfind("truncated: the pixel data needs 2147483648 rows", 0), 0u) << message;
}

TEST(HostileHeader, ImageThatWouldNotFitInMemoryIsRefusedBeforeDecoding) {
  const Bytes png = test::handMadePng(8000, 5000, 0, {{0}});  // 40 M pixels, under the pixel limit
  ReadOptions options;
  options.availableMemory = std::uint64_t(64) << 20;
  const std::string message = errorMessage([&] { decodeImage(png, "big.png", options); });
  EXPECT_EQ(message, "big.png: declares 8000 x 5000 pixels, which need about 1220 MiB to decode; 64 MiB of "
                     "memory is available (PNG)");
}

TEST(HostileHeader, CallerSeesTheDeclaredSizeBeforeDecoding) {
  const Bytes png = test::handMadePng(4000, 3000, 0, {{0}});
  ReadOptions options;
  options.checkDeclared = [](const ImageHeader& header) {
    if (header.width > 2048) throw std::invalid_argument("wider than the device's 2048 columns");
  };
  const std::string message = errorMessage([&] { decodeImage(png, "wide.png", options); });
  EXPECT_EQ(message, "wide.png: wider than the device's 2048 columns");
}

TEST(HostileHeader, FileBeyondTheDecodersLimitIsRefusedBeforeReading) {
  const auto path = test::scratchFolder() / "sparse.png";
  test::writeBytes(path, test::handMadePng(2, 1, 0, {{1, 2}}));
  std::filesystem::resize_file(path, std::uintmax_t(3) << 30);  // sparse: takes no disk space
  std::string message;
  const double seconds = secondsFor([&] { message = errorMessage([&] { readImage(path); }); });
  EXPECT_LT(seconds, 1.0);
  EXPECT_EQ(message, path.string() + ": the file is larger than 2 GiB");
}

// A lossless WebP of 4 x 4 pixels as far as its header goes, `size` bytes long, whose VP8L
// header carries `version`; the rest is zeros.
Bytes losslessWebp(std::uint32_t version, std::size_t size) {
  Bytes b{'R', 'I', 'F', 'F'};
  putLe(b, size - 8, 4);
  for (char c : std::string("WEBPVP8L")) b.push_back(std::uint8_t(c));
  putLe(b, size - 20, 4);
  b.push_back(0x2f);
  putLe(b, 3 | (3 << 14) | (version << 29), 4);
  b.resize(size, 0);
  return b;
}

void putText(Bytes& bytes, std::size_t at, const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) bytes[at + i] = std::uint8_t(text[i]);
}

// When the WebP decoder declines a damaged header, OpenCV hands the bytes to the next decoder
// that claims them; GDCM read such a file as DICOM and asked for 3.4 GB.
TEST(HostileHeader, ImageAlsoSignedAsAnotherDecodersFormatIsRefusedBeforeDecoding) {
  Bytes dicom = losslessWebp(0, 228);
  putText(dicom, 128, "DICM");
  std::string message = errorMessage([&] { decodeImage(dicom, "scan.webp"); });
  EXPECT_EQ(message, "scan.webp: also carries the signature of DICOM ('DICM' at byte 128), which FFTScope "
                     "does not read (WebP)");
  Bytes dted = losslessWebp(0, 228);
  putText(dted, 140, "DTED");
  message = errorMessage([&] { decodeImage(dted, "map.webp"); });
  EXPECT_EQ(message, "map.webp: also carries the signature of DTED ('DTED' at byte 140), which FFTScope "
                     "does not read (WebP)");
}

// OpenCV read "94444#4444#444444" as 94444 x 4444 with a maximum of 444444 and asked for 839 MB.
TEST(HostileHeader, PnmCommentTouchingANumberIsRefused) {
  const std::string text = "P2\n94444#4444#444444\n8\n94\n";
  const Bytes pgm(text.begin(), text.end());
  EXPECT_EQ(errorMessage([&] { decodeImage(pgm, "odd.pgm"); }),
            "odd.pgm: corrupt: the comment at byte 8 touches the number before it (put whitespace between "
            "them) (PGM/PPM)");
  const std::string spaced = "P2\n2 # two wide\n1\n255\n0 255\n";
  const Image image = decodeImage(Bytes(spaced.begin(), spaced.end()), "spaced.pgm");
  EXPECT_EQ(image.width, 2);
  EXPECT_EQ(image.height, 1);
}

TEST(HostileHeader, LosslessWebpOfAVersionThatDoesNotExistIsCorrupt) {
  const Bytes webp = losslessWebp(2, 64);
  EXPECT_EQ(errorMessage([&] { decodeImage(webp, "odd.webp"); }),
            "odd.webp: corrupt: VP8L version 2 (only 0 exists) (WebP)");
  EXPECT_EQ(readImageHeader(losslessWebp(0, 64)).width, 4u);
}

}  // namespace
}  // namespace fftscope::imaging
