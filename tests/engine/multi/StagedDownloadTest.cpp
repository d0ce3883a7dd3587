// Staged downloads through a small ring: every size around a chunk's edge, from an offset, whole
// at once and a chunk a step with an upload staged between the steps.
#include "SubDeviceContexts.h"

#include "engine/cl/StagedDownload.h"
#include "engine/cl/StagedUpload.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace fftscope::cl {
namespace {

TEST(StagedDownload, ReadsArriveWholeThroughASmallRing) {
  std::vector<DeviceContext*> devices;
  try {
    devices = testing::devicesFor(2);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no OpenCL device: " << e.what();
  }
  DeviceContext& context = *devices.front();
  HostThreadPool pool(1, 2);
  StagedDownload down(context, 1000, 2, &pool);
  StagedUpload up(context, 1000, 2, &pool);
  for (std::size_t bytes : {std::size_t{4}, std::size_t{1000}, std::size_t{1004}, std::size_t{5996}}) {
    std::vector<std::uint8_t> values(bytes + 8);
    std::iota(values.begin(), values.end(), std::uint8_t(bytes));
    Buffer b = context.buffer(values.size()), other = context.buffer(bytes);
    context.write(b.get(), values.data(), values.size());
    std::vector<std::uint8_t> whole(bytes), stepped(bytes), echoed(bytes);
    down.read(b.get(), whole.data(), bytes, {}, 8);
    EXPECT_TRUE(std::equal(whole.begin(), whole.end(), values.begin() + 8)) << bytes << " bytes at once";
    down.start(b.get(), bytes, {}, 8);
    std::size_t steps = 0, done = 0;
    while (const std::size_t n = down.drainNext(stepped.data())) {
      up.write(other.get(), stepped.data() + done, n, {}, done);  // an upload between the steps
      done += n, ++steps;
    }
    EXPECT_EQ(done, bytes);
    EXPECT_EQ(steps, (bytes + 999) / 1000) << bytes << " bytes";
    EXPECT_EQ(stepped, whole) << bytes << " bytes a chunk a step";
    up.finish();
    context.read(other.get(), echoed.data(), bytes);
    EXPECT_EQ(echoed, whole) << bytes << " bytes uploaded between the steps";
  }
}

}  // namespace
}  // namespace fftscope::cl
