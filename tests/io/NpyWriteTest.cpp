// writeNpy goes through the atomic writer: a write that fails part way (here past a file size
// limit) leaves the old array readable, where truncating in place would have destroyed it.
#include "io/Npy.h"

#include "ForkedChild.h"
#include "ScratchFolder.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

namespace fftscope {
namespace {

TEST(NpyWrite, AFailedWriteLeavesTheOldArray) {
  io::test::ScratchFolder folder;
  const auto path = folder / "a.npy";
  writeNpy(path, {3}, std::vector<double>{1.0, 2.0, 3.0});
  const int answer = io::test::inForkedChild([&] {
    rlimit limit{};
    ::getrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = 4096;
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) return 10;
    try {
      writeNpy(path, {64, 64}, std::vector<double>(64 * 64, 7.0));
    } catch (const std::runtime_error& e) {
      return std::string(e.what()).find(path.string()) != std::string::npos ? 0 : 11;
    }
    return 12;
  });
  EXPECT_EQ(answer, 0) << "11: the message does not name the file, 12: no error, 128+: killed";
  EXPECT_EQ(toRealF64(readNpy(path)), (std::vector<double>{1.0, 2.0, 3.0}));
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"a.npy"});
}

TEST(NpyWrite, ReplacesAnExistingArrayWhole) {
  io::test::ScratchFolder folder;
  const auto path = folder / "a.npy";
  writeNpy(path, {2, 2}, std::vector<float>{1, 2, 3, 4});
  writeNpy(path, {1}, std::vector<std::complex<float>>{{5.0f, -1.0f}});
  const NpyArray array = readNpy(path);
  EXPECT_EQ(array.shape, std::vector<std::size_t>{1});
  EXPECT_EQ(toComplexF32(array), (std::vector<std::complex<float>>{{5.0f, -1.0f}}));
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"a.npy"});
}

}  // namespace
}  // namespace fftscope
