// Images filtered over several devices against one device, timed with a host clock around all of
// them: the engine's part of `fftscope filter IN... --output-dir DIR --devices LIST` (each image
// whole on one device, the devices taking the next as each comes free: --spread files) and of
// `fftscope filter IN -o OUT --devices LIST` (each image's planes spread: --spread planes); the
// files' decoding and encoding are left out. The same host pipeline with the engine's FFT
// (FilterPipeline.h on OpenClFftBackend) that those commands run. Before timing, each distinct
// image's output on one device and on all is checked against FFTW's.
#include "Commands.h"
#include "Options.h"
#include "PlanOptions.h"
#include "bench/Statistics.h"
#include "engine/cl/DeviceSet.h"
#include "engine/cl/Devices.h"
#include "engine/multi/SpreadItems.h"
#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/OpenClFftBackend.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <span>

namespace fftscope::cli {
namespace {

using namespace imaging;

struct ImagesBenchOptions {
  std::string size = "1024x1024", devices = "all", only, spread = "files", json;
  std::size_t images = 8, planes = 3;
  int repeat = 3;
};

// Distinct inputs the images cycle through: enough that no device always sees the same one.
constexpr std::size_t kDistinct = 3;
// The largest difference from FFTW's output allowed, as a fraction of the largest |sample|.
constexpr double kGate = 1e-4;

std::pair<int, int> parseSize(const std::string& text) {
  const std::size_t x = text.find('x');
  std::string rows = text.substr(0, x), cols = x == std::string::npos ? "" : text.substr(x + 1);
  if (x == std::string::npos || !wholeNumber(1, 1 << 15)(rows).empty() || !wholeNumber(1, 1 << 15)(cols).empty())
    throw std::invalid_argument("--size takes ROWSxCOLS with each side from 1 to 32768, e.g. 1024x1024, not '" + text + "'");
  return {std::stoi(rows), std::stoi(cols)};
}

Image randomImage(int rows, int cols, int channels, unsigned seed) {
  Image image{cols, rows, channels, 8, std::vector<float>(std::size_t(rows) * cols * channels), {}};
  std::mt19937 random(seed);
  for (float& v : image.data) v = float(random() % 256);
  return image;
}

FilterSpec lowPass() {
  FilterSpec spec;
  spec.base.kind = FilterKind::LowPass;
  spec.base.cutoff = 0.1;
  return spec;
}

// One image through the pipeline, its planes over `ffts` (one device: the image whole on it).
FilteredSamples filterOver(const Image& image, const FilterSpec& spec, std::span<FftBackend* const> ffts) {
  const SpectralImage analysed = analyseImage(image, PadMode::None, ChannelMode::PerChannel, ffts);
  const Mask mask = buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, spec);
  return synthesiseSamples(analysed, mask, ffts);
}

// Every image over `ffts` as --spread says; each output goes to `seen(i, samples)`. Returns the
// images (files) or planes (planes) each device took.
template <typename Seen>
std::vector<std::size_t> filterAll(const ImagesBenchOptions& o, const std::vector<Image>& inputs, const FilterSpec& spec,
                                   std::span<FftBackend* const> ffts, const Seen& seen) {
  if (o.spread == "files") {
    const multi::SpreadOutcome outcome = multi::spreadItems(o.images, ffts.size(), [&](std::size_t i, std::size_t d) {
      seen(i, filterOver(inputs[i % inputs.size()], spec, ffts.subspan(d, 1)));
    });
    return outcome.itemsPerDevice;
  }
  for (std::size_t i = 0; i < o.images; ++i) seen(i, filterOver(inputs[i % inputs.size()], spec, ffts));
  return {};
}

double largestDifference(const std::vector<float>& a, const std::vector<float>& b) {
  double most = 0;
  for (std::size_t i = 0; i < a.size(); ++i) most = std::max(most, double(std::abs(a[i] - b[i])));
  return most;
}

double largestMagnitude(const std::vector<float>& a) {
  double most = 0;
  for (float v : a) most = std::max(most, double(std::abs(v)));
  return most;
}

double secondsOf(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int runImagesBench(const ImagesBenchOptions& o) {
  const auto [rows, cols] = parseSize(o.size);
  const std::vector<cl::DeviceInfo> chosen = cl::selectDevices(o.devices, cl::listDevices(), o.only);
  std::vector<std::unique_ptr<OpenClFftBackend>> engines;
  std::vector<FftBackend*> ffts;
  for (const cl::DeviceInfo& device : chosen) {
    engines.push_back(std::make_unique<OpenClFftBackend>(device));
    engines.back()->prepare(rows, cols);  // refused here, before anything is timed, where it does not fit
    ffts.push_back(engines.back().get());
  }
  const FilterSpec spec = lowPass();
  std::vector<Image> inputs;
  for (std::size_t k = 0; k < std::min(kDistinct, o.images); ++k)
    inputs.push_back(randomImage(rows, cols, int(o.planes), unsigned(38 + k)));
  std::printf("%zu %dx%d %s images, %s spread over %zu devices:\n", o.images, rows, cols,
              o.planes == 3 ? "colour" : "grey", o.spread.c_str(), ffts.size());
  for (std::size_t d = 0; d < chosen.size(); ++d) std::printf("  %zu: %s\n", d, chosen[d].name.c_str());

  // Each distinct input's output on one device and on all against FFTW's.
  FftwBackend fftw;
  FftBackend* const host[] = {&fftw};
  std::vector<std::vector<float>> reference;
  for (const Image& input : inputs) reference.push_back(filterOver(input, spec, host).image.data);
  double worst = 0;
  std::mutex checking;
  const auto checked = [&](std::size_t i, const FilteredSamples& samples) {
    const std::vector<float>& want = reference[i % reference.size()];
    const double difference = largestDifference(samples.image.data, want) / std::max(1.0, largestMagnitude(want));
    std::lock_guard lock(checking);
    worst = std::max(worst, difference);
  };
  ImagesBenchOptions once = o;
  once.images = inputs.size();
  filterAll(once, inputs, spec, std::span(ffts).first(1), checked);
  filterAll(once, inputs, spec, ffts, checked);
  std::printf("  check: largest difference from FFTW %.3g of the largest sample (gate %.0e), one device and all\n",
              worst, kGate);
  if (!(worst <= kGate)) {
    std::fprintf(stderr, "bench-images: an output differs from FFTW's by more than the gate\n");
    return 1;
  }

  const auto discard = [](std::size_t, const FilteredSamples&) {};
  std::vector<double> one, all;
  std::vector<std::size_t> shares;
  for (int r = 0; r < o.repeat; ++r) {
    one.push_back(secondsOf([&] { filterAll(o, inputs, spec, std::span(ffts).first(1), discard); }));
    all.push_back(secondsOf([&] { shares = filterAll(o, inputs, spec, ffts, discard); }));
  }
  const double oneMedian = bench::quartiles(one).median, allMedian = bench::quartiles(all).median;
  std::printf("  one device: median %.3f s (%.2f images/s)\n", oneMedian, double(o.images) / oneMedian);
  std::printf("  %zu devices: median %.3f s (%.2f images/s), %.2fx one device\n", ffts.size(), allMedian,
              double(o.images) / allMedian, oneMedian / allMedian);
  if (!shares.empty()) {
    std::printf("  images a device in the last run:");
    for (std::size_t d = 0; d < shares.size(); ++d) std::printf(" %zu: %zu", d, shares[d]);
    std::printf("\n");
  }
  if (!o.json.empty()) {
    nlohmann::json report{{"images", o.images}, {"rows", rows}, {"cols", cols}, {"planes", o.planes},
                          {"spread", o.spread}, {"devices", ffts.size()}, {"one_device_s", one},
                          {"all_devices_s", all}, {"speedup", oneMedian / allMedian}, {"images_a_device", shares},
                          {"largest_difference", worst}};
    for (const cl::DeviceInfo& device : chosen) report["device_names"].push_back(device.name);
    std::ofstream(o.json) << report.dump(2) << "\n";
  }
  return 0;
}

}  // namespace

Command addImagesBenchCommand(CLI::App& app) {
  CLI::App* command = app.add_subcommand(
      "bench-images", "images filtered over several devices against one: fftscope filter's batch and colour planes");
  auto o = std::make_shared<ImagesBenchOptions>();
  command->add_option("--size", o->size, "ROWSxCOLS of each image")->capture_default_str();
  command->add_option("--images", o->images, "images filtered a run")->capture_default_str()->check(wholeNumber(1, 100000));
  command->add_option("--planes", o->planes, "1 (grey) or 3 (colour)")->capture_default_str()->check(CLI::IsMember({1, 3}));
  command
      ->add_option("--spread", o->spread,
                   "files: each image whole on one device, the next to the device that comes free; "
                   "planes: each image's planes over the devices")
      ->capture_default_str()
      ->check(CLI::IsMember({"files", "planes"}));
  command->add_option("--devices", o->devices, "all (every GPU, else every device; those --device names), or a list as --device takes them, comma-separated; I/N splits device I in N")
      ->capture_default_str();
  command->add_option("--repeat", o->repeat, "timed runs of each")->capture_default_str()->check(wholeNumber(1, 1000));
  command->add_option("--json", o->json, "write the figures to this file");
  addDeviceOption(*command, o->only);
  return {command, [o] { return runImagesBench(*o); }};
}

}  // namespace fftscope::cli
