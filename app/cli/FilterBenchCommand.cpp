// The engine's part of the image workspace's live round trip: a new mask goes in, filtered
// planes come out (upload of the mask's half, mask product on the half spectra, inverse 2D
// complex to real transform, read back), timed with a host clock around the whole call, as the
// workspace sees it.
#include "Commands.h"
#include "Options.h"
#include "PlanOptions.h"
#include "bench/Statistics.h"
#include "engine/Accuracy.h"
#include "engine/DeviceSpectralFilter.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

namespace fftscope::cli {
namespace {

struct FilterBenchOptions {
  std::string size = "1024x1024", device;
  std::size_t planes = 1;
  int repeat = 30;
};

std::size_t side(const std::string& text, const std::string& whole) {
  std::string copy = text;
  if (!wholeNumber(1, 1 << 16)(copy).empty())
    throw std::invalid_argument("--size takes ROWSxCOLS with each side from 1 to 65536, e.g. 1024x1024, not '" + whole + "'");
  return std::stoull(text);
}

int runFilterBench(const FilterBenchOptions& o) {
  const std::size_t x = o.size.find('x');
  if (x == std::string::npos)
    throw std::invalid_argument("--size takes ROWSxCOLS, e.g. 1024x1024, not '" + o.size + "'");
  const std::size_t rows = side(o.size.substr(0, x), o.size), cols = side(o.size.substr(x + 1), o.size);

  cl::DeviceContext context(cl::chooseDevice(o.device));
  DeviceSpectralFilter filter(context, rows, cols);
  std::vector<std::vector<float>> data;
  for (std::size_t p = 0; p < o.planes; ++p) {
    std::vector<float> plane;
    for (const auto& z : randomComplexF32(rows * cols, 100 + p)) plane.push_back(z.real() + 0.5f);
    data.push_back(std::move(plane));
  }
  auto clock = [] { return std::chrono::steady_clock::now(); };
  auto t0 = clock();
  filter.setPlanes(data);
  const double analyseMs = std::chrono::duration<double, std::milli>(clock() - t0).count();

  std::vector<double> ms, kernelMs;
  // The mask on the half spectrum (bins kx = 0 .. cols/2), as the workspace builds it.
  const std::size_t width = filter.halfCols();
  HalfMask mask{std::vector<float>(rows * width)};
  for (int i = 0; i < o.repeat + 3; ++i) {
    // A different Gaussian cutoff each time, like a dragged slider.
    const float fc = 0.05f + 0.01f * static_cast<float>(i % 20);
    for (std::size_t y = 0; y < rows; ++y)
      for (std::size_t xx = 0; xx < width; ++xx) {
        const float fy = (y < rows / 2 ? float(y) : float(y) - float(rows)) / float(rows);
        const float fx = float(xx) / float(cols);
        mask.values[y * width + xx] = std::exp(-(fx * fx + fy * fy) / (2 * fc * fc));
      }
    const auto start = clock();
    filter.filter(mask);
    const double elapsed = std::chrono::duration<double, std::milli>(clock() - start).count();
    double kernels = 0;
    for (const TimingRecord& t : filter.lastTimings()) kernels += t.nanoseconds * 1e-6;
    if (i >= 3) {
      ms.push_back(elapsed);
      kernelMs.push_back(kernels);
    }
  }
  const bench::Quartiles wall = bench::quartiles(ms), kernel = bench::quartiles(kernelMs);
  std::printf("filter round trip on %s (%s), %zux%zu, %zu plane(s), %d repeats\n", context.device().name.c_str(),
              context.device().driverVersion.c_str(), rows, cols, o.planes, o.repeat);
  std::printf("  first analysis (upload + forward 2D per plane): %.3f ms\n", analyseMs);
  std::printf("  new mask -> filtered planes on the host: median %.3f ms (q1 %.3f, q3 %.3f)\n", wall.median, wall.q1,
              wall.q3);
  std::printf("  of which kernels: median %.3f ms over %zu launches\n", kernel.median, filter.lastTimings().size());
  return 0;
}

}  // namespace

Command addFilterBenchCommand(CLI::App& app) {
  CLI::App* command =
      app.add_subcommand("bench-filter", "a new mask to filtered planes, the image workspace's engine part");
  auto o = std::make_shared<FilterBenchOptions>();
  command->add_option("--size", o->size, "ROWSxCOLS")->capture_default_str();
  command->add_option("--planes", o->planes, "1 to 4 planes (3 for colour)")->capture_default_str()->check(wholeNumber(1, 4));
  command->add_option("--repeat", o->repeat, "timed round trips, at least 1")
      ->capture_default_str()
      ->check(wholeNumber(1, 1000000));
  addDeviceOption(*command, o->device);
  return {command, [o] { return runFilterBench(*o); }};
}

}  // namespace fftscope::cli
