// Outputs staged beside their destinations and renamed into place together: a failure leaves
// every existing file as it was and no temporary file behind.
#include "imaging/AtomicFile.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace fftscope::imaging {
namespace {

using test::Bytes;

Bytes contents(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return Bytes((std::istreambuf_iterator<char>(file)), {});
}

std::size_t filesIn(const std::filesystem::path& folder) {
  return std::size_t(std::distance(std::filesystem::directory_iterator(folder), {}));
}

TEST(AtomicFile, ReplacesOnlyWhenCommitted) {
  const auto folder = test::scratchFolder();
  test::writeBytes(folder / "a.png", {1, 2, 3});
  {
    StagedFiles files;
    files.stage(folder / "a.png", Bytes{4, 5});
    files.stage(folder / "b.png", Bytes{6});
    EXPECT_EQ(contents(folder / "a.png"), (Bytes{1, 2, 3}));
    EXPECT_FALSE(std::filesystem::exists(folder / "b.png"));
    files.commit();
  }
  EXPECT_EQ(contents(folder / "a.png"), (Bytes{4, 5}));
  EXPECT_EQ(contents(folder / "b.png"), (Bytes{6}));
  EXPECT_EQ(filesIn(folder), 2u);
}

TEST(AtomicFile, OneFailureWritesNoneAndLeavesNoTemporaryFile) {
  const auto folder = test::scratchFolder();
  test::writeBytes(folder / "a.png", {1, 2, 3});
  std::string message;
  {
    StagedFiles files;
    files.stage(folder / "a.png", Bytes{4, 5});
    try {
      files.stage(folder / "missing" / "s.png", Bytes{6});
    } catch (const std::runtime_error& e) {
      message = e.what();
    }
  }  // not committed
  EXPECT_EQ(message, (folder / "missing" / "s.png").string() + ": cannot write: No such file or directory");
  EXPECT_EQ(contents(folder / "a.png"), (Bytes{1, 2, 3}));
  EXPECT_EQ(filesIn(folder), 1u);
}

TEST(AtomicFile, RefusesAFolderAsDestination) {
  const auto folder = test::scratchFolder();
  EXPECT_THROW(writeFileAtomically(folder, Bytes{1}), std::runtime_error);
  EXPECT_TRUE(std::filesystem::is_directory(folder));
  EXPECT_EQ(filesIn(folder), 0u);
}

TEST(AtomicFile, ReplacesTheFileALinkNamesAndKeepsTheLink) {
  const auto folder = test::scratchFolder();
  test::writeBytes(folder / "real.png", {1});
  std::filesystem::create_symlink("real.png", folder / "link.png");
  writeFileAtomically(folder / "link.png", Bytes{2, 3});
  EXPECT_TRUE(std::filesystem::is_symlink(folder / "link.png"));
  EXPECT_EQ(contents(folder / "real.png"), (Bytes{2, 3}));
}

}  // namespace
}  // namespace fftscope::imaging
