// One output through the atomic writer: a reader sees the old file or the complete new one; a
// failed write (missing folder, file size limit, full device) leaves the destination as it was
// and no temporary file, and says which file and why; an input is never the output; devices and
// FIFOs are written through, never replaced.
#include "io/AtomicWrite.h"
#include "io/StagedFile.h"

#include "ForkedChild.h"
#include "ScratchFolder.h"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>

#include <csignal>
#include <functional>
#include <iterator>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>

namespace fftscope::io {
namespace {

using Names = std::vector<std::string>;
using test::contents;
using test::put;

std::string messageOf(const std::function<void()>& write) {
  try {
    write();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(StagedFile, TheReaderSeesTheOldFileUntilTheCommit) {
  test::ScratchFolder folder;
  put(folder / "out.csv", "old");
  const std::string large(3 << 20, 'x');  // past the stream's buffer, so some of it is on disk
  StagedFile file(folder / "out.csv");
  file.stream() << large;
  file.stream() << "end";
  EXPECT_EQ(contents(folder / "out.csv"), "old");
  EXPECT_EQ(folder.entries().size(), 2u);  // the destination and its temporary file
  file.commit();
  EXPECT_EQ(contents(folder / "out.csv"), large + "end");
  EXPECT_EQ(folder.entries(), (Names{"out.csv"}));
}

TEST(StagedFile, WhatALibraryWritesToItsPathIsCommitted) {
  test::ScratchFolder folder;
  put(folder / "sound.wav", "old");
  StagedFile file(folder / "sound.wav");
  EXPECT_NE(file.path(), folder / "sound.wav");
  EXPECT_EQ(file.path().parent_path(), folder.path());
  {
    std::ofstream library(file.path(), std::ios::binary | std::ios::trunc);  // as libsndfile opens it
    library << "RIFF";
  }
  EXPECT_EQ(contents(folder / "sound.wav"), "old");
  file.commit();
  EXPECT_EQ(contents(folder / "sound.wav"), "RIFF");
  EXPECT_EQ(folder.entries(), (Names{"sound.wav"}));
}

// For a library that picks the format from the name (OpenCV's VideoWriter): the temporary name
// ends with the destination's extension; otherwise with ".part", which no format claims.
TEST(StagedFile, ATemporaryNameKeepsTheExtensionWhenAsked) {
  test::ScratchFolder folder;
  put(folder / "clip.mp4", "old");
  StagedFile plain(folder / "clip.mp4");
  EXPECT_EQ(plain.path().extension(), ".part");
  StagedFile named(folder / "clip.mp4", {}, TemporaryName::keepsExtension);
  EXPECT_EQ(named.path().extension(), ".mp4");
  EXPECT_EQ(named.path().parent_path(), folder.path());
  EXPECT_EQ(named.path().filename().string().rfind(".clip.mp4.", 0), 0u) << named.path();
  EXPECT_NE(named.path().filename().string().find(".part.mp4"), std::string::npos) << named.path();
  EXPECT_EQ(folder.entries().size(), 3u);
  {
    std::ofstream library(named.path(), std::ios::binary | std::ios::trunc);
    library << "ftyp";
  }
  EXPECT_EQ(contents(folder / "clip.mp4"), "old");
  named.commit();
  EXPECT_EQ(contents(folder / "clip.mp4"), "ftyp");
  EXPECT_EQ(folder.entries().size(), 2u);  // the destination and the plain one's temporary file
}

TEST(StagedFile, AFileNotCommittedIsRemoved) {
  test::ScratchFolder folder;
  put(folder / "out.txt", "old");
  {
    StagedFile file(folder / "out.txt");
    file.write(std::string_view("new"));
    file.finish();
  }
  EXPECT_EQ(contents(folder / "out.txt"), "old");
  EXPECT_EQ(folder.entries(), (Names{"out.txt"}));
}

TEST(StagedFile, AMissingFolderNamesTheDestinationAndTheCause) {
  test::ScratchFolder folder;
  const auto path = folder / "missing" / "out.txt";
  EXPECT_EQ(messageOf([&] { writeFileAtomically(path, "x"); }),
            path.string() + ": cannot write: No such file or directory");
  EXPECT_EQ(folder.entries(), Names{});
}

// The limit makes the kernel send SIGXFSZ, whose default action kills the process: the writer
// must ignore it while writing, report EFBIG, leave the old file and put the default back.
TEST(StagedFile, AFileSizeLimitIsAReportedErrorThatLeavesTheOldFile) {
  test::ScratchFolder folder;
  const auto path = folder / "big.bin";
  put(path, "old");
  const int answer = test::inForkedChild([&] {
    std::signal(SIGXFSZ, SIG_DFL);
    rlimit limit{};
    ::getrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = 1000;
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) return 10;
    const std::string message = messageOf([&] { writeFileAtomically(path, std::string(5000, 'y')); });
    if (message != path.string() + ": cannot write: File too large") return 11;
    struct sigaction now {};
    ::sigaction(SIGXFSZ, nullptr, &now);
    if (now.sa_handler != SIG_DFL) return 12;
    return 0;
  });
  EXPECT_EQ(answer, 0) << "10: no limit set, 11: wrong message, 12: SIGXFSZ not restored, 128+: killed";
  EXPECT_EQ(contents(path), "old");
  EXPECT_EQ(folder.entries(), (Names{"big.bin"}));
}

TEST(StagedFile, AStreamPastTheLimitFailsAtTheCommit) {
  test::ScratchFolder folder;
  const auto path = folder / "table.csv";
  put(path, "old");
  const int answer = test::inForkedChild([&] {
    rlimit limit{};
    ::getrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = 100000;
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) return 10;
    const std::string message = messageOf([&] {
      StagedFile file(path);
      for (int row = 0; row < 100000; ++row) file.stream() << row << ",1.5\n";
      file.commit();
    });
    return message == path.string() + ": cannot write: File too large" ? 0 : 11;
  });
  EXPECT_EQ(answer, 0);
  EXPECT_EQ(contents(path), "old");
  EXPECT_EQ(folder.entries(), (Names{"table.csv"}));
}

TEST(StagedFile, RefusesAnInputWhateverThePath) {
  test::ScratchFolder folder;
  put(folder / "in.png", "input");
  std::filesystem::create_directory(folder / "sub");
  std::filesystem::create_symlink("../in.png", folder / "sub" / "link.png");
  std::filesystem::create_hard_link(folder / "in.png", folder / "hard.png");
  const std::vector<std::filesystem::path> inputs{folder / "sub" / ".." / "in.png"};
  for (const auto& output : {folder / "in.png", folder / "sub" / "link.png", folder / "hard.png"}) {
    const std::string message = messageOf([&] { writeFileAtomically(output, "out", inputs); });
    EXPECT_EQ(message.rfind(output.string() + ": cannot write: it is the input ", 0), 0u) << message;
  }
  EXPECT_EQ(contents(folder / "in.png"), "input");
  EXPECT_EQ(folder.entries(), (Names{"hard.png", "in.png", "sub"}));
  // Another file, and an output not there yet, are written.
  writeFileAtomically(folder / "other.png", "out", inputs);
  EXPECT_EQ(contents(folder / "other.png"), "out");
  // Without inputs named, the input may be replaced (filtering a file in place).
  writeFileAtomically(folder / "in.png", "replaced");
  EXPECT_EQ(contents(folder / "in.png"), "replaced");
}

TEST(StagedFile, ACharacterDeviceIsWrittenThroughNotReplaced) {
  StagedFile file("/dev/null");
  EXPECT_TRUE(file.writesThrough());
  EXPECT_EQ(file.path(), "/dev/null");
  file.write(std::string_view("discarded"));
  file.commit();
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
  // A full device: the error names it and the cause.
  if (std::filesystem::is_character_file("/dev/full")) {
    EXPECT_EQ(messageOf([] { writeFileAtomically("/dev/full", "x"); }),
              "/dev/full: cannot write: No space left on device");
    EXPECT_TRUE(std::filesystem::is_character_file("/dev/full"));
  }
}

TEST(StagedFile, AFifoIsWrittenThroughNotReplaced) {
  test::ScratchFolder folder;
  const auto fifo = folder / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] {
    std::ifstream in(fifo, std::ios::binary);
    received.assign(std::istreambuf_iterator<char>(in), {});
  });
  writeFileAtomically(fifo, "through the pipe");
  reader.join();
  EXPECT_EQ(received, "through the pipe");
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
  EXPECT_EQ(folder.entries(), (Names{"pipe"}));
}

}  // namespace
}  // namespace fftscope::io
