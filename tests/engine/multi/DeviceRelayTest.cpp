// The relay between devices: bytes from one device's buffer land in another's, at the offsets
// asked, in one chunk, exactly as many as the ring holds (3), or up to hundreds, with or without a
// short last one, on devices of one context and of two; the source and the target's bytes outside
// the range stay as they were.
#include "SubDeviceContexts.h"

#include "engine/multi/DeviceRelay.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <numeric>
#include <vector>

namespace fftscope {
namespace {

void expectRelays(cl::DeviceContext& a, cl::DeviceContext& b, const char* how) {
  constexpr std::size_t kBytes = 40000;
  std::vector<std::uint8_t> source(kBytes), before(kBytes, 0xAB);
  std::iota(source.begin(), source.end(), std::uint8_t{1});
  cl::Buffer from = a.buffer(kBytes), to = b.buffer(kBytes);
  a.write(from.get(), source.data(), kBytes);
  for (std::size_t chunk : {std::size_t{64}, std::size_t{1000}, std::size_t{4096}, std::size_t{1} << 20}) {
    multi::DeviceRelay relay(a, chunk, 3);
    // 40000 bytes: 1 chunk of 1 MiB, 10 of 4096 (a short last), 40 of 1000, 625 of 64; 12288
    // bytes: 3 of 4096 (the ring's count), 13 of 1000 (a short last); 12345 and 30000 bytes: short
    // last chunks of every size but 1 MiB.
    for (auto [fromOffset, toOffset, bytes] : {std::array<std::size_t, 3>{0, 0, kBytes},
                                              std::array<std::size_t, 3>{17, 1001, 12345},
                                              std::array<std::size_t, 3>{3000, 5, 30000},
                                              std::array<std::size_t, 3>{4096, 20000, 12288}}) {
      b.write(to.get(), before.data(), kBytes);
      relay.move(a, from.get(), fromOffset, b, to.get(), toOffset, bytes);
      std::vector<std::uint8_t> landed(kBytes);
      b.read(to.get(), landed.data(), kBytes);
      std::vector<std::uint8_t> expected = before;
      std::copy_n(source.begin() + std::ptrdiff_t(fromOffset), bytes, expected.begin() + std::ptrdiff_t(toOffset));
      EXPECT_EQ(landed, expected) << how << ", chunks of " << chunk << ", " << bytes << " bytes from " << fromOffset
                                  << " to " << toOffset;
    }
  }
  std::vector<std::uint8_t> after(kBytes);
  a.read(from.get(), after.data(), kBytes);
  EXPECT_EQ(after, source) << how << ": the source changed";
}

TEST(DeviceRelay, MovesTheRangeAskedBetweenDevicesOfTwoContexts) {
  std::vector<cl::DeviceContext*> devices;
  try {
    devices = testing::devicesFor(2);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  expectRelays(*devices[0], *devices[1], "two contexts");
  expectRelays(*devices[1], *devices[0], "two contexts, back");
}

TEST(DeviceRelay, MovesTheRangeAskedBetweenDevicesOfOneContext) {
  std::vector<std::unique_ptr<cl::DeviceContext>> owned;
  try {
    owned = testing::sharedContextDevices(2);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  expectRelays(*owned[0], *owned[1], "one context");
}

TEST(DeviceRelay, RefusesARingOfOneChunk) {
  std::vector<cl::DeviceContext*> devices;
  try {
    devices = testing::devicesFor(2);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  EXPECT_THROW(multi::DeviceRelay(*devices[0], 4096, 1), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope
