// Video filtering on the device, frames batched (`bench-video`): colour frames of moving stripes
// made in memory (no decoder, no encoder: the engine's part of a video filter alone) go through
// DeviceFrameBatch B frames at a time. Each batch's upload, kernels and download are timed apart
// from the queue's events; the wall clock around each batch gives frames a second and a frame's
// latency (from its batch's upload to its samples back on the host). Before timing, the first
// batch's first and last frames are checked against the host filter (FFTW, filterImage).
#include "Commands.h"
#include "Options.h"
#include "PlanOptions.h"
#include "bench/Statistics.h"
#include "imaging/FilterPipeline.h"
#include "imaging/Mask.h"
#include "imaging/device/DeviceFrameBatch.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

namespace fftscope::cli {
namespace {

struct VideoBenchOptions {
  std::string size = "1920x1080", device;
  long frames = 240;
  std::size_t batch = 4;
  int channels = 3;
};

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

// WIDTHxHEIGHT, each side 1 to 65536.
std::pair<std::size_t, std::size_t> frameSize(const std::string& text) {
  const std::size_t x = text.find('x');
  std::string w = text.substr(0, x), h = x == std::string::npos ? "" : text.substr(x + 1);
  if (x == std::string::npos || !wholeNumber(1, 1 << 16)(w).empty() || !wholeNumber(1, 1 << 16)(h).empty())
    throw std::invalid_argument("--size takes WIDTHxHEIGHT with each side from 1 to 65536, e.g. 1920x1080, not '" +
                                text + "'");
  return {std::stoull(text.substr(0, x)), std::stoull(text.substr(x + 1))};
}

// Frame f: stripes moving sideways, a vertical shading and a little fixed noise, 8-bit.
std::vector<std::uint8_t> stripesFrame(std::size_t width, std::size_t height, int channels, long f) {
  std::vector<float> across(width), down(height);
  for (std::size_t x = 0; x < width; ++x) across[x] = float(60 * std::sin(0.2 * double(x) + 0.5 * double(f)));
  for (std::size_t y = 0; y < height; ++y) down[y] = float(40.0 * double(y) / double(height));
  std::vector<std::uint8_t> frame(width * height * std::size_t(channels));
  std::uint32_t noise = 2463534242u + std::uint32_t(f);
  for (std::size_t y = 0; y < height; ++y)
    for (std::size_t x = 0; x < width; ++x)
      for (int c = 0; c < channels; ++c) {
        noise ^= noise << 13, noise ^= noise >> 17, noise ^= noise << 5;
        const float v = 100.0f + float(c) * 20.0f + across[x] + down[y] + float(noise & 15u);
        frame[(y * width + x) * std::size_t(channels) + std::size_t(c)] = std::uint8_t(std::lround(v));
      }
  return frame;
}

// Samples more than one level from the host filter's (0 expected; one level where a value lies
// near a half and the two transforms differ in their last bits).
std::size_t checkAgainstHost(const std::vector<std::uint8_t>& frame, const std::uint8_t* filtered, std::size_t width,
                             std::size_t height, int channels, const imaging::FilterSpec& spec) {
  imaging::Image image;
  image.width = int(width);
  image.height = int(height);
  image.channels = channels;
  image.data.assign(frame.begin(), frame.end());
  const imaging::Image host =
      imaging::filterImage(image, spec, imaging::PadMode::None, imaging::ChannelMode::PerChannel).filtered;
  std::size_t oneLevel = 0, more = 0;
  for (std::size_t i = 0; i < frame.size(); ++i) {
    const double d = std::abs(double(filtered[i]) - double(host.data[i]));
    oneLevel += d == 1.0;
    more += d > 1.0;
  }
  std::printf("  checked against the host filter: %zu of %zu samples one level apart, %zu more\n", oneLevel,
              frame.size(), more);
  return more;
}

int runVideoBench(const VideoBenchOptions& o) {
  const auto [width, height] = frameSize(o.size);
  cl::DeviceContext context(cl::chooseDevice(o.device));
  const auto planning = Clock::now();
  DeviceFrameBatch batch(context, width, height, std::size_t(o.channels), o.batch);
  imaging::FilterSpec spec;
  spec.base.kind = imaging::FilterKind::LowPass;
  spec.base.shape = imaging::FilterShape::Gaussian;
  spec.base.cutoff = 0.1;
  batch.setMask(imaging::buildHalfMask(int(height), int(width), spec));
  const double planMs = msSince(planning);
  // Distinct frames enough for two batches, used in turn.
  std::vector<std::vector<std::uint8_t>> source;
  for (long f = 0; f < std::min<long>(o.frames, long(2 * o.batch)); ++f)
    source.push_back(stripesFrame(width, height, o.channels, f));
  const auto fill = [&](long first, std::size_t count) {
    for (std::size_t b = 0; b < count; ++b)
      std::memcpy(batch.input(b), source[std::size_t(first + long(b)) % source.size()].data(), batch.frameBytes());
  };
  std::printf("video filter on %s (%s), %zux%zu x%d channel(s), batches of %zu, %ld frames\n",
              context.device().name.c_str(), context.device().driverVersion.c_str(), width, height, o.channels,
              o.batch, o.frames);
  std::printf("  plans and mask: %.3f ms\n", planMs);

  // The first batch builds the kernels; its result is checked, not timed.
  const std::size_t first = std::min<std::size_t>(o.batch, std::size_t(o.frames));
  fill(0, first);
  batch.filter(first);
  std::size_t bad = 0;
  for (std::size_t b : {std::size_t(0), first - 1}) {
    bad += checkAgainstHost(source[b], batch.output(b), width, height, o.channels, spec);
    if (first == 1) break;
  }
  if (bad != 0) {
    std::fprintf(stderr, "bench-video: the device's frames differ from the host filter's by more than one level\n");
    return 1;
  }

  FrameBatchTimings total;
  std::vector<double> wall, copies;
  double wallMs = 0;
  for (long done = 0; done < o.frames;) {
    const std::size_t count = std::min<std::size_t>(o.batch, std::size_t(o.frames - done));
    const auto copying = Clock::now();
    fill(done, count);
    copies.push_back(msSince(copying));
    const auto start = Clock::now();
    batch.filter(count);
    wall.push_back(msSince(start));
    wallMs += wall.back();
    total += batch.lastTimings();
    done += long(count);
  }
  const double n = double(total.frames);
  const bench::Quartiles latency = bench::quartiles(wall);
  std::printf("  frames a second: %.1f (wall clock around each batch), %.1f (device time: uploads + kernels + downloads)\n",
              n * 1000.0 / wallMs, n * 1000.0 / total.deviceMs());
  std::printf("  per frame: upload %.4f ms (%.2f GB/s), kernels %.4f ms, download %.4f ms (%.2f GB/s)\n",
              total.uploadMs / n, double(total.uploadBytes) / (total.uploadMs * 1e6), total.kernelMs / n,
              total.downloadMs / n, double(total.downloadBytes) / (total.downloadMs * 1e6));
  std::printf("  latency (a batch, upload to samples back on the host): median %.3f ms (q1 %.3f, q3 %.3f)\n",
              latency.median, latency.q1, latency.q3);
  std::printf("  frames copied into pinned memory before each batch (not in the figures above): median %.3f ms\n",
              bench::quartiles(copies).median);
  return 0;
}

}  // namespace

Command addVideoBenchCommand(CLI::App& app) {
  CLI::App* command = app.add_subcommand(
      "bench-video", "video frames filtered on the device in batches: uploads, kernels and downloads timed apart");
  auto o = std::make_shared<VideoBenchOptions>();
  command->add_option("--size", o->size, "WIDTHxHEIGHT of a frame")->capture_default_str();
  command->add_option("--frames", o->frames, "frames filtered and timed, at least 1")
      ->capture_default_str()
      ->check(wholeNumber(1, 1000000));
  command->add_option("--batch", o->batch, "frames on the device at a time, 1 to 64")
      ->capture_default_str()
      ->check(wholeNumber(1, 64));
  command->add_option("--channels", o->channels, "1 (grey) or 3 (colour)")->capture_default_str()->check(CLI::IsMember({1, 3}));
  addDeviceOption(*command, o->device);
  return {command, [o] { return runVideoBench(*o); }};
}

}  // namespace fftscope::cli
