// Video frames filtered on the device in batches, against the host filter (FFTW) frame by frame:
// each frame's samples within one level, each frame clipped to its own range.
#include "DeviceFixture.h"
#include "imaging/FilterPipeline.h"
#include "imaging/Mask.h"
#include "engine/cl/PinnedHostBuffer.h"
#include "imaging/device/DeviceFrameBatch.h"
#include "imaging/device/DeviceMask.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace fftscope {
namespace {

struct Shape {
  std::size_t width, height, channels, batch, count;
};

// Frame f's samples lie in its own band (low = 12 f), so that one range for all frames would
// clip them wrongly; stripes that move with f and a little noise.
std::vector<std::uint8_t> frameOf(const Shape& s, std::size_t f) {
  std::vector<std::uint8_t> frame(s.width * s.height * s.channels);
  std::uint32_t noise = 12345u + std::uint32_t(f);
  for (std::size_t i = 0; i < frame.size(); ++i) {
    noise = noise * 1664525u + 1013904223u;
    const std::size_t x = (i / s.channels) % s.width;
    const double v = 12.0 * double(f) + 60.0 + 50.0 * std::sin(0.7 * double(x + 2 * f)) + double(noise >> 28);
    frame[i] = std::uint8_t(std::lround(v));
  }
  return frame;
}

imaging::FilterSpec lowPass() {
  imaging::FilterSpec spec;
  spec.base.kind = imaging::FilterKind::LowPass;
  spec.base.shape = imaging::FilterShape::Gaussian;
  spec.base.cutoff = 0.08;
  return spec;
}

class FrameBatches : public ::testing::TestWithParam<Shape> {};

TEST_P(FrameBatches, EachFrameMatchesTheHostFilter) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const Shape s = GetParam();
  const imaging::FilterSpec spec = lowPass();
  DeviceFrameBatch batch(*context, s.width, s.height, s.channels, s.batch);
  batch.setMask(imaging::buildHalfMask(int(s.height), int(s.width), spec));
  // Two rounds with different frames: nothing of the first (bounds, planes) leaks into the second.
  for (std::size_t round = 0; round < 2; ++round) {
    std::vector<std::vector<std::uint8_t>> frames;
    for (std::size_t b = 0; b < s.count; ++b) {
      frames.push_back(frameOf(s, b + round * 7));
      std::memcpy(batch.input(b), frames.back().data(), batch.frameBytes());
    }
    batch.filter(s.count);
    for (std::size_t b = 0; b < s.count; ++b) {
      imaging::Image image;
      image.width = int(s.width);
      image.height = int(s.height);
      image.channels = int(s.channels);
      image.data.assign(frames[b].begin(), frames[b].end());
      const imaging::Image host =
          imaging::filterImage(image, spec, imaging::PadMode::None, imaging::ChannelMode::PerChannel).filtered;
      const std::uint8_t* device = batch.output(b);
      std::size_t oneLevel = 0, more = 0;
      for (std::size_t i = 0; i < frames[b].size(); ++i) {
        const double d = std::abs(double(device[i]) - double(host.data[i]));
        oneLevel += d == 1.0;
        more += d > 1.0;
      }
      EXPECT_EQ(more, 0u) << "frame " << b << " of round " << round;
      EXPECT_LE(oneLevel, frames[b].size() / 100) << "frame " << b << " of round " << round;
    }
    const FrameBatchTimings& t = batch.lastTimings();
    EXPECT_EQ(t.frames, s.count);
    EXPECT_EQ(t.uploadBytes, s.count * batch.frameBytes());
    EXPECT_EQ(t.downloadBytes, s.count * batch.frameBytes());
    EXPECT_GT(t.kernelMs, 0.0);
    EXPECT_GT(t.uploadMs + t.downloadMs, 0.0);
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, FrameBatches,
                         ::testing::Values(Shape{64, 48, 3, 4, 4}, Shape{75, 50, 3, 3, 2}, Shape{33, 20, 1, 2, 2},
                                           Shape{16, 16, 3, 1, 1}, Shape{40, 30, 3, 8, 5}),
                         [](const auto& info) {
                           const Shape& s = info.param;
                           return std::to_string(s.width) + "x" + std::to_string(s.height) + "x" +
                                  std::to_string(s.channels) + "_batch" + std::to_string(s.batch) + "_of" +
                                  std::to_string(s.count);
                         });

// The caller's frames in pinned memory of their own, out of order, into outputs of their own:
// sample for sample what the batch's own buffers give.
TEST(FrameBatch, TheCallersFramesFilterAsTheBatchsOwn) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const Shape s{40, 30, 3, 4, 3};
  DeviceFrameBatch batch(*context, s.width, s.height, s.channels, s.batch);
  batch.setMask(imaging::buildHalfMask(int(s.height), int(s.width), lowPass()));
  cl::PinnedHostBuffer slots(*context, 2 * s.count * batch.frameBytes());
  auto* base = static_cast<std::uint8_t*>(slots.data());
  std::vector<const std::uint8_t*> inputs;
  std::vector<std::uint8_t*> outputs;
  for (std::size_t b = 0; b < s.count; ++b) {
    const std::vector<std::uint8_t> frame = frameOf(s, b);
    std::memcpy(batch.input(b), frame.data(), batch.frameBytes());
    std::uint8_t* in = base + (s.count - 1 - b) * batch.frameBytes();  // slots in reverse order
    std::memcpy(in, frame.data(), batch.frameBytes());
    inputs.push_back(in);
    outputs.push_back(base + (s.count + b) * batch.frameBytes());
  }
  batch.filter(inputs, outputs);
  EXPECT_EQ(batch.lastTimings().frames, s.count);
  EXPECT_EQ(batch.lastTimings().uploadBytes, s.count * batch.frameBytes());
  batch.filter(s.count);
  for (std::size_t b = 0; b < s.count; ++b)
    EXPECT_EQ(0, std::memcmp(outputs[b], batch.output(b), batch.frameBytes())) << "frame " << b;
  EXPECT_THROW(batch.filter(inputs, std::span<std::uint8_t* const>(outputs).first(2)), std::invalid_argument);
  batch.filter(inputs, outputs);
  EXPECT_THROW(batch.output(0), std::logic_error) << "the batch's own output is stale after a caller's filter";
}

// The mask made by the device's kernel (as on a GPU) filters as the host's does: frames within a
// level of each other, a band-stop with a soft and a hard notch and a stroke that removes.
TEST(FrameBatch, AMaskMadeOnTheDeviceFiltersAsTheHostsMask) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  if (!DeviceMask::available(context->device())) GTEST_SKIP() << "the device has no double precision";
  const Shape s{75, 50, 3, 2, 2};
  imaging::FilterSpec spec;
  spec.base.kind = imaging::FilterKind::BandStop;
  spec.base.shape = imaging::FilterShape::Butterworth;
  spec.base.cutoff = 0.1;
  spec.base.upperCutoff = 0.2;
  spec.notches.push_back({0.11, -0.07, 0.03, imaging::NotchEdge::Soft});
  spec.notches.push_back({-0.2, 0.15, 0.04, imaging::NotchEdge::Hard});
  spec.strokes.push_back({0.05, 0.3, 0.05, imaging::StrokeAction::Remove});
  DeviceFrameBatch host(*context, s.width, s.height, s.channels, s.batch);
  DeviceFrameBatch device(*context, s.width, s.height, s.channels, s.batch);
  host.setMask(imaging::buildHalfMask(int(s.height), int(s.width), spec));
  device.makeMaskOnDevice(spec);
  for (std::size_t b = 0; b < s.count; ++b) {
    const std::vector<std::uint8_t> frame = frameOf(s, b);
    std::memcpy(host.input(b), frame.data(), host.frameBytes());
    std::memcpy(device.input(b), frame.data(), device.frameBytes());
  }
  host.filter(s.count);
  device.filter(s.count);
  for (std::size_t b = 0; b < s.count; ++b) {
    std::size_t differ = 0, more = 0;
    for (std::size_t i = 0; i < host.frameBytes(); ++i) {
      const int d = std::abs(int(host.output(b)[i]) - int(device.output(b)[i]));
      differ += d != 0;
      more += d > 1;
    }
    EXPECT_EQ(more, 0u) << "frame " << b;
    EXPECT_LE(differ, host.frameBytes() / 100) << "frame " << b;
  }
}

TEST(FrameBatch, RefusesAMaskOfAnotherSizeAndFramesBeyondTheBatch) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  DeviceFrameBatch batch(*context, 32, 16, 3, 2);
  EXPECT_THROW(batch.filter(1), std::logic_error);
  EXPECT_THROW(batch.setMask(std::vector<float>(32 * 16)), std::invalid_argument);
  batch.setMask(std::vector<float>(batch.maskBins(), 1.0f));
  EXPECT_THROW(batch.input(2), std::out_of_range);
  EXPECT_THROW(batch.filter(3), std::invalid_argument);
  EXPECT_THROW(DeviceFrameBatch(*context, 32, 16, 2, 2), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope
