#include "BatchBench.h"

#include "SplitTiming.h"
#include "engine/cl/DeviceSet.h"
#include "engine/cl/PinnedHostBuffer.h"
#include "engine/multi/BatchSplit.h"
#include "engine/multi/HostPipeline.h"
#include "engine/multi/LinkBandwidth.h"
#include "engine/multi/SplitChoice.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "io/AtomicWrite.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace fftscope::cli {
namespace {

using nlohmann::ordered_json;
template <typename T>
using Complex = std::complex<T>;

struct Measured {
  double relL2 = NAN, predictedMs = NAN;
  std::optional<bench::Quartiles> ms;
  bool verified = false;
  std::vector<double> hostCopyGbs;  // each device's staging copies in the run (HostPipeline.h)
};

ordered_json measuredJson(const Measured& m) {
  return {{"verified", m.verified}, {"rel_l2", std::isfinite(m.relL2) ? ordered_json(m.relL2) : ordered_json(nullptr)},
          {"ms", quartilesJson(m.ms)}, {"predicted_ms", m.predictedMs}, {"host_copy_gbs", m.hostCopyGbs}};
}

// Runs `split` from the host (its pageable memory, or pinned memory where `pinned`) or with each
// share on its device, and times it; out holds the result.
template <typename T>
Measured measureBatch(const SplitBenchOptions& o, multi::BatchSplit<T>& split, std::span<cl::DeviceContext* const> devices,
                      const std::vector<Complex<T>>& in, std::vector<Complex<T>>& out, multi::Placement placement,
                      const std::vector<multi::LinkFigures>& links, const PlanDescription& d, bool pinned = false) {
  Measured m;
  const bool onDevices = placement == multi::Placement::EachDevice;
  std::function<void()> run = [&] { split.run(in, out); };
  cl::PinnedHostBuffer pinnedIn, pinnedOut;
  std::span<Complex<T>> from, to;
  if (pinned) {
    pinnedIn = cl::PinnedHostBuffer(*devices[0], in.size() * sizeof(Complex<T>));
    pinnedOut = cl::PinnedHostBuffer(*devices[0], in.size() * sizeof(Complex<T>));
    from = {static_cast<Complex<T>*>(pinnedIn.data()), in.size()};
    to = {static_cast<Complex<T>*>(pinnedOut.data()), in.size()};
    std::copy(in.begin(), in.end(), from.begin());
    run = [&] { split.run(from, to); };
  }
  std::vector<cl::Buffer> ins, outs;
  std::vector<cl_mem> inRaw, outRaw;
  const std::size_t item = split.itemElements();
  const std::size_t whole = in.size() * sizeof(Complex<T>);
  if (placement == multi::Placement::OneDevice) {
    ins.push_back(devices[0]->buffer(whole));
    outs.push_back(devices[0]->buffer(whole));
    devices[0]->write(ins[0].get(), in.data(), whole);
    run = [&] { split.runOnDevice(0, ins[0].get(), outs[0].get()); };
  }
  if (onDevices) {
    for (std::size_t g = 0; g < devices.size(); ++g) {
      const std::size_t bytes = std::max<std::size_t>(1, split.shares()[g]) * item * sizeof(Complex<T>);
      ins.push_back(devices[g]->buffer(bytes));
      outs.push_back(devices[g]->buffer(bytes));
      inRaw.push_back(ins.back().get());
      outRaw.push_back(outs.back().get());
      if (split.shares()[g] > 0) devices[g]->write(inRaw[g], in.data() + split.firstItem(g) * item, split.shares()[g] * item * sizeof(Complex<T>));
    }
    run = [&] { split.runOnDevices(inRaw, outRaw); };
  }
  run();
  if (pinned) std::copy(to.begin(), to.end(), out.begin());
  if (placement == multi::Placement::OneDevice) devices[0]->read(outs[0].get(), out.data(), whole);
  if (onDevices)
    for (std::size_t g = 0; g < devices.size(); ++g)
      if (split.shares()[g] > 0) devices[g]->read(outRaw[g], out.data() + split.firstItem(g) * item, split.shares()[g] * item * sizeof(Complex<T>));
  m.ms = timed(o.warmup, o.repeat, run);
  // The host's copies count at the rate measured with the links, not this run's.
  const double roundBytes = double(multi::roundItems(d) * item * sizeof(Complex<T>));
  m.predictedMs = 1e3 * multi::batchSplitSeconds(double(whole), links, split.shares(), split.transformSeconds(), placement, 0,
                                                 roundBytes, double(multi::stagingChunkBytes()));
  m.hostCopyGbs = split.stagingBytesPerSecond();
  for (double& rate : m.hostCopyGbs) rate /= 1e9;
  return m;
}

// The first item against FFTW in double.
template <typename T>
double firstItemError(const PlanDescription& d, const std::vector<Complex<T>>& in, const std::vector<Complex<T>>& out) {
  const std::size_t n = d.points();
  std::vector<Complex<double>> x(in.begin(), in.begin() + std::ptrdiff_t(n)), y(n);
  fftwTransform(x.data(), y.data(), d.dimensions == 2 ? d.rows : 1, d.cols, 1, d.dimensions == 2, Direction::Forward);
  std::vector<Complex<long double>> reference(y.begin(), y.end());
  return measureError(std::span<const Complex<T>>(out.data(), n), std::span<const Complex<long double>>(reference)).relL2;
}

template <typename T>
ordered_json benchShape(const SplitBenchOptions& o, std::span<cl::DeviceContext* const> devices,
                        const std::vector<multi::LinkFigures>& links, PlanDescription d, bool& allVerified) {
  d.precision = std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
  const std::string shape = (d.dimensions == 2 ? std::to_string(d.rows) + "x" : std::string()) + std::to_string(d.cols) +
                            "x" + std::to_string(d.batch);
  ordered_json record = {{"split", o.split}, {"shape", shape}, {"devices", devices.size()}};
  std::vector<Complex<T>> in;
  if constexpr (std::is_same_v<T, float>)
    in = randomComplexF32(d.elements(), d.elements());
  else
    in = randomComplexF64(d.elements(), d.elements());
  std::vector<Complex<T>> one(in.size()), out(in.size());
  const double gate = l2Gate(d.precision, d.points());
  std::vector<std::string> places;
  for (const char* where : {"host", "pinned", "device", "first"})
    if (o.placement.find(where) != std::string::npos) places.push_back(where);
  try {
    std::vector<double> weights = multi::BatchSplit<T>::measureWeights(devices, d);
    record["weights"] = weights;
    for (const std::string& where : places) {
      // pinned: on the host, in pinned memory (no host copies: the model counts none); device:
      // each share on its device; first: the whole on the first device. One device holds the
      // whole in both.
      const bool pinned = where == "pinned";
      const std::vector<multi::LinkFigures> placeLinks = pinned ? pinnedHostLinks(devices, links) : links;
      const multi::Placement placement = where == "host" || pinned ? multi::Placement::Host
                                         : where == "device" ? multi::Placement::EachDevice
                                                             : multi::Placement::OneDevice;
      const multi::Placement alonePlacement = where == "host" || pinned ? multi::Placement::Host : multi::Placement::EachDevice;
      Measured single, split;
      double planSeconds = 0;
      {  // one device first, its buffers gone before the split takes its own
        multi::BatchSplit<T> alone(devices.first(1), d);
        multi::LinkFigures link = placeLinks.front();
        link.startSeconds = 0;  // one device alone starts no other
        single = measureBatch<T>(o, alone, devices.first(1), in, one, alonePlacement, {link}, d, pinned);
        planSeconds = alone.transformSeconds().front();
        single.relL2 = firstItemError<T>(d, in, one);
        single.verified = single.relL2 <= gate;
      }
      multi::SplitWork work{double(in.size() * sizeof(Complex<T>)), d.batch, d.dimensions == 1, d.points(), planSeconds, 2,
                            placeLinks, placement, double(multi::roundItems(d) * d.points() * sizeof(Complex<T>))};
      const auto predictions = multi::predictSplits(work);
      const std::string choice = o.split == "auto" ? multi::cheapest(predictions).name : "batch";
      if (choice == "batch") {
        multi::BatchSplit<T> s(devices, d, weights);
        record["shares"] = s.shares();
        split = measureBatch<T>(o, s, devices, in, out, placement, placeLinks, d, pinned);
        split.relL2 = measureError(std::span<const Complex<T>>(out),
                                   std::span<const Complex<long double>>(std::vector<Complex<long double>>(one.begin(), one.end())))
                          .relL2;
        split.verified = single.verified && split.relL2 <= gate;
      } else {
        split = single;  // auto stays on one device
      }
      allVerified = allVerified && single.verified && split.verified;
      const double speedup = split.ms && single.ms ? single.ms->median / split.ms->median : NAN;
      ordered_json model = ordered_json::array();
      for (const auto& p : predictions) model.push_back({{"choice", p.name}, {"predicted_ms", 1e3 * p.seconds}, {"why", p.why}});
      record[where] = {{"choice", choice}, {"split", measuredJson(split)}, {"one_device", measuredJson(single)},
                       {"speedup", std::isfinite(speedup) ? ordered_json(speedup) : ordered_json(nullptr)}, {"model", model},
                       {"why", multi::whyChosen(predictions, work.placement)}};
      if (!o.printsTable()) continue;
      auto ms = [](const Measured& m) { return m.ms ? std::to_string(m.ms->median).substr(0, 9) : std::string("-"); };
      std::printf("%-22s %-7s %-10s %10s %10.3f %12s %10.3f %8.3f %9.2g %s\n", shape.c_str(), where.c_str(), choice.c_str(),
                  ms(split).c_str(), split.predictedMs, ms(single).c_str(), single.predictedMs, speedup, split.relL2,
                  split.verified ? "" : "FAILED: L2 error above the gate");
      std::fflush(stdout);
    }
  } catch (const std::invalid_argument& e) {
    record["refused"] = e.what();
    if (o.printsTable()) std::printf("%-22s refused: %s\n", shape.c_str(), e.what());
  }
  return record;
}

}  // namespace

std::vector<multi::LinkFigures> pinnedHostLinks(std::span<cl::DeviceContext* const> devices,
                                                std::vector<multi::LinkFigures> links) {
  for (std::size_t g = 0; g < links.size() && g < devices.size(); ++g)
    if (devices[g]->context() == devices.front()->context())
      links[g].hostCopyBytesPerSecond = links[g].hostCopyAloneBytesPerSecond = 0;
  return links;
}

std::vector<PlanDescription> parseBatchShapes(const std::string& text) {
  std::vector<PlanDescription> shapes;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    std::vector<std::size_t> sides;
    bool whole = !item.empty();
    for (std::size_t b = 0; whole && b <= item.size();) {
      const std::size_t x = std::min(item.find('x', b), item.size());
      std::size_t value = 0;
      const auto [end, error] = std::from_chars(item.data() + b, item.data() + x, value);
      whole = error == std::errc{} && end == item.data() + x && value > 0;
      sides.push_back(value);
      b = x + 1;
    }
    if (!whole || sides.size() < 2 || sides.size() > 3)
      throw std::invalid_argument("a batch ROWxBATCH or ROWSxCOLSxBATCH, not '" + item + "'");
    shapes.push_back(sides.size() == 2 ? PlanDescription::oneD(sides[0], sides[1])
                                       : PlanDescription::twoD(sides[0], sides[1], sides[2]));
    start = comma + 1;
  }
  return shapes;
}

int runBatchBench(const SplitBenchOptions& o) {
  const std::vector<PlanDescription> shapes = parseBatchShapes(o.sizes);
  const Precision precision = parsePrecision(o.precision);
  const cl::DeviceSet set(o.devices, o.only);
  const std::vector<multi::LinkFigures> links = multi::measureLinks(set.devices(), std::size_t{256} << 20);
  ordered_json report = splitBenchHeader(o, set.devices(), links);
  if (o.printsTable() && o.placement.find("pinned") != std::string::npos)
    for (std::size_t g = 1; g < set.size(); ++g)
      if (set[g].context() != set[0].context())
        std::printf("  device %zu is not in device 0's context: from pinned memory its share is staged\n", g);
  if (o.printsTable())
    std::printf("%-22s %-7s %-10s %10s %10s %12s %10s %8s %9s\n", "shape", "data on", "choice", "split ms", "model ms",
                "one dev ms", "model ms", "speed-up", "L2 error");
  const bool toStdout = o.json && (o.jsonPath.empty() || o.jsonPath == "-");
  bool allVerified = true;
  for (const PlanDescription& d : shapes) {
    report["results"].push_back(precision == Precision::F32 ? benchShape<float>(o, set.devices(), links, d, allVerified)
                                                            : benchShape<double>(o, set.devices(), links, d, allVerified));
    if (o.json && !toStdout) io::writeFileAtomically(o.jsonPath, report.dump(2) + "\n");
  }
  if (toStdout) std::puts(report.dump(2).c_str());
  return allVerified ? 0 : 1;
}

}  // namespace fftscope::cli
