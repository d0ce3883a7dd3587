// fftscope-cli bench: a thin client of core/bench. Options become a SweepSpec; the runner
// reports each result as it is measured (a table row on stdout, unless the JSON goes there);
// results are written as JSON and CSV when asked, each file whole or not at all, after each case.
#include "Commands.h"
#include "PlanOptions.h"
#include "PlanPicker.h"
#include "BatchBench.h"
#include "SplitBench.h"
#include "bench/ResultCsv.h"
#include "io/AtomicWrite.h"
#include "bench/ResultJson.h"
#include "bench/Shard.h"
#include "bench/SweepRunner.h"
#include "settings/ProcessSettings.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

namespace fftscope::cli {
namespace {

struct BenchOptions {
  std::string variants = "all", sizes, dims = "1d", peers, precision = "f32", twiddle, transpose, device;
  std::size_t batch = 0, points = 0;
  int warmup = 3, repeat = 20;
  double peerTimeout = 300;
  CLI::Option* json = nullptr;
  std::string jsonPath, csvPath, shard;
  PlanChoiceOptions choice;
  SplitBenchOptions split;  // with --split: one huge transform over several devices
};

bench::SweepSpec sweepOf(const BenchOptions& o, bool gpu) {
  bench::SweepSpec spec;
  bench::VariantChoice defaults;
  if (!o.twiddle.empty()) defaults.twiddle = parseTwiddleMode(o.twiddle);
  if (!o.transpose.empty()) defaults.transpose = parseTransposeMode(o.transpose);
  spec.variants = bench::parseVariantList(o.variants, defaults);
  spec.peers = bench::parsePeerList(o.peers);
  spec.precision = parsePrecision(o.precision);
  const std::string sizes =
      !o.sizes.empty() ? o.sizes : gpu ? "256,1024,4096,16384,1048576,1024x1024,4096x4096" : "256,4096,65536,512x512";
  spec.shapes = bench::parseSizes(sizes, o.dims == "2d" ? 2 : 1);
  spec.batch = o.batch;
  spec.points = o.batch ? 0 : o.points ? o.points : gpu ? std::size_t{1} << 24 : std::size_t{1} << 20;
  spec.warmup = o.warmup;
  spec.repeat = o.repeat;
  return spec;
}

std::string shapeText(const bench::BenchResult& r) {
  return r.dims == 2 ? std::to_string(r.rows) + "x" + std::to_string(r.cols) : std::to_string(r.cols);
}

void printRow(const bench::BenchResult& r) {
  const std::string shape = shapeText(r);
  if (!r.verified) {
    std::printf("%-14s %-12s %8zu  FAILED: %s\n", r.variant.c_str(), shape.c_str(), r.batch, r.error.c_str());
  } else {
    auto ms = [](double v) { return std::isfinite(v) ? std::to_string(v).substr(0, 9) : std::string("-"); };
    std::printf("%-14s %-12s %8zu %9s %9s %9s %9s %9.1f %9.1f %6.1f%% %6zu %9.2g\n", r.variant.c_str(), shape.c_str(),
                r.batch, ms(r.hostMs.median).c_str(), ms(r.hostMs.q1).c_str(), ms(r.hostMs.q3).c_str(),
                ms(r.kernelMs.median).c_str(), r.gflops, r.gbs, 100 * r.copyFraction, r.passes.size(), r.relL2);
  }
  std::fflush(stdout);
}

int runBench(const BenchOptions& o) {
  if (!o.split.split.empty()) {
    SplitBenchOptions split = o.split;
    if (!o.sizes.empty()) split.sizes = o.sizes;
    split.precision = o.precision;
    split.warmup = o.warmup;
    split.repeat = o.repeat;
    split.json = o.json->count() > 0;
    split.jsonPath = o.jsonPath;
    split.only = o.device;
    return runSplitBench(split);
  }
  const bool jsonToStdout = o.json->count() > 0 && (o.jsonPath.empty() || o.jsonPath == "-");
  cl::DeviceContext context(cl::chooseDevice(o.device));
  bench::SweepSpec spec = sweepOf(o, context.device().type == "GPU");
  bench::validate(spec);
  const std::size_t allShapes = spec.shapes.size();
  if (!o.shard.empty()) {
    // This process's share of the shapes; the shares' files merge with `bench-merge`.
    spec.shapes = bench::takeShare(spec.shapes, bench::parseShard(o.shard));
    if (spec.shapes.empty()) {
      const bench::BenchReport none;
      if (o.json->count() > 0 && (o.jsonPath.empty() || o.jsonPath == "-")) std::fputs(bench::toJson(none).c_str(), stdout);
      else if (o.json->count() > 0) io::writeFileAtomically(o.jsonPath, bench::toJson(none));
      if (!o.csvPath.empty()) io::writeFileAtomically(o.csvPath, bench::toCsv(none));
      std::fprintf(stderr, "share %s holds none of the %zu shapes\n", o.shard.c_str(), allShapes);
      return 0;
    }
  }

  bench::SweepCallbacks callbacks;
  plantErrorsFromSettings(callbacks);
  PlanPicker picker(o.choice, context, false);
  callbacks.autoPasses = picker.chooser();
  // Each peer case runs in a child process of this program, where a crash or a hang of the peer
  // fails that case only.
  callbacks.peers.helper = std::filesystem::read_symlink("/proc/self/exe").string();
  callbacks.peers.limitSeconds = o.peerTimeout;
  if (!jsonToStdout) {
    std::printf("bench on %s (%s), %s, median of %d after %d warm-ups\n%-14s %-12s %8s %9s %9s %9s %9s %9s %9s %7s %6s %9s\n",
                context.device().name.c_str(), context.device().driverVersion.c_str(),
                std::string(toString(spec.precision)).c_str(), spec.repeat, spec.warmup, "variant", "shape", "batch",
                "host ms", "q1 ms", "q3 ms", "kernel ms", "GFLOP/s", "GB/s", "copy", "passes", "L2 error");
    callbacks.result = printRow;
  } else {
    // Only JSON on stdout: failed cases are said on stderr as they happen.
    callbacks.result = [](const bench::BenchResult& r) {
      if (!r.verified) std::fprintf(stderr, "%s %s: %s\n", r.variant.c_str(), shapeText(r).c_str(), r.error.c_str());
    };
  }
  // The files are rewritten after each case, so that a crash or a kill loses at most the case
  // that was running (written as cancelled until the sweep ends).
  const bool toFiles = (o.json->count() > 0 && !jsonToStdout) || !o.csvPath.empty();
  bench::BenchReport sofar;
  sofar.cancelled = true;
  auto writeFiles = [&](const bench::BenchReport& report) {
    if (o.json->count() > 0 && !jsonToStdout) io::writeFileAtomically(o.jsonPath, bench::toJson(report));
    if (!o.csvPath.empty()) io::writeFileAtomically(o.csvPath, bench::toCsv(report));
  };
  if (toFiles)
    callbacks.result = [&, show = callbacks.result](const bench::BenchResult& r) {
      show(r);
      sofar.results.push_back(r);
      writeFiles(sofar);
    };
  const bench::BenchReport report = bench::runSweep(context, spec, callbacks);
  if (!report.results.empty() && !jsonToStdout)
    std::printf("copy ceiling %.1f GB/s (best of clEnqueueCopyBuffer and a vectorised copy kernel)\n",
                report.results.front().copyGbs);
  if (jsonToStdout) std::fputs(bench::toJson(report).c_str(), stdout);
  writeFiles(report);
  return 0;
}

}  // namespace

bool errorPlantedFor(std::string_view name) {
  const std::string& names = processSettings().text("FFTSCOPE_BENCH_PLANT_ERROR");
  return !names.empty() && ("," + names + ",").find("," + std::string(name) + ",") != std::string::npos;
}

void plantErrorsFromSettings(bench::SweepCallbacks& callbacks) {
  if (processSettings().text("FFTSCOPE_BENCH_PLANT_ERROR").empty()) return;
  callbacks.alterOutput = [](std::string_view name, std::span<std::complex<double>> output) {
    if (errorPlantedFor(name) && !output.empty()) output[0] += 1.0;
  };
}

Command addBenchCommand(CLI::App& app) {
  CLI::App* command =
      app.add_subcommand("bench", "time each variant and peer, verified against FFTW first, against copy bandwidth");
  auto o = std::make_shared<BenchOptions>();
  const auto maxSide = static_cast<std::int64_t>(bench::kMaxSide);
  command->add_option("--variants,--variant", o->variants, "names like r2, r16/native, auto/padded, comma-separated, or all")
      ->capture_default_str()
      ->check(parsedBy("LIST", [](const std::string& s) { bench::parseVariantList(s); }));
  command->add_option("--sizes", o->sizes, "e.g. 2^8..2^24 (powers of two, inclusive) or 256,4096x4096")
      ->check(parsedBy("SIZES", [](const std::string& s) {
        // --split takes lengths past a sweep's largest side (up to 2^32).
        try {
          bench::parseSizes(s, 1);
        } catch (const std::invalid_argument& sweep) {
          try {
            parseSplitSizes(s);
          } catch (const std::invalid_argument&) {
            try {
              parseBatchShapes(s);  // --split batch's ROWxBATCH and ROWSxCOLSxBATCH
            } catch (const std::invalid_argument&) {
              throw sweep;  // the sweep's message, which says what a sweep takes
            }
          }
        }
      }));
  command->add_option("--dims", o->dims, "1d: plain sizes are lengths; 2d: plain sizes are square sides")
      ->capture_default_str()
      ->check(CLI::IsMember({"1d", "2d"}));
  auto* batch = command->add_option("--batch", o->batch, "transforms per case")->check(wholeNumber(1, maxSide));
  command->add_option("--points,--batch-points", o->points, "points per case: batch = points / size (default 2^24 on a GPU, 2^20 otherwise)")
      ->check(wholeNumber(1, std::int64_t{1} << 36))
      ->excludes(batch);
  command->add_option("--precision", o->precision, "f32 or f64")
      ->capture_default_str()
      ->check(parsedBy("PRECISION", [](const std::string& s) { parsePrecision(s); }));
  command->add_option("--twiddle", o->twiddle, "the twiddle of variants that name none")
      ->check(parsedBy("TWIDDLE", [](const std::string& s) { parseTwiddleMode(s); }));
  command->add_option("--transpose", o->transpose, "the transpose of 2D variants that name none")
      ->check(parsedBy("TRANSPOSE", [](const std::string& s) { parseTransposeMode(s); }));
  command->add_option("--peers", o->peers, "clfft,vkfft,fftw or all")
      ->check(parsedBy("LIST", [](const std::string& s) { bench::parsePeerList(s); }));
  command->add_option("--peer-timeout", o->peerTimeout, "seconds a peer case may run (in a process of its own) before it is stopped and failed")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 86400.0));
  command->add_option("--warmup", o->warmup, "enqueues before timing")->capture_default_str()->check(wholeNumber(0, 10000));
  command->add_option("--repeat", o->repeat, "timed repetitions, at least 1")
      ->capture_default_str()
      ->check(wholeNumber(1, 1000000));
  addDeviceOption(*command, o->device);
  command->add_option("--split", o->split.split, "time a transform split over --devices: one huge 1D transform (thesis or four-step; --sizes "
                                                 "are lengths up to 2^32), a batch (batch; --sizes ROWxBATCH or ROWSxCOLSxBATCH), or the "
                                                 "cost model's choice for a batch (auto); --repeat and --warmup apply")
      ->check(CLI::IsMember({"thesis", "four-step", "batch", "auto"}));
  command->add_option("--devices", o->split.devices, "with --split: all (every GPU, else every device; those --device names where given), or devices as --device takes them, comma-separated")
      ->capture_default_str();
  command->add_option("--placement", o->split.placement,
                      "with --split: where the data starts and ends, comma-separated: host, device (the huge splits: "
                      "the first device; batch: each share on its device), first (batch: the whole on the first device), "
                      "pinned (batch: the host's data in pinned memory)")
      ->capture_default_str()
      ->check(parsedBy("PLACES", [](const std::string& s) {
        for (std::size_t start = 0; start <= s.size();) {
          const std::size_t comma = std::min(s.find(',', start), s.size());
          const std::string item = s.substr(start, comma - start);
          if (item != "host" && item != "device" && item != "first" && item != "pinned")
            throw std::invalid_argument("host, device, first or pinned, comma-separated, not '" + item + "'");
          start = comma + 1;
        }
      }));
  o->json = command->add_option("--json", o->jsonPath, "write JSON to FILE, or to stdout (only JSON) when no FILE")
                ->expected(0, 1);
  command->add_option("--csv", o->csvPath, "write CSV to FILE");
  command->add_option("--shard", o->shard, "K/M: only share K of M of the sizes (contiguous, in order), for M processes "
                                           "on many machines; `bench-merge` joins their JSON files")
      ->check(parsedBy("K/M", [](const std::string& s) { bench::parseShard(s); }));
  addPlanChoiceOptions(*command, o->choice, "the auto variant");
  return {command, [o] { return runBench(*o); }};
}

}  // namespace fftscope::cli
