// Real transforms timed beside the complex transform of the same shape, each checked against FFTW
// first: R2C and C2R through RealPlan, and the complex forward plan, all timed the same way as
// `bench` times the engine and its peers (a host clock around back-to-back enqueues).
#include "Commands.h"
#include "Options.h"
#include "PlanOptions.h"
#include "bench/Statistics.h"
#include "engine/Accuracy.h"
#include "engine/FftwReference.h"
#include "engine/RealHost.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>

namespace fftscope::cli {
namespace {

struct RealBenchOptions {
  std::string size = "4096x4096";
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

// Median and quartiles of one transform's time: rounds of back-to-back enqueues, one finish each.
bench::Quartiles timeEnqueues(cl::DeviceContext& context, int repeat, const std::function<void()>& enqueue) {
  for (int i = 0; i < kWarmups; ++i) enqueue();
  context.finish();
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kEnqueuesPerRound; ++i) enqueue();
    context.finish();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() /
                 kEnqueuesPerRound);
  }
  return bench::quartiles(ms);
}

double kernelMs(PendingRun run) {
  std::uint64_t ns = 0;
  for (const TimingRecord& t : run.timings()) ns += t.nanoseconds;
  return ns * 1e-6;
}

template <typename T>
int runTyped(const RealBenchOptions& o, PlanDescription d) {
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
  const std::vector<std::complex<T>> reference = realForwardFftw(x, d.rows, d.cols, d.batch, twoD);
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
  const bench::Quartiles r2c = timeEnqueues(context, o.repeat, [&] { forward.enqueue(reals.get(), bins.get()); });
  const double r2cKernels = kernelMs(forward.enqueue(reals.get(), bins.get()));
  const bench::Quartiles c2r = timeEnqueues(context, o.repeat, [&] { inverse.enqueue(bins.get(), reals.get()); });
  const double c2rKernels = kernelMs(inverse.enqueue(bins.get(), reals.get()));
  const bench::Quartiles c2c =
      timeEnqueues(context, o.repeat, [&] { complexPlan.enqueue(complexIn.get(), complexOut.get()); });
  const double c2cKernels = kernelMs(complexPlan.enqueue(complexIn.get(), complexOut.get()));

  std::printf("real transforms on %s (%s), %s, median of %d rounds of %d enqueues after %d warm-ups\n",
              context.device().name.c_str(), context.device().driverVersion.c_str(), d.summary().c_str(), o.repeat,
              kEnqueuesPerRound, kWarmups);
  std::printf("%-22s %10s %10s %10s %10s %9s\n", "transform", "host ms", "q1 ms", "q3 ms", "kernel ms", "launches");
  auto row = [](const char* name, const bench::Quartiles& q, double kernels, std::size_t launches) {
    std::printf("%-22s %10.6f %10.6f %10.6f %10.6f %9zu\n", name, q.median, q.q1, q.q3, kernels, launches);
  };
  row("R2C", r2c, r2cKernels, forward.passes().size());
  row("C2R", c2r, c2rKernels, inverse.passes().size());
  row("complex, same shape", c2c, c2cKernels, complexPlan.passes().size());
  std::printf("R2C / complex: %.2f; R2C L2 error vs FFTW %.2e (gate %.2e), C2R(R2C) round trip %.2e: %s\n",
              r2c.median / c2c.median, r2cError, gate, tripError, passed ? "pass" : "FAIL");
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
  addPlanOptions(*command, o->plan);
  return {command, [o] {
            const PlanDescription d = shapeOf(*o);
            return d.precision == Precision::F32 ? runTyped<float>(*o, d) : runTyped<double>(*o, d);
          }};
}

}  // namespace fftscope::cli
