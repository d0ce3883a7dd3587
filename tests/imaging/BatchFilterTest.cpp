// A batch file's size check sees the size the filter transforms: the file's declared size padded
// as the batch's settings pad it, whatever the pad mode; a refused size writes nothing.
#include "TestFiles.h"
#include "imaging/BatchFilter.h"
#include "imaging/FftwBackend.h"

#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

std::filesystem::path greyPng(const std::filesystem::path& folder, int width, int height) {
  std::vector<test::Bytes> rows(std::size_t(height), test::Bytes(std::size_t(width), 100));
  const std::filesystem::path path = folder / "grey.png";
  test::writeBytes(path, test::handMadePng(std::uint32_t(width), std::uint32_t(height), 0, rows));
  return path;
}

TEST(BatchFilter, TheCheckSeesTheSizeTheFilterTransforms) {
  const std::filesystem::path folder = test::scratchFolder();
  const std::filesystem::path input = greyPng(folder, 30, 20);
  FftwBackend fft;
  for (const PadMode pad : {PadMode::None, PadMode::Zero, PadMode::Mirror}) {
    BatchSettings settings;
    settings.padMode = pad;
    std::vector<BatchItem> items = planBatch({input}, folder / ("out-" + std::to_string(int(pad))), settings.range);
    ASSERT_EQ(items.size(), 1u);
    std::filesystem::create_directories(items[0].output.parent_path());
    std::optional<PadGeometry> checked;
    filterBatchItem(items[0], settings, fft, [&checked](const PadGeometry& g) { checked = g; });
    EXPECT_TRUE(items[0].ok()) << items[0].error;
    ASSERT_TRUE(checked) << int(pad);
    const PadGeometry expected = padGeometry(30, 20, pad);
    EXPECT_EQ(checked->paddedWidth, expected.paddedWidth) << int(pad);
    EXPECT_EQ(checked->paddedHeight, expected.paddedHeight) << int(pad);
  }
  // The two differ here, so the check above tells the pad modes apart.
  EXPECT_NE(padGeometry(30, 20, PadMode::None).paddedWidth, padGeometry(30, 20, PadMode::Mirror).paddedWidth);
}

TEST(BatchFilter, ASizeTheCheckRefusesWritesNothing) {
  const std::filesystem::path folder = test::scratchFolder();
  const std::filesystem::path input = greyPng(folder, 30, 20);
  FftwBackend fft;
  BatchSettings settings;
  std::vector<BatchItem> items = planBatch({input}, folder, settings.range);
  ASSERT_EQ(items.size(), 1u);
  filterBatchItem(items[0], settings, fft,
                  [](const PadGeometry&) { throw std::invalid_argument("too large for the device"); });
  EXPECT_TRUE(items[0].done);
  EXPECT_NE(items[0].error.find("too large for the device"), std::string::npos) << items[0].error;
  EXPECT_FALSE(std::filesystem::exists(items[0].output));
}

}  // namespace
}  // namespace fftscope::imaging
