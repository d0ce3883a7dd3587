// The engine's part of the image workspace's live round trip: a new mask goes in, filtered
// planes come out (mask upload, mask product, inverse 2D transform, real part, read back),
// timed with a host clock around the whole call, as the workspace sees it.
#include "Args.h"
#include "Commands.h"
#include "engine/Accuracy.h"
#include "engine/DeviceSpectralFilter.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace fftscope::cli {

int filterBenchCommand(const Words& words) {
  Args args(words, {"size", "planes", "repeat", "device"}, {});
  std::string size = args.value("size", "1024x1024");
  std::size_t rows = 0, cols = 0;
  if (std::sscanf(size.c_str(), "%zux%zu", &rows, &cols) != 2)
    throw std::invalid_argument("--size takes ROWSxCOLS, e.g. 1024x1024, not '" + size + "'");
  const std::size_t planes = static_cast<std::size_t>(args.integer("planes", 1));
  const int repeat = static_cast<int>(args.integer("repeat", 30));
  if (planes < 1 || planes > 4) throw std::invalid_argument("--planes takes 1 to 4");

  cl::DeviceContext context(cl::chooseDevice(args.value("device")));
  DeviceSpectralFilter filter(context, rows, cols);
  std::vector<std::vector<float>> data;
  for (std::size_t p = 0; p < planes; ++p) {
    std::vector<float> plane;
    for (const auto& z : randomComplexF32(rows * cols, 100 + p)) plane.push_back(z.real() + 0.5f);
    data.push_back(std::move(plane));
  }
  auto clock = [] { return std::chrono::steady_clock::now(); };
  auto t0 = clock();
  filter.setPlanes(data);
  double analyseMs = std::chrono::duration<double, std::milli>(clock() - t0).count();

  std::vector<double> ms, kernelMs;
  std::vector<float> mask(rows * cols);
  for (int i = 0; i < repeat + 3; ++i) {
    // A different Gaussian cutoff each time, like a dragged slider.
    float fc = 0.05f + 0.01f * static_cast<float>(i % 20);
    for (std::size_t y = 0; y < rows; ++y)
      for (std::size_t x = 0; x < cols; ++x) {
        float fy = (y < rows / 2 ? float(y) : float(y) - float(rows)) / float(rows);
        float fx = (x < cols / 2 ? float(x) : float(x) - float(cols)) / float(cols);
        mask[y * cols + x] = std::exp(-(fx * fx + fy * fy) / (2 * fc * fc));
      }
    auto start = clock();
    auto out = filter.filter(mask);
    double elapsed = std::chrono::duration<double, std::milli>(clock() - start).count();
    double kernels = 0;
    for (const TimingRecord& t : filter.lastTimings()) kernels += t.nanoseconds * 1e-6;
    if (i >= 3) {
      ms.push_back(elapsed);
      kernelMs.push_back(kernels);
    }
  }
  std::sort(ms.begin(), ms.end());
  std::sort(kernelMs.begin(), kernelMs.end());
  auto q = [](const std::vector<double>& v, double f) { return v[static_cast<std::size_t>(f * (v.size() - 1) + 0.5)]; };
  std::printf("filter round trip on %s (%s), %zux%zu, %zu plane(s), %d repeats\n", context.device().name.c_str(),
              context.device().driverVersion.c_str(), rows, cols, planes, repeat);
  std::printf("  first analysis (upload + forward 2D per plane): %.3f ms\n", analyseMs);
  std::printf("  new mask -> filtered planes on the host: median %.3f ms (q1 %.3f, q3 %.3f)\n", q(ms, 0.5), q(ms, 0.25),
              q(ms, 0.75));
  std::printf("  of which kernels: median %.3f ms over %zu launches\n", q(kernelMs, 0.5), filter.lastTimings().size());
  return 0;
}

}  // namespace fftscope::cli
