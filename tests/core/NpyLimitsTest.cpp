// .npy files built to exhaust the reader: headers too long, nesting too deep, shapes larger than
// this machine. Each must end in a message naming the problem, quickly and without allocating
// what the header declares.
#include "io/Npy.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <unistd.h>

namespace fftscope {
namespace {

namespace fs = std::filesystem;

// Magic, version 2.0, a 32-bit little-endian header length, the header unpadded, then the data.
std::string version2File(const std::string& header, const std::string& data = {}) {
  std::string bytes("\x93NUMPY\x02\x00", 8);
  for (std::size_t i = 0, n = header.size(); i < 4; ++i, n >>= 8) bytes += static_cast<char>(n & 0xFF);
  return bytes + header + data;
}

class NpyLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() /
            ("fftscope-npy-limits-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".npy");
  }
  void TearDown() override { fs::remove(path_); }

  const fs::path& write(const std::string& bytes) {
    std::ofstream(path_, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path_;
  }

  // The message of the error readNpyHeader throws, and the seconds it took to throw it.
  static std::string errorOf(const fs::path& path, double* seconds = nullptr) {
    const auto start = std::chrono::steady_clock::now();
    std::string message;
    try {
      readNpyHeader(path);
    } catch (const std::runtime_error& e) {
      message = e.what();
    }
    if (seconds) *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return message;
  }

  fs::path path_;
};

TEST_F(NpyLimits, HeaderOverTenThousandBytesIsRefusedBeforeItIsRead) {
  // The header length says 10,001 bytes; none follow, so reading it would fail differently.
  std::string bytes("\x93NUMPY\x02\x00\x11\x27\x00\x00", 12);
  const std::string message = errorOf(write(bytes));
  EXPECT_NE(message.find("header of 10001 bytes is too long"), std::string::npos) << message;
  EXPECT_NE(message.find("at most 10000"), std::string::npos) << message;
}

TEST_F(NpyLimits, HeaderOfExactlyTheCapIsParsed) {
  std::string header = "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }";
  header.resize(9999, ' ');
  header += '\n';
  const NpyArray array = readNpy(write(version2File(header, std::string(16, '\0'))));
  EXPECT_EQ(array.shape, std::vector<std::size_t>{2});
}

TEST_F(NpyLimits, NestingDeeperThanSixteenIsRefused) {
  const std::string message =
      errorOf(write(version2File("{'descr': '<c8', 'fortran_order': False, 'shape': " + std::string(1000, '(') + ", }")));
  EXPECT_NE(message.find("nesting deeper than 16 levels"), std::string::npos) << message;
}

TEST_F(NpyLimits, NestingOfSixteenIsStillParsed) {
  // Sixteen levels parse; the shape is then refused for what it is, not for its depth.
  const std::string message = errorOf(write(
      version2File("{'descr': '<c8', 'fortran_order': False, 'shape': " + std::string(16, '(') + std::string(16, ')') + ", }")));
  EXPECT_EQ(message.find("nesting"), std::string::npos) << message;
  EXPECT_NE(message.find("non-integer"), std::string::npos) << message;
}

TEST_F(NpyLimits, ThirtyThousandOpeningParenthesesEndInAMessage) {
  // The file that overflowed the stack: 30,000 '(' after 'shape': in a version 2.0 header.
  const fs::path file = fs::path(FFTSCOPE_SOURCE_DIR) / "tests/data/npy_deep30000.npy";
  ASSERT_TRUE(fs::exists(file)) << file;
  const std::string message = errorOf(file);
  EXPECT_NE(message.find("too long"), std::string::npos) << message;
}

TEST_F(NpyLimits, ShapeLargerThanMemoryIsRefusedFromTheHeaderAlone) {
  // 2^40 complex64 values (8 TiB) declared in a file of a hundred bytes: refused at once, naming
  // the size, instead of allocating or reading anything.
  double seconds = 0;
  const std::string message =
      errorOf(write(version2File("{'descr': '<c8', 'fortran_order': False, 'shape': (1048576, 1048576), }")), &seconds);
  EXPECT_NE(message.find("too large for this machine"), std::string::npos) << message;
  EXPECT_NE(message.find("8796093022208 bytes"), std::string::npos) << message;
  EXPECT_LT(seconds, 1.0);
}

TEST_F(NpyLimits, HeaderTellsTheDataSizeWithoutReadingIt) {
  // The data is declared but absent past its first bytes: the header alone still reads, so a
  // caller can check the shape against its device before the data.
  const std::string header = "{'descr': '<c16', 'fortran_order': False, 'shape': (4, 8), }";
  const NpyHeader h = readNpyHeader(write(version2File(header, std::string(512, '\0'))));
  EXPECT_EQ(h.shape, (std::vector<std::size_t>{4, 8}));
  EXPECT_EQ(h.dataBytes, 512u);
  EXPECT_EQ(h.dataOffset, 12u + header.size());
  EXPECT_EQ(h.precision, Precision::F64);
  EXPECT_EQ(readNpyData(h).bytes.size(), 512u);
}

}  // namespace
}  // namespace fftscope
