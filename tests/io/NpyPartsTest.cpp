// .npy data read into, converted into and written from a caller's buffer, as `fft` does with the
// memory it uploads from: any range of the data, a file cut short since its header was read, and
// a write large enough to go to the disk in pieces coming back bit for bit.
#include "io/Npy.h"

#include "ScratchFolder.h"

#include <gtest/gtest.h>

#include <complex>
#include <cstring>
#include <stdexcept>

namespace fftscope {
namespace {

std::vector<std::complex<float>> ramp(std::size_t count) {
  std::vector<std::complex<float>> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = {float(i), -0.5f * float(i)};
  return values;
}

TEST(NpyParts, AnyRangeOfTheDataIsReadIntoTheCallersBuffer) {
  io::test::ScratchFolder folder;
  const auto path = folder / "a.npy";
  const std::vector<std::complex<float>> values = ramp(1000);
  writeNpy(path, {10, 100}, values);
  const NpyHeader header = readNpyHeader(path);
  std::vector<std::uint8_t> got(header.dataBytes, 0);
  // Uneven parts, as threads split it.
  readNpyBytes(header, 0, std::span(got).first(333));
  readNpyBytes(header, 333, std::span(got).subspan(333, 4000));
  readNpyBytes(header, 4333, std::span(got).subspan(4333));
  EXPECT_EQ(std::memcmp(got.data(), values.data(), got.size()), 0);
  std::vector<std::uint8_t> one(8);
  EXPECT_THROW(readNpyBytes(header, header.dataBytes - 4, one), std::invalid_argument);
}

TEST(NpyParts, AFileCutShortSinceItsHeaderWasReadSaysSo) {
  io::test::ScratchFolder folder;
  const auto path = folder / "a.npy";
  writeNpy(path, {1000}, ramp(1000));
  const NpyHeader header = readNpyHeader(path);
  std::filesystem::resize_file(path, header.dataOffset + 100);
  std::vector<std::uint8_t> got(header.dataBytes);
  try {
    readNpyBytes(header, 0, got);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("truncated data: expected 8000 bytes for shape (1000,) but 100 present"),
              std::string::npos)
        << e.what();
  }
}

TEST(NpyParts, ConvertedIntoTheCallersBufferAsIntoAVector) {
  io::test::ScratchFolder folder;
  const auto path = folder / "a.npy";
  writeNpy(path, {7}, std::vector<double>{0.1, -2, 3e30, 4, 5.5, 1e-40, -7});
  const NpyArray array = readNpy(path);
  std::vector<std::complex<float>> into(7);
  toComplexInto(array.bytes, array.isComplex, array.precision, into);
  const std::vector<std::complex<float>> rounded{
      {0.1f, 0}, {-2, 0}, {3e30f, 0}, {4, 0}, {5.5f, 0}, {static_cast<float>(1e-40), 0}, {-7, 0}};
  EXPECT_EQ(into, rounded);
  std::vector<std::complex<double>> wide(6);
  EXPECT_THROW(toComplexInto(array.bytes, array.isComplex, array.precision, wide), std::invalid_argument);
}

TEST(NpyParts, ALargeWriteOfRawBytesComesBackWholeAndTimed) {
  io::test::ScratchFolder folder;
  const auto path = folder / "a.npy";
  // 20 MiB: written in pieces, each handed to the disk as it goes.
  const std::vector<std::complex<float>> values = ramp(std::size_t{20} << 17);
  const std::span bytes(reinterpret_cast<const std::uint8_t*>(values.data()), values.size() * sizeof(values[0]));
  NpyWriteTimes times;
  writeNpyBytes(path, {20, std::size_t{1} << 17}, true, Precision::F32, bytes, &times);
  EXPECT_GE(times.writeMs, 0);
  EXPECT_GE(times.flushMs, 0);
  EXPECT_GE(times.renameMs, 0);
  EXPECT_EQ(toComplexF32(readNpy(path)), values);
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"a.npy"});
  // A shape that does not hold the bytes is refused before the file is touched.
  EXPECT_THROW(writeNpyBytes(path, {3}, true, Precision::F32, bytes), std::invalid_argument);
  EXPECT_EQ(readNpyHeader(path).shape, (std::vector<std::size_t>{20, std::size_t{1} << 17}));
}

}  // namespace
}  // namespace fftscope
