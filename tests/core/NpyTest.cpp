// .npy reading and writing: round trips, the header dialects numpy has written over the years,
// and one row per kind of bad file with the words its error message must contain.
#include "engine/reference/Accuracy.h"
#include "io/Npy.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <unistd.h>

namespace fftscope {
namespace {

namespace fs = std::filesystem;

class NpyFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "_" + info->name();
    for (char& c : name)
      if (c == '/') c = '_';
    dir_ = fs::temp_directory_path() / ("fftscope-npy-" + std::to_string(::getpid()) + "-" + name);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path file(const std::string& name) const { return dir_ / name; }

  fs::path writeBytes(const std::string& name, const std::string& bytes) const {
    const fs::path path = file(name);
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
  }

  static std::string readBytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  fs::path dir_;
};

// A .npy file as numpy lays it out: magic, version, little-endian header length, header padded
// with spaces to `alignment` and ended by '\n', then the data.
std::string npyFile(std::string header, const std::string& data, int major = 1, std::size_t alignment = 64) {
  const std::size_t preamble = major == 1 ? 10 : 12;
  while ((preamble + header.size() + 1) % alignment) header += ' ';
  header += '\n';
  std::string bytes("\x93NUMPY", 6);
  bytes += static_cast<char>(major);
  bytes += '\0';
  for (std::size_t i = 0, n = header.size(); i < (major == 1 ? 2u : 4u); ++i, n >>= 8) bytes += static_cast<char>(n & 0xFF);
  return bytes + header + data;
}

template <typename T>
std::string rawBytes(const std::vector<T>& values) {
  return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

// --- Round trips ---

struct RoundTripCase {
  std::vector<std::size_t> shape;
  Precision precision;
};

class NpyRoundTrip : public NpyFiles, public ::testing::WithParamInterface<RoundTripCase> {};

TEST_P(NpyRoundTrip, ReadsBackBitIdenticalWithAlignedHeader) {
  const auto& [shape, precision] = GetParam();
  std::size_t count = 1;
  for (std::size_t d : shape) count *= d;
  const fs::path path = file("round.npy");
  std::string expectedData;
  std::vector<std::complex<double>> asDouble;
  if (precision == Precision::F32) {
    auto data = randomComplexF32(count, 7);
    writeNpy(path, shape, data);
    expectedData = rawBytes(data);
    asDouble.assign(data.begin(), data.end());
  } else {
    auto data = randomComplexF64(count, 7);
    writeNpy(path, shape, data);
    expectedData = rawBytes(data);
    asDouble = data;
  }

  const NpyArray array = readNpy(path);
  EXPECT_EQ(array.shape, shape);
  EXPECT_TRUE(array.isComplex);
  EXPECT_EQ(array.precision, precision);
  ASSERT_EQ(array.bytes.size(), expectedData.size());
  EXPECT_EQ(std::memcmp(array.bytes.data(), expectedData.data(), expectedData.size()), 0);
  EXPECT_EQ(toComplexF64(array), asDouble);

  // Layout numpy expects: version 1.0, data on a 64-byte boundary, header ended by '\n'.
  const std::string bytes = readBytes(path);
  ASSERT_GE(bytes.size(), 10u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  const std::size_t headerLength = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  EXPECT_EQ((10 + headerLength) % 64, 0u);
  EXPECT_EQ(bytes.size(), 10 + headerLength + expectedData.size());
  EXPECT_EQ(bytes[10 + headerLength - 1], '\n');
  const std::string descr = precision == Precision::F32 ? "<c8" : "<c16";
  const std::string dictStart = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (";
  EXPECT_EQ(bytes.substr(10, dictStart.size()), dictStart);
}

INSTANTIATE_TEST_SUITE_P(ShapesAndDtypes, NpyRoundTrip,
                         ::testing::Values(RoundTripCase{{1}, Precision::F32}, RoundTripCase{{1}, Precision::F64},
                                           RoundTripCase{{7}, Precision::F32}, RoundTripCase{{1000}, Precision::F64},
                                           RoundTripCase{{1, 1}, Precision::F32}, RoundTripCase{{3, 5}, Precision::F32},
                                           RoundTripCase{{3, 5}, Precision::F64},
                                           RoundTripCase{{64, 1}, Precision::F64},
                                           RoundTripCase{{100000, 2}, Precision::F64}),
                         [](const ::testing::TestParamInfo<RoundTripCase>& info) {
                           std::string name;
                           for (std::size_t d : info.param.shape) name += std::to_string(d) + "_";
                           return name + std::string(toString(info.param.precision));
                         });

TEST_F(NpyFiles, ComplexF64DataNarrowsToF32ByRounding) {
  const std::vector<std::complex<double>> data{{0.1, -0.2}, {1.0 + 1e-12, 3.0}};
  writeNpy(file("d.npy"), {2}, data);
  const auto narrowed = toComplexF32(readNpy(file("d.npy")));
  ASSERT_EQ(narrowed.size(), 2u);
  EXPECT_EQ(narrowed[0], std::complex<float>(0.1f, -0.2f));
  EXPECT_EQ(narrowed[1], std::complex<float>(1.0f, 3.0f));
}

TEST_F(NpyFiles, RealDataBecomesRealPart) {
  const std::vector<float> f4{1.5f, -2.25f, 0.125f};
  const std::vector<double> f8{0.1, -7.0};
  const NpyArray a = readNpy(writeBytes("f4.npy", npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", rawBytes(f4))));
  const NpyArray b = readNpy(writeBytes("f8.npy", npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), }", rawBytes(f8))));
  EXPECT_FALSE(a.isComplex);
  EXPECT_EQ(a.precision, Precision::F32);
  EXPECT_EQ(toComplexF32(a), (std::vector<std::complex<float>>{{1.5f, 0}, {-2.25f, 0}, {0.125f, 0}}));
  EXPECT_EQ(toComplexF64(a), (std::vector<std::complex<double>>{{1.5, 0}, {-2.25, 0}, {0.125, 0}}));
  EXPECT_FALSE(b.isComplex);
  EXPECT_EQ(b.precision, Precision::F64);
  EXPECT_EQ(b.shape, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(toComplexF64(b), (std::vector<std::complex<double>>{{0.1, 0}, {-7.0, 0}}));
}

TEST_F(NpyFiles, TrailingBytesAfterTheDataAreIgnored) {
  const std::vector<std::complex<float>> data{{1, 2}};
  const NpyArray a = readNpy(writeBytes(
      "t.npy", npyFile("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", rawBytes(data) + "junk")));
  EXPECT_EQ(toComplexF32(a), data);
}

TEST_F(NpyFiles, WriterRefusesInconsistentShapes) {
  const std::vector<std::complex<float>> six(6);
  EXPECT_THROW(writeNpy(file("w.npy"), {2, 2}, six), std::invalid_argument);
  EXPECT_THROW(writeNpy(file("w.npy"), {1, 2, 3}, six), std::invalid_argument);
  EXPECT_THROW(writeNpy(file("w.npy"), {}, six), std::invalid_argument);
  EXPECT_THROW(writeNpy(file("w.npy"), {0, 6}, six), std::invalid_argument);
  EXPECT_FALSE(fs::exists(file("w.npy")));
}

TEST_F(NpyFiles, WriteIntoMissingDirectoryNamesTheFile) {
  const fs::path path = file("no-such-dir") / "x.npy";
  try {
    writeNpy(path, {1}, std::vector<std::complex<double>>(1));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cannot write"), std::string::npos) << e.what();
  }
}

// --- Header dialects ---

struct HeaderCase {
  const char* name;
  std::string header;
  int major;
  std::size_t alignment;
  std::vector<std::size_t> shape;
  Precision precision;
};

class NpyHeaderDialects : public NpyFiles, public ::testing::WithParamInterface<HeaderCase> {};

TEST_P(NpyHeaderDialects, Parse) {
  const HeaderCase& c = GetParam();
  std::size_t count = 1;
  for (std::size_t d : c.shape) count *= d;
  const std::string data = c.precision == Precision::F32 ? rawBytes(randomComplexF32(count, 3))
                                                         : rawBytes(randomComplexF64(count, 3));
  const NpyArray array = readNpy(writeBytes("h.npy", npyFile(c.header, data, c.major, c.alignment)));
  EXPECT_EQ(array.shape, c.shape);
  EXPECT_EQ(array.precision, c.precision);
  EXPECT_TRUE(array.isComplex);
  EXPECT_EQ(std::string(array.bytes.begin(), array.bytes.end()), data);
}

INSTANTIATE_TEST_SUITE_P(
    Variants, NpyHeaderDialects,
    ::testing::Values(
        HeaderCase{"numpy", "{'descr': '<c8', 'fortran_order': False, 'shape': (5,), }", 1, 64, {5}, Precision::F32},
        HeaderCase{"compact", "{'descr':'<c16','fortran_order':False,'shape':(2,3)}", 1, 64, {2, 3}, Precision::F64},
        HeaderCase{"spaces", "{ 'shape' : ( 2 , 3 , ) ,\t'fortran_order' :False , 'descr' : '<c8' , }", 1, 64, {2, 3},
                   Precision::F32},
        HeaderCase{"doubleQuotes", "{\"descr\": \"<c16\", \"fortran_order\": False, \"shape\": (4,)}", 1, 64, {4},
                   Precision::F64},
        HeaderCase{"python2Long", "{'descr': '<c8', 'fortran_order': False, 'shape': (2L, 3L), }", 1, 16, {2, 3},
                   Precision::F32},
        HeaderCase{"numpyGrowthPadding",
                   "{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }                    ", 1, 64, {3},
                   Precision::F32},
        HeaderCase{"oldAlignment16", "{'descr': '<c16', 'fortran_order': False, 'shape': (1, 1), }", 1, 16, {1, 1},
                   Precision::F64},
        HeaderCase{"nativeOrder", "{'descr': '=c8', 'fortran_order': False, 'shape': (2,), }", 1, 64, {2},
                   Precision::F32},
        HeaderCase{"noOrderMarker", "{'descr': '|c16', 'fortran_order': False, 'shape': (2,), }", 1, 64, {2},
                   Precision::F64},
        HeaderCase{"listShape", "{'descr': '<c8', 'fortran_order': False, 'shape': [3, 1], }", 1, 64, {3, 1},
                   Precision::F32},
        HeaderCase{"version2", "{'descr': '<c16', 'fortran_order': False, 'shape': (3, 2), }", 2, 64, {3, 2},
                   Precision::F64},
        HeaderCase{"version3", "{'descr': '<c8', 'fortran_order': False, 'shape': (7,), }", 3, 64, {7},
                   Precision::F32}),
    [](const ::testing::TestParamInfo<HeaderCase>& info) { return std::string(info.param.name); });

// --- Bad files ---

struct BadFileCase {
  const char* name;
  std::function<std::string()> bytes;  // empty function: the file is not created
  std::vector<std::string> expectedWords;
};

const std::string kThreeComplex = rawBytes(std::vector<std::complex<float>>(3));  // 24 bytes

std::string withHeader(const std::string& header, const std::string& data = kThreeComplex) {
  return npyFile(header, data);
}

class NpyBadFiles : public NpyFiles, public ::testing::WithParamInterface<BadFileCase> {};

TEST_P(NpyBadFiles, ErrorNamesFileAndProblem) {
  const BadFileCase& c = GetParam();
  const fs::path path = c.bytes ? writeBytes("bad.npy", c.bytes()) : file("missing.npy");
  try {
    readNpy(path);
    FAIL() << "no error for " << c.name;
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path.string()), std::string::npos) << message;
    for (const std::string& word : c.expectedWords) EXPECT_NE(message.find(word), std::string::npos) << message;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, NpyBadFiles,
    ::testing::Values(
        BadFileCase{"missingFile", {}, {"does not exist"}},
        BadFileCase{"emptyFile", [] { return std::string(); }, {"truncated header", "0 bytes"}},
        BadFileCase{"badMagic", [] { return "\x93NUMPZ" + withHeader("{}").substr(6); }, {"bad magic"}},
        BadFileCase{"zipArchive", [] { return std::string("PK\x03\x04 not an npy file at all"); }, {"bad magic"}},
        BadFileCase{"preambleCut", [] { return std::string("\x93NUMPY\x01", 7); }, {"truncated header", "7 bytes"}},
        BadFileCase{"headerCut",
                    [] { return withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }").substr(0, 40); },
                    {"truncated header", "header length is 118 bytes but only 30 follow"}},
        BadFileCase{"version4",
                    [] {
                      std::string b = withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }");
                      b[6] = 4;
                      return b;
                    },
                    {"unsupported format version 4.0", "1.0, 2.0, 3.0"}},
        BadFileCase{"dataCut",
                    [] { return withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", kThreeComplex.substr(0, 16)); },
                    {"truncated data", "expected 24 bytes", "16 present"}},
        BadFileCase{"dataMissing2D",
                    [] { return withHeader("{'descr': '<c16', 'fortran_order': False, 'shape': (4, 5), }", ""); },
                    {"truncated data", "expected 320 bytes", "(4, 5)", "0 present"}},
        BadFileCase{"int32",
                    [] { return withHeader("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }"); },
                    {"unsupported dtype '<i4'", "'<c8', '<c16', '<f4', '<f8'"}},
        BadFileCase{"longDoubleComplex",
                    [] { return withHeader("{'descr': '<c32', 'fortran_order': False, 'shape': (3,), }"); },
                    {"unsupported dtype '<c32'"}},
        BadFileCase{"structured",
                    [] { return withHeader("{'descr': [('re', '<f4'), ('im', '<f4')], 'fortran_order': False, 'shape': (3,), }"); },
                    {"unsupported dtype", "structured"}},
        BadFileCase{"fortranOrder",
                    [] { return withHeader("{'descr': '<c8', 'fortran_order': True, 'shape': (3, 1), }"); },
                    {"fortran_order is True"}},
        BadFileCase{"rank3",
                    [] { return withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (1, 3, 1), }"); },
                    {"rank 3", "(1, 3, 1)", "expected rank 1 or 2"}},
        BadFileCase{"rank0", [] { return withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (), }"); },
                    {"rank 0"}},
        BadFileCase{"bigEndianComplex",
                    [] { return withHeader("{'descr': '>c8', 'fortran_order': False, 'shape': (3,), }"); },
                    {"big-endian", "'>c8'"}},
        BadFileCase{"bigEndianReal",
                    [] { return withHeader("{'descr': '>f8', 'fortran_order': False, 'shape': (3,), }"); },
                    {"big-endian", "'>f8'"}},
        BadFileCase{"zeroDimension",
                    [] { return withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (0, 4), }"); },
                    {"zero-sized dimension", "(0, 4)"}},
        BadFileCase{"negativeDimension",
                    [] { return withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (-3,), }"); },
                    {"negative dimension"}},
        BadFileCase{"unclosedDict",
                    [] { return withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (3,)"); },
                    {"malformed header"}},
        BadFileCase{"missingShape", [] { return withHeader("{'descr': '<c8', 'fortran_order': False}"); },
                    {"malformed header", "no 'shape' key"}},
        BadFileCase{"fortranNotBool",
                    [] { return withHeader("{'descr': '<c8', 'fortran_order': 0, 'shape': (3,), }"); },
                    {"'fortran_order' is not True or False"}},
        BadFileCase{"hugeShape",
                    [] { return withHeader("{'descr': '<c16', 'fortran_order': False, 'shape': (4294967296, 4294967296), }"); },
                    {"too large"}}),
    [](const ::testing::TestParamInfo<BadFileCase>& info) { return std::string(info.param.name); });

TEST_F(NpyFiles, DirectoryIsNotAFile) {
  try {
    readNpy(dir_);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
}

TEST(NpyArrayConversion, InconsistentByteCountIsRefused) {
  NpyArray array;
  array.shape = {4};
  array.bytes.resize(8 * 3);
  array.precision = Precision::F32;
  EXPECT_THROW(toComplexF32(array), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope
