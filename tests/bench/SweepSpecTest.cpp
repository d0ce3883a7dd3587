// Parsing a sweep's description: size lists and ranges, variant names with their modes, peers.
#include "bench/SweepSpec.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace fftscope::bench {
namespace {

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(SweepSizes, RangeOfPowersOfTwoIsInclusive) {
  const std::vector<CaseShape> shapes = parseSizes("2^8..2^11", 1);
  ASSERT_EQ(shapes.size(), 4u);
  EXPECT_EQ(shapes.front(), (CaseShape{1, 1, 256}));
  EXPECT_EQ(shapes.back(), (CaseShape{1, 1, 2048}));
}

TEST(SweepSizes, ListMixesOneAndTwoDimensions) {
  const std::vector<CaseShape> shapes = parseSizes("256,4096x1024,2^4", 1);
  ASSERT_EQ(shapes.size(), 3u);
  EXPECT_EQ(shapes[0], (CaseShape{1, 1, 256}));
  EXPECT_EQ(shapes[1], (CaseShape{2, 4096, 1024}));
  EXPECT_EQ(shapes[2], (CaseShape{1, 1, 16}));
}

TEST(SweepSizes, TwoDimensionalRangesAreSquares) {
  const std::vector<CaseShape> shapes = parseSizes("64..256", 2);
  ASSERT_EQ(shapes.size(), 3u);
  EXPECT_EQ(shapes[1], (CaseShape{2, 128, 128}));
  EXPECT_EQ(shapes[1].text(), "128x128");
}

TEST(SweepSizes, BadSizesAreRefusedWithTheReason) {
  EXPECT_EQ(parseSizes("1000,1920x1080", 1), (std::vector<CaseShape>{{1, 1, 1000}, {2, 1920, 1080}}));
  EXPECT_NE(errorOf([] { parseSizes("1000..4096", 1); }).find("powers of two"), std::string::npos);
  EXPECT_NE(errorOf([] { parseSizes("-1", 1); }).find("not a size"), std::string::npos);
  EXPECT_NE(errorOf([] { parseSizes("2^31", 1); }).find("2^30"), std::string::npos);
  EXPECT_NE(errorOf([] { parseSizes("18446744073709551616", 1); }).find("not a size"), std::string::npos);
  EXPECT_NE(errorOf([] { parseSizes("4294967296", 1); }).find("out of range"), std::string::npos);
  EXPECT_NE(errorOf([] { parseSizes("2^10..2^8", 1); }).find("backwards"), std::string::npos);
  EXPECT_NE(errorOf([] { parseSizes("256,", 1); }).find("not a size"), std::string::npos);
  EXPECT_NE(errorOf([] { parseSizes("1e3", 1); }).find("not a size"), std::string::npos);
}

TEST(SweepVariants, NamesCarryTwiddleAndTranspose) {
  const VariantChoice c = parseVariantChoice("r16/native");
  EXPECT_EQ(c.variant, Variant::R16);
  EXPECT_EQ(c.twiddle, TwiddleMode::Native);
  EXPECT_EQ(c.name(1), "r16/native");
  const VariantChoice padded = parseVariantChoice("auto/padded");
  EXPECT_EQ(padded.transpose, TransposeMode::Padded);
  EXPECT_EQ(padded.name(2), "auto/padded");
  EXPECT_EQ(padded.name(1), "auto");  // no transpose in 1D
  EXPECT_EQ(parseVariantChoice("local").name(2), "local");
}

TEST(SweepVariants, AllAndListsAndBadNames) {
  EXPECT_EQ(parseVariantList("all").size(), allVariants().size());
  EXPECT_EQ(parseVariantList("r2,r16,local,auto").size(), 4u);
  EXPECT_NE(errorOf([] { parseVariantList("r32"); }).find("accepted: r2, r4"), std::string::npos);
  EXPECT_NE(errorOf([] { parseVariantChoice("r2/fast"); }).find("neither a twiddle"), std::string::npos);
}

TEST(SweepPeers, ListsAndAll) {
  EXPECT_EQ(parsePeerList("all"), allPeerNames());
  EXPECT_EQ(parsePeerList("fftw,clfft"), (std::vector<std::string>{"fftw", "clfft"}));
  EXPECT_TRUE(parsePeerList("").empty());
  EXPECT_NE(errorOf([] { parsePeerList("cufft"); }).find("unknown peer 'cufft'"), std::string::npos);
}

TEST(SweepSpecValidation, RefusesWhatCannotRun) {
  SweepSpec spec;
  spec.variants = parseVariantList("r2");
  spec.shapes = parseSizes("64", 1);
  spec.points = 1024;
  EXPECT_NO_THROW(validate(spec));
  EXPECT_EQ(batchFor(spec, spec.shapes[0]), 16u);
  spec.repeat = 0;
  EXPECT_NE(errorOf([&] { validate(spec); }).find("repeat must be at least 1"), std::string::npos);
  spec.repeat = 1;
  spec.batch = 4;
  EXPECT_NE(errorOf([&] { validate(spec); }).find("either a batch or"), std::string::npos);
  spec.points = 0;
  EXPECT_EQ(batchFor(spec, spec.shapes[0]), 4u);
  spec.warmup = -1;
  EXPECT_THROW(validate(spec), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::bench
