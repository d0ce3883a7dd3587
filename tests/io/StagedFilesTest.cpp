// Several outputs staged beside their destinations and renamed into place together: a failure
// leaves every existing file as it was and no temporary file behind.
#include "io/AtomicWrite.h"
#include "io/StagedFiles.h"

#include "ScratchFolder.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace fftscope::io {
namespace {

using Names = std::vector<std::string>;
using test::contents;
using test::put;

TEST(StagedFiles, ReplaceOnlyWhenCommitted) {
  test::ScratchFolder folder;
  put(folder / "a.png", "old a");
  {
    StagedFiles files;
    files.stage(folder / "a.png", "new a");
    files.stage(folder / "b.png", "new b");
    EXPECT_EQ(contents(folder / "a.png"), "old a");
    EXPECT_FALSE(std::filesystem::exists(folder / "b.png"));
    files.commit();
  }
  EXPECT_EQ(contents(folder / "a.png"), "new a");
  EXPECT_EQ(contents(folder / "b.png"), "new b");
  EXPECT_EQ(folder.entries(), (Names{"a.png", "b.png"}));
}

TEST(StagedFiles, OneFailureWritesNoneAndLeavesNoTemporaryFile) {
  test::ScratchFolder folder;
  put(folder / "a.png", "old a");
  std::string message;
  {
    StagedFiles files;
    files.stage(folder / "a.png", "new a");
    try {
      files.stage(folder / "missing" / "s.png", "s");
    } catch (const std::runtime_error& e) {
      message = e.what();
    }
  }  // not committed
  EXPECT_EQ(message, (folder / "missing" / "s.png").string() + ": cannot write: No such file or directory");
  EXPECT_EQ(contents(folder / "a.png"), "old a");
  EXPECT_EQ(folder.entries(), (Names{"a.png"}));
}

TEST(StagedFiles, StreamedOutputJoinsTheAllOrNone) {
  test::ScratchFolder folder;
  put(folder / "table.csv", "old");
  {
    StagedFiles files;
    files.add(folder / "table.csv").stream() << "a,b\n1,2\n";
    files.stage(folder / "image.png", "png");
  }  // dropped without a commit: neither appears
  EXPECT_EQ(contents(folder / "table.csv"), "old");
  EXPECT_EQ(folder.entries(), (Names{"table.csv"}));
  StagedFiles files;
  files.add(folder / "table.csv").stream() << "a,b\n1,2\n";
  files.commit();
  EXPECT_EQ(contents(folder / "table.csv"), "a,b\n1,2\n");
}

TEST(StagedFiles, NoOutputMayBeAnInput) {
  test::ScratchFolder folder;
  put(folder / "in.png", "input");
  StagedFiles files({folder / "in.png"});
  files.stage(folder / "out.png", "out");
  EXPECT_THROW(files.stage(folder / "." / "in.png", "x"), std::runtime_error);
  EXPECT_EQ(contents(folder / "in.png"), "input");
}

TEST(AtomicWrite, RefusesAFolderAsDestination) {
  test::ScratchFolder folder;
  std::filesystem::create_directory(folder / "sub");
  try {
    writeFileAtomically(folder / "sub", "x");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), (folder / "sub").string() + ": cannot write: it is a folder");
  }
  EXPECT_TRUE(std::filesystem::is_directory(folder / "sub"));
  EXPECT_EQ(folder.entries(), (Names{"sub"}));
}

TEST(AtomicWrite, ReplacesTheFileALinkNamesAndKeepsTheLink) {
  test::ScratchFolder folder;
  put(folder / "real.png", "old");
  std::filesystem::create_symlink("real.png", folder / "link.png");
  writeFileAtomically(folder / "link.png", "new");
  EXPECT_TRUE(std::filesystem::is_symlink(folder / "link.png"));
  EXPECT_EQ(contents(folder / "real.png"), "new");
  EXPECT_EQ(folder.entries(), (Names{"link.png", "real.png"}));
}

}  // namespace
}  // namespace fftscope::io
