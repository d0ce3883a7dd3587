// The engine's part of the image workspace's live round trip, timed with a host clock around the
// whole call, as the workspace sees it. Two paths:
//   device     a new filter parameter goes in; the mask is made on the device, the filtered
//              planes become 8- or 16-bit samples there, and only those come back, into pinned
//              memory (the default);
//   host-mask  a new mask made on the host goes in (upload), filtered float planes come out
//              (read back from pageable memory), as before masks were made on the device.
// Both: mask product on the half spectra and inverse 2D complex-to-real transform per plane on
// the device.
#include "Commands.h"
#include "Options.h"
#include "PlanOptions.h"
#include "bench/Statistics.h"
#include "engine/cl/ProgramBuild.h"
#include "engine/reference/Accuracy.h"
#include "imaging/device/DeviceSpectralFilter.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

namespace fftscope::cli {
namespace {

struct FilterBenchOptions {
  std::string size = "1024x1024", device, path = "device", range = "clip";
  std::size_t planes = 1;
  int bitDepth = 8;
  int repeat = 30;
};

std::size_t side(const std::string& text, const std::string& whole) {
  std::string copy = text;
  if (!wholeNumber(1, 1 << 16)(copy).empty())
    throw std::invalid_argument("--size takes ROWSxCOLS with each side from 1 to 65536, e.g. 1024x1024, not '" + whole + "'");
  return std::stoull(text);
}

SampleMapping mappingNamed(const std::string& name) {
  if (name == "offset") return SampleMapping::Offset;
  if (name == "stretch") return SampleMapping::Stretch;
  if (name == "float") return SampleMapping::Float;
  return SampleMapping::Clip;
}

// A different Gaussian low-pass cutoff each time, like a dragged slider.
double cutoffOf(int i) { return 0.05 + 0.01 * (i % 20); }

// The host's Gaussian mask for that cutoff, in double as the Image workspace makes it.
void hostMask(std::vector<float>& mask, std::size_t rows, std::size_t cols, double fc) {
  const auto frequency = [](std::size_t k, std::size_t n) {
    return double(k < (n + 1) / 2 ? double(k) : double(k) - double(n)) / double(n);
  };
  for (std::size_t y = 0; y < rows; ++y)
    for (std::size_t x = 0; x < cols; ++x) {
      const double fy = frequency(y, rows), fx = frequency(x, cols), f = std::sqrt(fx * fx + fy * fy);
      mask[y * cols + x] = float(std::exp(-f * f / (2.0 * fc * fc)));
    }
}

// The output sample the host makes of a filtered value (as the Image workspace's output ranges).
float hostSample(float v, const OutputFormat& format, float low, float high) {
  const float top = topSample(format.bitDepth);
  float scale = 1, shift = 0, lo = 0, hi = top;
  if (format.mapping == SampleMapping::Float) return v;
  if (format.mapping == SampleMapping::Clip) {
    lo = format.clipLow;
    hi = format.clipHigh;
  } else if (format.mapping == SampleMapping::Offset) {
    shift = midSample(format.bitDepth);
  } else if (high > low) {
    scale = top / (high - low);
    shift = -low * scale;
  }
  return std::round(std::clamp(v * scale + shift, lo, hi));
}

float sampleAt(const HostSamples& samples, std::size_t i) {
  if (samples.bytesPerSample == 1) return static_cast<const std::uint8_t*>(samples.data)[i];
  if (samples.bytesPerSample == 2) return static_cast<const std::uint16_t*>(samples.data)[i];
  return static_cast<const float*>(samples.data)[i];
}

// Before timing: the device path's samples against the host path's float planes mapped on the
// host. Returns the samples more than one level apart (0 expected; one level where a value lies
// near a half and the two masks differ in their last bit).
std::size_t checkDevicePath(DeviceSpectralFilter& filter, const imaging::FilterSpec& spec, const OutputFormat& format) {
  const std::size_t rows = filter.rows(), cols = filter.cols();
  std::vector<float> mask(rows * cols);
  hostMask(mask, rows, cols, spec.base.cutoff);
  const std::vector<std::vector<float>> reference = filter.filter(mask);
  float low = reference[0][0], high = low;
  for (const auto& plane : reference)
    for (float v : plane) {
      low = std::min(low, v);
      high = std::max(high, v);
    }
  const HostSamples& samples = filter.filter(spec, format);
  std::size_t oneLevel = 0, more = 0;
  const double tolerance = format.mapping == SampleMapping::Float ? 1e-4 * std::max(1.0f, std::abs(high)) : 0.0;
  for (std::size_t p = 0; p < samples.planes; ++p)
    for (std::size_t y = 0; y < rows; ++y)
      for (std::size_t x = 0; x < cols; ++x) {
        const double d = std::abs(double(sampleAt(samples, samples.index(p, x, y))) -
                                  double(hostSample(reference[p][y * cols + x], format, low, high)));
        oneLevel += d > tolerance && d <= 1.0;
        more += d > std::max(1.0, tolerance);
      }
  std::printf("  checked against the host mask and mapping: %zu of %zu samples one level apart, %zu more\n", oneLevel,
              samples.count(), more);
  return more;
}

double transferMs(cl::DeviceContext& context, std::size_t& bytes) {
  double ms = 0;
  bytes = 0;
  for (const cl::Transfer& t : context.takeTransfers()) {
    ms += double(t.end - t.start) * 1e-6;
    bytes += t.bytes;
  }
  return ms;
}

int runFilterBench(const FilterBenchOptions& o) {
  const std::size_t x = o.size.find('x');
  if (x == std::string::npos)
    throw std::invalid_argument("--size takes ROWSxCOLS, e.g. 1024x1024, not '" + o.size + "'");
  const std::size_t rows = side(o.size.substr(0, x), o.size), cols = side(o.size.substr(x + 1), o.size);
  const bool onDevice = o.path == "device";

  auto clock = [] { return std::chrono::steady_clock::now(); };
  auto msSince = [&clock](auto start) { return std::chrono::duration<double, std::milli>(clock() - start).count(); };
  const auto started = clock();
  cl::DeviceContext context(cl::chooseDevice(o.device));
  const double contextMs = msSince(started);
  const auto planning = clock();
  DeviceSpectralFilter filter(context, rows, cols);
  const double planMs = msSince(planning);
  // Planes in the samples' own scale, as an image's.
  const float top = topSample(o.bitDepth);
  std::vector<std::vector<float>> data;
  for (std::size_t p = 0; p < o.planes; ++p) {
    std::vector<float> plane;
    for (const auto& z : randomComplexF32(rows * cols, 100 + p)) plane.push_back(std::round((z.real() + 0.5f) * top));
    data.push_back(std::move(plane));
  }
  context.recordTransfers(true);
  auto t0 = clock();
  filter.setPlanes(data);
  const double analyseMs = msSince(t0);
  std::printf("filter round trip on %s (%s), %zux%zu, %zu plane(s), %d repeats\n", context.device().name.c_str(),
              context.device().driverVersion.c_str(), rows, cols, o.planes, o.repeat);
  std::printf("  first analysis (upload + forward 2D per plane): %.3f ms\n", analyseMs);
  const DeviceSpectralFilter::AnalysisParts& parts = filter.lastAnalysis();
  std::size_t uploaded = 0;
  const double busMs = transferMs(context, uploaded);
  double transformMs = 0;
  for (const TimingRecord& t : filter.lastTimings()) transformMs += double(t.nanoseconds) * 1e-6;
  std::printf("    host: pinned ring %.3f ms, planes made %.3f ms, staged and enqueued %.3f ms, waiting %.3f ms, inverse plan %.3f ms; "
              "device: uploads %.3f ms (%zu bytes), transforms %.3f ms\n",
              parts.ring, parts.making, parts.staging, parts.waiting, parts.inversePlan, busMs, uploaded, transformMs);
  // A first start builds every program from source; a second loads them from the program cache.
  const cl::ProgramBuildCounts built = cl::programBuildCounts();
  std::printf("  start: device context %.3f ms, forward plan %.3f ms; programs: %llu built from source (%.3f ms), "
              "%llu loaded from the program cache (%.3f ms)\n",
              contextMs, planMs, static_cast<unsigned long long>(built.fromSource), built.sourceMs,
              static_cast<unsigned long long>(built.fromBinary), built.binaryMs);

  imaging::FilterSpec spec;
  spec.base.kind = imaging::FilterKind::LowPass;
  spec.base.shape = imaging::FilterShape::Gaussian;
  OutputFormat format;
  format.mapping = mappingNamed(o.range);
  format.bitDepth = o.bitDepth;
  format.clipLow = 0;
  format.clipHigh = top;
  const std::string samplesName = format.mapping == SampleMapping::Float ? "float" : std::to_string(o.bitDepth) + "-bit";
  if (onDevice) {
    std::printf("  path device: mask made on the device, %s %s samples made there, read back through pinned memory\n",
                o.range.c_str(), samplesName.c_str());
    spec.base.cutoff = cutoffOf(7);
    if (checkDevicePath(filter, spec, format) != 0) {
      std::fprintf(stderr, "bench-filter: the device path's samples differ from the host's by more than one level\n");
      return 1;
    }
  } else {
    std::printf("  path host-mask: mask made on the host and uploaded, float planes read back from pageable memory\n");
  }

  std::vector<double> ms, kernelMs, copyMs, maskMs;
  std::size_t copied = 0;
  std::vector<float> mask(onDevice ? 0 : rows * cols);
  context.recordTransfers(true);
  for (int i = 0; i < o.repeat + 3; ++i) {
    spec.base.cutoff = cutoffOf(i);
    const auto maskStart = clock();
    if (!onDevice) hostMask(mask, rows, cols, spec.base.cutoff);
    const double masking = std::chrono::duration<double, std::milli>(clock() - maskStart).count();
    context.takeTransfers();
    const auto start = clock();
    if (onDevice)
      filter.filter(spec, format);
    else
      filter.filter(mask);
    const double elapsed = std::chrono::duration<double, std::milli>(clock() - start).count();
    double kernels = 0;
    for (const TimingRecord& t : filter.lastTimings()) kernels += t.nanoseconds * 1e-6;
    const double copies = transferMs(context, copied);
    if (i >= 3) {
      ms.push_back(elapsed);
      kernelMs.push_back(kernels);
      copyMs.push_back(copies);
      maskMs.push_back(masking);
    }
  }
  const bench::Quartiles wall = bench::quartiles(ms), kernel = bench::quartiles(kernelMs), copy = bench::quartiles(copyMs);
  if (onDevice)
    std::printf("  new parameter -> %s planes on the host: median %.3f ms (q1 %.3f, q3 %.3f)\n", samplesName.c_str(),
                wall.median, wall.q1, wall.q3);
  else
    std::printf("  new mask -> filtered planes on the host: median %.3f ms (q1 %.3f, q3 %.3f)\n", wall.median, wall.q1,
                wall.q3);
  std::printf("  of which kernels: median %.3f ms over %zu launches\n", kernel.median, filter.lastTimings().size());
  std::printf("  of which copies: median %.3f ms (%zu bytes per call)\n", copy.median, copied);
  if (!onDevice)
    std::printf("  the mask made on the host before each call (not in the round trip above): median %.3f ms\n",
                bench::quartiles(maskMs).median);
  // Where the last call's kernel time went, by kernel.
  std::vector<std::pair<std::string, double>> byKernel;
  for (const TimingRecord& t : filter.lastTimings()) {
    const std::string name = t.pass.kernelName();
    auto found = std::find_if(byKernel.begin(), byKernel.end(), [&](const auto& k) { return k.first == name; });
    if (found == byKernel.end()) found = byKernel.insert(byKernel.end(), {name, 0.0});
    found->second += t.nanoseconds * 1e-6;
  }
  std::printf("  last call's kernels:");
  for (const auto& [name, kernelTime] : byKernel) std::printf(" %s %.3f ms,", name.c_str(), kernelTime);
  std::printf("\n");
  return 0;
}

}  // namespace

Command addFilterBenchCommand(CLI::App& app) {
  CLI::App* command =
      app.add_subcommand("bench-filter", "a new filter to filtered planes, the image workspace's engine part");
  auto o = std::make_shared<FilterBenchOptions>();
  command->add_option("--size", o->size, "ROWSxCOLS")->capture_default_str();
  command->add_option("--planes", o->planes, "1 to 4 planes (3 for colour)")->capture_default_str()->check(wholeNumber(1, 4));
  command->add_option("--repeat", o->repeat, "timed round trips, at least 1")
      ->capture_default_str()
      ->check(wholeNumber(1, 1000000));
  command
      ->add_option("--path", o->path,
                   "device: the mask and the output samples made on the device, pinned read-back; "
                   "host-mask: a host mask uploaded, float planes read back")
      ->capture_default_str()
      ->check(CLI::IsMember({"device", "host-mask"}));
  command->add_option("--range", o->range, "the device path's output range: clip, offset, stretch or float")
      ->capture_default_str()
      ->check(CLI::IsMember({"clip", "offset", "stretch", "float"}));
  command->add_option("--bit-depth", o->bitDepth, "the device path's samples: 8 or 16 bits")
      ->capture_default_str()
      ->check(CLI::IsMember({8, 16}));
  addDeviceOption(*command, o->device);
  return {command, [o] { return runFilterBench(*o); }};
}

}  // namespace fftscope::cli
