#include "SplitBench.h"

#include "BatchBench.h"
#include "LinkReport.h"
#include "SplitTiming.h"

#include "bench/Statistics.h"
#include "engine/cl/DeviceSet.h"
#include "engine/multi/FourStepSplit.h"
#include "engine/cl/HostThreadPool.h"
#include "engine/multi/HostPipeline.h"
#include "engine/multi/LinkBandwidth.h"
#include "engine/multi/PinnedStaging.h"
#include "engine/multi/ThesisSplit.h"
#include "engine/multi/ToneSignal.h"
#include "engine/reference/Accuracy.h"
#include "engine/runtime/Plan.h"
#include "io/AtomicWrite.h"

#include <nlohmann/json.hpp>

#include <algorithm>
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
// One run's figures at one placement: verified first, then timed, and the model's prediction.
struct Timing {
  bool verified = false;
  bool skipped = false;  // the whole transform does not fit one buffer of the first device
  double relL2 = 0, predictedMs = 0;
  std::optional<bench::Quartiles> ms;
  std::string note;
};

ordered_json timingJson(const Timing& t) {
  return {{"verified", t.verified}, {"rel_l2", t.relL2}, {"ms", quartilesJson(t.ms)}, {"predicted_ms", t.predictedMs},
          {"note", t.note}};
}

// The data of one size: four tones, their input, an output, and the data's place on device 0.
template <typename T>
struct Data {
  std::size_t n;
  std::vector<multi::Tone> tones = multi::someTones(n, 4, n);
  std::vector<std::complex<T>> in = std::vector<std::complex<T>>(n), out = std::vector<std::complex<T>>(n);
  double gate = l2Gate(std::is_same_v<T, float> ? Precision::F32 : Precision::F64, n);
  double bytes() const { return double(n) * sizeof(std::complex<T>); }
};

// A transform from the host (fromHost) or from buffers on `home` (onDevice(in, out)), verified,
// timed, and predicted by `predict(onDevice)` (seconds) from the figures of the run just made.
template <typename T>
Timing measure(const SplitBenchOptions& o, cl::DeviceContext& home, Data<T>& data, bool onDevice,
               const std::function<void()>& fromHost, const std::function<void(cl_mem, cl_mem)>& fromDevice,
               const std::function<double(bool)>& predict) {
  Timing t;
  const std::size_t bytes = data.n * sizeof(std::complex<T>);
  cl::Buffer in, out;
  std::function<void()> run = fromHost;
  if (onDevice) {
    try {
      in = home.buffer(bytes);
      out = home.buffer(bytes);
    } catch (const std::exception& e) {
      t.skipped = true;
      t.note = std::string("the data does not fit one buffer: ") + e.what();
      return t;
    }
    home.write(in.get(), data.in.data(), bytes);
    run = [&] { fromDevice(in.get(), out.get()); };
  }
  std::fill(data.out.begin(), data.out.end(), std::complex<T>{});
  run();
  if (onDevice) home.read(out.get(), data.out.data(), bytes);
  t.relL2 = multi::toneError<T>(data.out, data.tones, Direction::Forward);
  t.verified = t.relL2 <= data.gate;
  if (!t.verified) {
    t.note = "L2 error above the gate " + std::to_string(data.gate);
    return t;
  }
  t.ms = timed(o.warmup, o.repeat, run);
  t.predictedMs = 1e3 * predict(onDevice);
  return t;
}

template <typename T, typename Split>
double predictedSeconds(const Split& split, double bytes, std::vector<multi::LinkFigures> links, bool onDevice) {
  const std::vector<double> rates = split.stagingBytesPerSecond();
  for (std::size_t g = 0; g < links.size(); ++g) links[g].stagingBytesPerSecond = rates[g];
  if constexpr (std::is_same_v<Split, multi::ThesisSplit<T>>)
    return multi::thesisSplitSeconds(bytes, links, split.transformSeconds(), onDevice, 0, split.holderPassSeconds(),
                                     split.shares() == links.size() ? std::optional<double>(double(multi::stagingChunkBytes()))
                                                                    : std::nullopt);
  else
    return multi::fourStepSplitSeconds(bytes, links, split.columnSeconds(), split.rowSeconds(), onDevice);
}

template <typename T, typename Split>
Timing measureSplit(const SplitBenchOptions& o, cl::DeviceContext& home, Data<T>& data, Split& split,
                    const std::vector<multi::LinkFigures>& links, bool onDevice) {
  return measure<T>(
      o, home, data, onDevice, [&] { split.run(data.in, data.out); },
      [&](cl_mem in, cl_mem out) { split.runOnDevice(0, in, out); },
      [&](bool device) { return predictedSeconds<T>(split, data.bytes(), links, device); });
}

// One device: the engine's plan where one takes the length (up to 2^28 points in one buffer),
// through the same pinned staging as the splits; otherwise the four-step split on that device alone.
template <typename T>
Timing measureOneDevice(const SplitBenchOptions& o, cl::DeviceContext& home, Data<T>& data,
                        const multi::LinkFigures& link, bool onDevice, std::string& how) {
  using C = std::complex<T>;
  PlanDescription d = PlanDescription::oneD(data.n);
  d.precision = std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
  std::unique_ptr<Plan> plan;
  cl::Buffer in, out;
  try {
    plan = std::make_unique<Plan>(home, d);
    in = home.buffer(data.n * sizeof(C));
    out = home.buffer(data.n * sizeof(C));
  } catch (const std::invalid_argument&) {
    plan.reset();
  }
  if (!plan) {
    how = "four-step on one device";
    cl::DeviceContext* alone[] = {&home};
    multi::FourStepSplit<T> split(alone, data.n, Direction::Forward);
    return measureSplit<T>(o, home, data, split, {link}, onDevice);
  }
  how = "plan";
  cl::HostThreadPool pool(std::size_t{1});
  multi::PinnedStaging staging(home, std::size_t{32} << 20);
  auto transform = [&](cl_mem a, cl_mem b) { plan->enqueue(a, b, {}, LaunchEvents::Last).wait(); };
  auto fromHost = [&] {
    staging.upload(in.get(), data.n, sizeof(C), 0, [&](void* chunk, std::size_t b, std::size_t e) {
      pool.copy(chunk, data.in.data() + b, (e - b) * sizeof(C));
    });
    transform(in.get(), out.get());
    staging.download(out.get(), data.n, sizeof(C), 0, [&](const void* chunk, std::size_t b, std::size_t e) {
      pool.copy(data.out.data() + b, chunk, (e - b) * sizeof(C));
    });
  };
  auto predict = [&](bool device) {
    const double seconds = planDeviceSeconds(*plan, in.get(), out.get());
    multi::LinkFigures staged = link;
    staged.stagingBytesPerSecond = device ? 0 : staging.hostBytesPerSecond();
    return multi::oneDeviceSeconds(data.bytes(), staged, seconds, device);
  };
  return measure<T>(o, home, data, onDevice, fromHost, transform, predict);
}

template <typename T>
ordered_json benchSize(const SplitBenchOptions& o, std::vector<cl::DeviceContext*>& devices,
                       const std::vector<multi::LinkFigures>& links, std::size_t n, bool& allVerified) {
  ordered_json record = {{"split", o.split}, {"points", n}, {"precision", o.precision}, {"devices", devices.size()}};
  Data<T> data{n};
  multi::writeTones<T>(data.in, data.tones, Direction::Forward);
  cl::DeviceContext& home = *devices.front();
  std::vector<std::string> places;
  for (const char* where : {"host", "device"})
    if (o.placement.find(where) != std::string::npos) places.push_back(where);

  // One device first, its buffers gone before the split takes its own.
  std::vector<Timing> one;
  std::string how;
  for (const std::string& where : places) {
    try {
      one.push_back(measureOneDevice<T>(o, home, data, links.front(), where == "device", how));
    } catch (const std::invalid_argument& e) {
      Timing refused;
      refused.skipped = true;
      refused.note = e.what();
      one.push_back(refused);
    }
  }
  record["one_device"] = how;
  std::vector<Timing> split;
  try {
    if (o.split == "thesis") {
      multi::ThesisSplit<T> s(devices, n, Direction::Forward);
      record["shares"] = s.shares();
      for (const std::string& where : places) split.push_back(measureSplit<T>(o, home, data, s, links, where == "device"));
    } else {
      multi::FourStepSplit<T> s(devices, n, Direction::Forward);
      record["shape"] = std::to_string(s.columnLength()) + "x" + std::to_string(s.rowLength());
      record["pieces"] = s.pieces();
      for (const std::string& where : places) split.push_back(measureSplit<T>(o, home, data, s, links, where == "device"));
    }
  } catch (const std::invalid_argument& e) {
    record["refused"] = e.what();
    if (o.printsTable()) std::printf("%-11zu refused: %s\n", n, e.what());
    return record;
  }
  for (std::size_t i = 0; i < places.size(); ++i) {
    const Timing &s = split[i], &single = one[i];
    allVerified = allVerified && (s.verified || s.skipped) && (single.verified || single.skipped);
    const double speedup = s.ms && single.ms ? single.ms->median / s.ms->median : NAN;
    record[places[i]] = {{"split", timingJson(s)}, {"one_device", timingJson(single)},
                         {"speedup", std::isfinite(speedup) ? ordered_json(speedup) : ordered_json(nullptr)}};
    if (!o.printsTable()) continue;
    auto ms = [](const Timing& t) { return t.ms ? std::to_string(t.ms->median).substr(0, 9) : std::string("-"); };
    const std::string note = s.verified || s.skipped ? s.note : "FAILED: " + s.note;
    std::printf("%-11zu %-7s %10s %10.3f %12s %10.3f %8.3f %9.2g %s\n", n, places[i].c_str(), ms(s).c_str(),
                s.predictedMs, ms(single).c_str(), single.predictedMs, speedup, s.relL2,
                (note + (single.note.empty() ? "" : " (one device: " + single.note + ")")).c_str());
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
    if (!whole || (power && value > 32) || (!power && (value < 1 || value > (std::uint64_t{1} << 32))))
      throw std::invalid_argument("a length N or 2^K from 1 to 2^32, not '" + item + "'");
    sizes.push_back(power ? std::size_t{1} << value : std::size_t(value));
    start = comma + 1;
  }
  return sizes;
}

nlohmann::ordered_json splitBenchHeader(const SplitBenchOptions& o, std::span<cl::DeviceContext* const> devices,
                                        std::span<const multi::LinkFigures> links) {
  ordered_json report = {{"split", o.split}, {"precision", o.precision}, {"warmup", o.warmup}, {"repeat", o.repeat}};
  report["devices"] = linksJson(devices, links);
  if (!o.printsTable()) return report;
  std::printf("%s split over %zu device(s), %s, median of %d after %d warm-ups; data verified first\n", o.split.c_str(),
              devices.size(), o.precision.c_str(), o.repeat, o.warmup);
  printLinks(devices, links);
  return report;
}

int runSplitBench(const SplitBenchOptions& o) {
  if (o.split == "batch" || o.split == "auto") return runBatchBench(o);
  const std::vector<std::size_t> sizes = parseSplitSizes(o.sizes);
  const Precision precision = parsePrecision(o.precision);
  const cl::DeviceSet set(o.devices, o.only);
  std::vector<cl::DeviceContext*> devices(set.devices().begin(), set.devices().end());
  const std::vector<multi::LinkFigures> links = multi::measureLinks(devices, std::size_t{256} << 20);
  ordered_json report = splitBenchHeader(o, devices, links);
  if (o.printsTable()) {
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
