#include "SplitBench.h"

#include "bench/Statistics.h"
#include "engine/multi/FourStepSplit.h"
#include "engine/multi/HostParallel.h"
#include "engine/multi/LinkBandwidth.h"
#include "engine/multi/PinnedStaging.h"
#include "engine/multi/ThesisSplit.h"
#include "engine/multi/ToneSignal.h"
#include "engine/reference/Accuracy.h"
#include "engine/runtime/Plan.h"
#include "io/AtomicWrite.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

namespace fftscope::cli {
namespace {

using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

double secondsOf(const std::function<void()>& work) {
  const auto start = Clock::now();
  work();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

bench::Quartiles timed(int warmup, int repeat, const std::function<void()>& work) {
  for (int i = 0; i < warmup; ++i) work();
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) ms.push_back(1e3 * secondsOf(work));
  return bench::quartiles(ms);
}

ordered_json quartilesJson(const std::optional<bench::Quartiles>& q) {
  if (!q) return nullptr;
  return {{"median", q->median}, {"q1", q->q1}, {"q3", q->q3}};
}

std::vector<std::unique_ptr<cl::DeviceContext>> contextsFor(const std::string& list) {
  std::vector<cl::DeviceInfo> chosen;
  if (list == "all") {
    // Every GPU; every device only where there is none (a CPU platform beside the GPUs would
    // hold the split back to its pace).
    for (const cl::DeviceInfo& d : cl::listDevices())
      if (d.type == "GPU") chosen.push_back(d);
    if (chosen.empty()) chosen = cl::listDevices();
  } else {
    for (std::size_t start = 0; start <= list.size();) {
      const std::size_t comma = std::min(list.find(',', start), list.size());
      chosen.push_back(cl::chooseDevice(list.substr(start, comma - start)));
      start = comma + 1;
    }
  }
  std::vector<std::unique_ptr<cl::DeviceContext>> contexts;
  for (const cl::DeviceInfo& d : chosen) contexts.push_back(std::make_unique<cl::DeviceContext>(d));
  return contexts;
}

// One placement's figures: the split's time, one device's, the model's predictions of both.
struct Placement {
  std::string where;
  double relL2 = 0;
  bool verified = false;
  bool skipped = false;  // the data does not fit one buffer of the first device
  std::optional<bench::Quartiles> splitMs, oneDeviceMs;
  double predictedMs = 0, oneDevicePredictedMs = 0;
  std::string note;
};

// The split's run from the host or from buffers on device 0, and the model's prediction of the
// run just made from its own figures (each device's transform and staging rate) and the links.
template <typename T, typename Split>
struct Runner {
  Split& split;
  std::vector<multi::LinkFigures> links;

  double predictedSeconds(double bytes, bool onDevice) const {
    std::vector<multi::LinkFigures> staged = links;
    const std::vector<double> rates = split.stagingBytesPerSecond();
    for (std::size_t g = 0; g < staged.size(); ++g) staged[g].stagingBytesPerSecond = rates[g];
    if constexpr (std::is_same_v<Split, multi::ThesisSplit<T>>)
      return multi::thesisSplitSeconds(bytes, staged, split.transformSeconds(), onDevice);
    else
      return multi::fourStepSplitSeconds(bytes, staged, split.columnSeconds(), split.rowSeconds(), onDevice);
  }
};

template <typename T, typename Split>
std::vector<Placement> benchSplit(const SplitBenchOptions& o, std::vector<cl::DeviceContext*>& devices, Split& split,
                                  const std::vector<multi::LinkFigures>& links, std::size_t n) {
  using C = std::complex<T>;
  const Precision precision = std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
  const double bytes = double(n) * sizeof(C), gate = l2Gate(precision, n);
  const std::vector<multi::Tone> tones = multi::someTones(n, 4, n);
  std::vector<C> in(n), out(n);
  multi::writeTones<T>(in, tones, Direction::Forward);
  Runner<T, Split> runner{split, links};
  cl::DeviceContext& home = *devices.front();

  // One device, where the transform fits one buffer: its plan, and pinned staging like the split's.
  std::unique_ptr<Plan> single;
  cl::Buffer singleIn, singleOut;
  std::string singleWhy;
  try {
    PlanDescription d = PlanDescription::oneD(n);
    d.precision = precision;
    single = std::make_unique<Plan>(home, d);
    singleIn = home.buffer(n * sizeof(C));
    singleOut = home.buffer(n * sizeof(C));
  } catch (const std::exception& e) {
    single.reset();
    singleWhy = std::string("one device: ") + e.what();
  }
  const unsigned threads = multi::stagingThreads(1);
  multi::PinnedStaging staging(home, std::size_t{32} << 20);
  auto singleTransform = [&] { single->enqueue(singleIn.get(), singleOut.get(), {}, LaunchEvents::Last).wait(); };
  auto singleFromHost = [&] {
    staging.upload(singleIn.get(), n, sizeof(C), 0, [&](void* chunk, std::size_t b, std::size_t e) {
      multi::parallelFor(e - b, threads, [&](std::size_t i, std::size_t j) { std::memcpy(static_cast<C*>(chunk) + i, in.data() + b + i, (j - i) * sizeof(C)); });
    });
    singleTransform();
    staging.download(singleOut.get(), n, sizeof(C), 0, [&](const void* chunk, std::size_t b, std::size_t e) {
      multi::parallelFor(e - b, threads, [&](std::size_t i, std::size_t j) { std::memcpy(out.data() + b + i, static_cast<const C*>(chunk) + i, (j - i) * sizeof(C)); });
    });
  };

  std::vector<Placement> placements;
  for (const std::string where : {"host", "device"}) {
    if (o.placement.find(where) == std::string::npos) continue;
    Placement p;
    p.where = where;
    const bool onDevice = p.where == "device";
    cl::Buffer dataIn, dataOut;
    std::function<void()> run = [&] { split.run(in, out); };
    if (onDevice) {
      try {
        dataIn = home.buffer(n * sizeof(C));
        dataOut = home.buffer(n * sizeof(C));
      } catch (const std::exception& e) {
        p.skipped = true;
        p.note = std::string("the whole transform does not fit one buffer of ") + home.device().name + ": " + e.what();
        placements.push_back(p);
        continue;
      }
      home.write(dataIn.get(), in.data(), n * sizeof(C));
      run = [&] { split.runOnDevice(0, dataIn.get(), dataOut.get()); };
    }
    // Verified first: no wrong result is timed.
    std::fill(out.begin(), out.end(), C{});
    run();
    if (onDevice) home.read(dataOut.get(), out.data(), n * sizeof(C));
    p.relL2 = multi::toneError<T>(out, tones, Direction::Forward);
    p.verified = p.relL2 <= gate;
    if (!p.verified) {
      p.note = "L2 error above the gate " + std::to_string(gate);
      placements.push_back(p);
      continue;
    }
    p.splitMs = timed(o.warmup, o.repeat, run);
    p.predictedMs = 1e3 * runner.predictedSeconds(bytes, onDevice);
    if (single) {
      if (onDevice) home.write(singleIn.get(), in.data(), n * sizeof(C));
      const double planSeconds = secondsOf(singleTransform);
      p.oneDeviceMs = timed(o.warmup, o.repeat, onDevice ? std::function<void()>(singleTransform) : singleFromHost);
      multi::LinkFigures link = links.front();
      link.stagingBytesPerSecond = onDevice ? 0 : staging.hostBytesPerSecond();
      p.oneDevicePredictedMs = 1e3 * multi::oneDeviceSeconds(bytes, link, planSeconds, onDevice);
    } else {
      p.note = singleWhy;
    }
    placements.push_back(p);
  }
  return placements;
}

template <typename T>
ordered_json benchSize(const SplitBenchOptions& o, std::vector<cl::DeviceContext*>& devices,
                       const std::vector<multi::LinkFigures>& links, std::size_t n, bool& allVerified) {
  ordered_json record = {{"split", o.split}, {"points", n}, {"precision", o.precision}, {"devices", devices.size()}};
  std::vector<Placement> placements;
  try {
    if (o.split == "thesis") {
      multi::ThesisSplit<T> split(devices, n, Direction::Forward);
      placements = benchSplit<T>(o, devices, split, links, n);
    } else {
      multi::FourStepSplit<T> split(devices, n, Direction::Forward);
      record["shape"] = std::to_string(split.columnLength()) + "x" + std::to_string(split.rowLength());
      record["pieces"] = split.pieces();
      placements = benchSplit<T>(o, devices, split, links, n);
    }
  } catch (const std::invalid_argument& e) {
    record["refused"] = e.what();
    if (!o.json) std::printf("%-11zu refused: %s\n", n, e.what());
    return record;
  }
  for (const Placement& p : placements) {
    allVerified = allVerified && (p.verified || p.skipped);
    const double speedup = p.splitMs && p.oneDeviceMs ? p.oneDeviceMs->median / p.splitMs->median : NAN;
    record[p.where] = {{"verified", p.verified}, {"rel_l2", p.relL2}, {"split_ms", quartilesJson(p.splitMs)},
                       {"one_device_ms", quartilesJson(p.oneDeviceMs)}, {"speedup", std::isfinite(speedup) ? ordered_json(speedup) : ordered_json(nullptr)},
                       {"predicted_ms", p.predictedMs}, {"one_device_predicted_ms", p.oneDevicePredictedMs}, {"note", p.note}};
    if (o.json) continue;
    auto ms = [](const std::optional<bench::Quartiles>& q) { return q ? std::to_string(q->median).substr(0, 9) : std::string("-"); };
    std::printf("%-11zu %-7s %10s %10.3f %12s %10.3f %8.3f %9.2g %s\n", n, p.where.c_str(), ms(p.splitMs).c_str(),
                p.predictedMs, ms(p.oneDeviceMs).c_str(), p.oneDevicePredictedMs, speedup, p.relL2,
                p.verified || p.skipped ? p.note.c_str() : ("FAILED: " + p.note).c_str());
    std::fflush(stdout);
  }
  return record;
}

}  // namespace

std::vector<std::size_t> parseSplitSizes(const std::string& text) {
  std::vector<std::size_t> sizes;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    const bool power = item.rfind("2^", 0) == 0;
    const char* first = item.data() + (power ? 2 : 0);
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(first, item.data() + item.size(), value);
    const bool whole = error == std::errc{} && end == item.data() + item.size() && end != first;
    if (!whole || (power && value > 34) || (!power && (value < 1 || value > (std::uint64_t{1} << 34))))
      throw std::invalid_argument("a length N or 2^K from 1 to 2^34, not '" + item + "'");
    sizes.push_back(power ? std::size_t{1} << value : std::size_t(value));
    start = comma + 1;
  }
  return sizes;
}

int runSplitBench(const SplitBenchOptions& o) {
  const std::vector<std::size_t> sizes = parseSplitSizes(o.sizes);
  const Precision precision = parsePrecision(o.precision);
  auto contexts = contextsFor(o.devices);
  std::vector<cl::DeviceContext*> devices;
  for (auto& c : contexts) devices.push_back(c.get());
  const std::vector<multi::LinkFigures> links = multi::measureLinks(devices, std::size_t{256} << 20);
  ordered_json report = {{"split", o.split}, {"precision", o.precision}, {"warmup", o.warmup}, {"repeat", o.repeat}};
  for (std::size_t g = 0; g < devices.size(); ++g)
    report["devices"].push_back({{"name", devices[g]->device().name}, {"driver", devices[g]->device().driverVersion},
                                 {"upload_gbs", links[g].uploadBytesPerSecond / 1e9},
                                 {"download_gbs", links[g].downloadBytesPerSecond / 1e9}});
  if (!o.json) {
    std::printf("%s split over %zu device(s), %s, median of %d after %d warm-ups; data verified first\n", o.split.c_str(),
                devices.size(), o.precision.c_str(), o.repeat, o.warmup);
    for (std::size_t g = 0; g < devices.size(); ++g)
      std::printf("  %zu: %s (%s), pinned link %.1f GB/s up, %.1f GB/s down, all devices at once\n", g,
                  devices[g]->device().name.c_str(), devices[g]->device().driverVersion.c_str(),
                  links[g].uploadBytesPerSecond / 1e9, links[g].downloadBytesPerSecond / 1e9);
    std::printf("%-11s %-7s %10s %10s %12s %10s %8s %9s\n", "points", "data on", "split ms", "model ms", "one dev ms",
                "model ms", "speed-up", "L2 error");
  }
  const bool toStdout = o.json && (o.jsonPath.empty() || o.jsonPath == "-");
  bool allVerified = true;
  for (std::size_t n : sizes) {
    report["results"].push_back(precision == Precision::F32 ? benchSize<float>(o, devices, links, n, allVerified)
                                                            : benchSize<double>(o, devices, links, n, allVerified));
    if (o.json && !toStdout) io::writeFileAtomically(o.jsonPath, report.dump(2) + "\n");
  }
  if (toStdout) std::puts(report.dump(2).c_str());
  return allVerified ? 0 : 1;
}

}  // namespace fftscope::cli
