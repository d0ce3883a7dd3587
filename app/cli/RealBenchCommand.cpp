// Real transforms timed beside the complex transform of the same shape, each checked against FFTW
// first: R2C and C2R through RealPlan, and the complex forward plan, all timed the same way as
// `bench` times the engine and its peers (a host clock around back-to-back enqueues). With --peers,
// VkFFT's and clFFT's own real transforms of the same input are checked and timed beside them.
#include "Commands.h"
#include "Options.h"
#include "PlanOptions.h"
#include "bench/HostClock.h"
#include "bench/RealPeerRun.h"
#include "bench/Statistics.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/RealHost.h"
#include "settings/ProcessSettings.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>

namespace fftscope::cli {
namespace {

struct RealBenchOptions {
  std::string size = "4096x4096";
  std::string peers;
  std::size_t batch = 1;
  int repeat = 20;
  PlanOptions plan;
};

constexpr int kEnqueuesPerRound = 10;
constexpr int kWarmups = 3;

PlanDescription shapeOf(const RealBenchOptions& o) {
  const std::size_t x = o.size.find('x');
  auto number = [&](const std::string& text) {
    std::string copy = text;
    if (!wholeNumber(1, std::int64_t{1} << 28)(copy).empty())
      throw std::invalid_argument("--size takes N or ROWSxCOLS (each from 1 to 2^28), not '" + o.size + "'");
    return std::size_t(std::stoull(text));
  };
  PlanDescription d = x == std::string::npos ? PlanDescription::oneD(number(o.size), o.batch)
                                             : PlanDescription::twoD(number(o.size.substr(0, x)), number(o.size.substr(x + 1)), o.batch);
  if (o.plan.inverse) throw std::invalid_argument("bench-real times both directions: leave out --inverse");
  applyPlanOptions(o.plan, d);
  validate(d);
  return d;
}

bench::HostClockRounds roundsOf(const RealBenchOptions& o) { return {kWarmups, o.repeat, kEnqueuesPerRound}; }

// Median and quartiles of one transform's time: rounds of back-to-back enqueues, one finish each
// (which is why the callers' enqueues ask for no events; the peers' ask for none either).
bench::Quartiles timeEnqueues(cl::DeviceContext& context, const RealBenchOptions& o, const std::function<void()>& enqueue) {
  return bench::timeRounds(context, roundsOf(o), [&](int) { enqueue(); });
}

// For the CLI's tests only: FFTSCOPE_BENCH_PLANT_ERROR=NAME[,NAME] makes those peers' first output
// wrong before it is checked, to show how a wrong peer is reported.
bench::AlterRealOutput plantedErrors() {
  if (processSettings().text("FFTSCOPE_BENCH_PLANT_ERROR").empty()) return {};
  return [](std::string_view peer, std::span<double> output) {
    if (!errorPlantedFor(peer) || output.empty()) return;
    double norm = 0;
    for (double v : output) norm += v * v;
    output[0] += 1 + 0.01 * std::sqrt(norm);
  };
}

// One enqueue's kernel time, and each launch's, as the device's profiling counters give them.
struct KernelTimes {
  double ms = 0;
  std::string each;
};
KernelTimes kernelTimes(PendingRun run) {
  KernelTimes times;
  for (const TimingRecord& t : run.timings()) {
    times.ms += t.nanoseconds * 1e-6;
    char line[64];
    std::snprintf(line, sizeof line, "%10.6f  ", t.nanoseconds * 1e-6);
    times.each += "  " + std::string(line) + t.pass.label() + "\n";
  }
  return times;
}

// One transform of the shape: the engine's time and each peer's outcome.
struct PeerRow {
  const char* transform;
  bench::Quartiles engine;
  std::vector<bench::RealPeerOutcome> peers;
};

// A line per transform with the engine's time, each peer's and the ratio; then how each peer's
// output compared with FFTW. A wrong or missing result shows no time.
void printPeerTable(const std::vector<PeerRow>& table) {
  using State = bench::RealPeerOutcome::State;
  std::printf("peers on the same device and input, timed the same way (host ms; peer/engine below 1: the peer is faster)\n");
  std::printf("%-10s %10s", "transform", "engine ms");
  for (const bench::RealPeerOutcome& p : table.front().peers)
    std::printf(" %10s %13s", (p.peer + " ms").c_str(), (p.peer + "/engine").c_str());
  std::printf("\n");
  for (const PeerRow& row : table) {
    std::printf("%-10s %10.6f", row.transform, row.engine.median);
    for (const bench::RealPeerOutcome& p : row.peers) {
      if (p.state == State::Verified) std::printf(" %10.6f %13.2f", p.hostMs.median, p.hostMs.median / row.engine.median);
      else std::printf(" %10s %13s", p.state == State::Wrong ? "WRONG" : "-", "-");
    }
    std::printf("\n");
  }
  for (std::size_t i = 0; i < table.front().peers.size(); ++i)
    for (const PeerRow& row : table) {
      const bench::RealPeerOutcome& p = row.peers[i];
      if (p.state == State::NotRun) {
        std::printf("%s %s: not run: %s\n", p.peer.c_str(), row.transform, p.message.c_str());
      } else if (p.state == State::Wrong) {
        std::printf("%s %s: WRONG, not timed: %s\n", p.peer.c_str(), row.transform, p.message.c_str());
      } else {
        std::printf("%s %s: L2 error vs FFTW %.2e (gate %.2e): verified%s\n", p.peer.c_str(), row.transform, p.relL2,
                    p.gate, p.changesInput ? "; it changes its input, restored before each round" : "");
      }
    }
}

template <typename T>
int runTyped(const RealBenchOptions& o, PlanDescription d, const std::vector<std::string>& peers) {
  cl::DeviceContext context(cl::chooseDevice(o.plan.device));
  checkFitsDevice(d, context.device());
  const bool twoD = d.dimensions == 2;
  RealPlan forward(context, d);
  PlanDescription inverseDescription = d;
  inverseDescription.direction = Direction::Inverse;
  RealPlan inverse(context, inverseDescription);
  Plan complexPlan(context, d);

  // Checked first: the half spectrum against FFTW, and the round trip back to the input.
  std::vector<T> x(d.elements());
  {
    const auto noise = randomComplexF64(x.size(), 11);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = T(noise[i].real());
  }
  const std::vector<std::complex<T>> half = runRealOnDevice<T, std::complex<T>>(context, forward, x);
  // FFTW in double (DESIGN.md's reference for f32 too), for the engine's R2C and the peers'.
  const std::vector<std::complex<double>> reference =
      realForwardFftw(std::vector<double>(x.begin(), x.end()), d.rows, d.cols, d.batch, twoD);
  std::vector<std::complex<long double>> wide(reference.begin(), reference.end());
  const double r2cError = measureError(std::span<const std::complex<T>>(half), wide).relL2;
  const std::vector<T> back = runRealOnDevice<std::complex<T>, T>(context, inverse, half);
  double num = 0, den = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    num += double(back[i] - x[i]) * double(back[i] - x[i]);
    den += double(x[i]) * double(x[i]);
  }
  const double tripError = std::sqrt(num / den);
  const double gate = l2Gate(d.precision, d.points());
  const bool passed = r2cError <= gate && tripError <= roundTripGate(d.precision, d.points());

  cl::Buffer reals = context.buffer(forward.realBytes()), bins = context.buffer(forward.complexBytes());
  cl::Buffer complexIn = context.buffer(d.bytes()), complexOut = context.buffer(d.bytes());
  context.write(reals.get(), x.data(), forward.realBytes());
  context.write(bins.get(), half.data(), forward.complexBytes());
  std::vector<std::complex<T>> complexData(x.begin(), x.end());
  context.write(complexIn.get(), complexData.data(), d.bytes());
  const bench::Quartiles r2c = timeEnqueues(context, o, [&] { forward.enqueue(reals.get(), bins.get(), LaunchEvents::None); });
  const KernelTimes r2cKernels = kernelTimes(forward.enqueue(reals.get(), bins.get()));
  const bench::Quartiles c2r = timeEnqueues(context, o, [&] { inverse.enqueue(bins.get(), reals.get(), LaunchEvents::None); });
  const KernelTimes c2rKernels = kernelTimes(inverse.enqueue(bins.get(), reals.get()));
  const bench::Quartiles c2c =
      timeEnqueues(context, o, [&] { complexPlan.enqueue(complexIn.get(), complexOut.get(), {}, LaunchEvents::None); });
  const KernelTimes c2cKernels = kernelTimes(complexPlan.enqueue(complexIn.get(), complexOut.get()));

  std::printf("real transforms on %s (%s), %s, median of %d rounds of %d enqueues after %d warm-ups\n",
              context.device().name.c_str(), context.device().driverVersion.c_str(), d.summary().c_str(), o.repeat,
              kEnqueuesPerRound, kWarmups);
  std::printf("%-22s %10s %10s %10s %10s %9s\n", "transform", "host ms", "q1 ms", "q3 ms", "kernel ms", "launches");
  auto row = [](const char* name, const bench::Quartiles& q, double kernels, std::size_t launches) {
    std::printf("%-22s %10.6f %10.6f %10.6f %10.6f %9zu\n", name, q.median, q.q1, q.q3, kernels, launches);
  };
  row("R2C", r2c, r2cKernels.ms, forward.passes().size());
  row("C2R", c2r, c2rKernels.ms, inverse.passes().size());
  row("complex, same shape", c2c, c2cKernels.ms, launchCount(complexPlan.passes()));
  std::printf("each launch, kernel ms (one enqueue):\nR2C\n%sC2R\n%scomplex\n%s", r2cKernels.each.c_str(),
              c2rKernels.each.c_str(), c2cKernels.each.c_str());
  std::printf("R2C / complex: %.2f; R2C L2 error vs FFTW %.2e (gate %.2e), C2R(R2C) round trip %.2e: %s\n",
              r2c.median / c2c.median, r2cError, gate, tripError, passed ? "pass" : "FAIL");
  std::fflush(stdout);
  if (peers.empty()) return passed ? 0 : 1;

  // The peers read the engine's input and its half spectrum (written again: the timing above ran
  // C2R into the reals) and write into a buffer of their own. C2R is checked against FFTW's
  // inverse of that half spectrum.
  context.write(reals.get(), x.data(), forward.realBytes());
  context.write(bins.get(), half.data(), forward.complexBytes());
  const std::vector<double> inverseReference = realInverseFftw(
      std::vector<std::complex<double>>(half.begin(), half.end()), d.rows, d.cols, d.batch, twoD);
  const std::span<const double> forwardReference(reinterpret_cast<const double*>(reference.data()),
                                                 2 * reference.size());
  const bench::AlterRealOutput alter = plantedErrors();
  std::vector<PeerRow> table = {{"R2C", r2c, {}}, {"C2R", c2r, {}}};
  for (const std::string& peer : peers) {
    table[0].peers.push_back(bench::runRealPeer(context, d, peer, {reals.get(), complexOut.get(), forwardReference},
                                                roundsOf(o), alter));
    table[1].peers.push_back(bench::runRealPeer(context, inverseDescription, peer,
                                                {bins.get(), complexOut.get(), inverseReference}, roundsOf(o), alter));
  }
  printPeerTable(table);
  return passed ? 0 : 1;
}

}  // namespace

Command addRealBenchCommand(CLI::App& app) {
  CLI::App* command =
      app.add_subcommand("bench-real", "time R2C and C2R beside the complex transform of the same shape, verified first");
  auto o = std::make_shared<RealBenchOptions>();
  command->add_option("--size", o->size, "N (1D) or ROWSxCOLS (2D) reals")->capture_default_str();
  command->add_option("--batch", o->batch, "transforms per case")->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30));
  command->add_option("--repeat", o->repeat, "timed rounds")->check(CLI::Range(1, 100000))->capture_default_str();
  command->add_option("--peers", o->peers, "clfft,vkfft or all: their real transforms, checked and timed alike")
      ->check(parsedBy("LIST", [](const std::string& s) { bench::parseRealPeerList(s); }));
  addPlanOptions(*command, o->plan);
  return {command, [o] {
            const PlanDescription d = shapeOf(*o);
            const std::vector<std::string> peers = bench::parseRealPeerList(o->peers);
            return d.precision == Precision::F32 ? runTyped<float>(*o, d, peers) : runTyped<double>(*o, d, peers);
          }};
}

}  // namespace fftscope::cli
