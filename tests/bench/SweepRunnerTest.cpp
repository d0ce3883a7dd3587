// A small sweep on the test device: every variant and peer verified with finite, positive times;
// a planted wrong output flagged and not timed; results reported as they come; cancellation
// honoured between cases. Sizes are small and repeats few, so this stays fast on a CPU device.
#include "../engine/DeviceFixture.h"
#include "bench/SweepRunner.h"

#include <gtest/gtest.h>

#include <cmath>

namespace fftscope::bench {
namespace {

SweepSpec smallSweep() {
  SweepSpec spec;
  spec.variants = parseVariantList("r2,r16,local,auto");
  spec.peers = parsePeerList("fftw,clfft,vkfft");
  spec.shapes = parseSizes("2^4..2^8", 1);
  spec.points = 1 << 10;
  spec.warmup = 1;
  spec.repeat = 3;
  return spec;
}

void expectTimed(const BenchResult& r) {
  SCOPED_TRACE(r.variant + " " + std::to_string(r.cols));
  EXPECT_TRUE(r.verified) << r.error;
  EXPECT_TRUE(r.error.empty());
  EXPECT_LE(r.relL2, r.l2Gate);
  EXPECT_GT(r.l2Gate, 0);
  for (double t : {r.hostMs.q1, r.hostMs.median, r.hostMs.q3}) {
    EXPECT_TRUE(std::isfinite(t));
    EXPECT_GT(t, 0);
  }
  EXPECT_LE(r.hostMs.q1, r.hostMs.median);
  EXPECT_LE(r.hostMs.median, r.hostMs.q3);
  EXPECT_GT(r.gflops, 0);
  EXPECT_GT(r.gbs, 0);
  EXPECT_TRUE(std::isfinite(r.copyFraction));
  EXPECT_EQ(r.batch * r.cols, r.points);
  const bool engine = r.variant != "fftw" && r.variant != "clfft" && r.variant != "vkfft";
  if (engine) {
    EXPECT_GT(r.kernelMs.median, 0);
    EXPECT_TRUE(std::isfinite(r.kernelMs.q3));
    ASSERT_FALSE(r.passes.empty());
    double sum = 0;
    for (const PassTime& p : r.passes) sum += p.medianMs;
    EXPECT_GT(sum, 0);
  } else {
    EXPECT_TRUE(std::isnan(r.kernelMs.median));  // peers give no profiling events
    EXPECT_TRUE(r.passes.empty());
  }
}

TEST(SweepRunner, SmallSweepVerifiesAndTimesEveryVariantAndPeer) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  std::vector<std::string> seen;
  std::size_t progressCalls = 0, lastTotal = 0;
  SweepCallbacks callbacks;
  callbacks.result = [&](const BenchResult& r) { seen.push_back(r.variant); };
  callbacks.progress = [&](const SweepProgress& p) {
    EXPECT_EQ(p.done, progressCalls++);  // before each case, in order
    lastTotal = p.total;
  };
  const BenchReport report = runSweep(*context, smallSweep(), callbacks);
  ASSERT_EQ(report.results.size(), 5u * 7u);
  EXPECT_FALSE(report.cancelled);
  EXPECT_EQ(seen.size(), report.results.size());
  EXPECT_EQ(progressCalls, report.results.size());
  EXPECT_EQ(lastTotal, report.results.size());
  for (const BenchResult& r : report.results) {
    expectTimed(r);
    EXPECT_EQ(r.device, context->device().name);
    EXPECT_EQ(r.date.size(), 20u);  // 2026-11-23T08:30:44Z
    EXPECT_GT(r.copyGbs, 0);
  }
  EXPECT_EQ(report.results.front().variant, "r2");
  EXPECT_EQ(report.results.back().variant, "vkfft");
}

TEST(SweepRunner, PlantedWrongOutputIsFlaggedAndNotTimed) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  SweepSpec spec = smallSweep();
  spec.shapes = parseSizes("64", 1);
  spec.variants = parseVariantList("r2,r16");
  spec.peers = parsePeerList("clfft");
  SweepCallbacks callbacks;
  callbacks.alterOutput = [](std::string_view name, std::span<std::complex<double>> output) {
    if (name == "r16" || name == "clfft") output[3] += 0.25;
  };
  const BenchReport report = runSweep(*context, spec, callbacks);
  ASSERT_EQ(report.results.size(), 3u);
  expectTimed(report.results[0]);
  for (const BenchResult* r : {&report.results[1], &report.results[2]}) {
    SCOPED_TRACE(r->variant);
    EXPECT_FALSE(r->verified);
    EXPECT_GT(r->relL2, r->l2Gate);
    EXPECT_NE(r->error.find("differs from FFTW"), std::string::npos) << r->error;
    EXPECT_TRUE(std::isnan(r->hostMs.median));
    EXPECT_TRUE(std::isnan(r->kernelMs.median));
    EXPECT_TRUE(std::isnan(r->gflops));
    EXPECT_TRUE(r->passes.empty());
  }
}

TEST(SweepRunner, FailureInsideACaseIsARecordNotAnAbort) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  SweepSpec spec = smallSweep();
  spec.shapes = parseSizes("64", 1);
  spec.variants = parseVariantList("r2");
  spec.peers = {};
  spec.precision = context->device().fp64 ? Precision::F64 : Precision::F32;
  SweepCallbacks callbacks;
  // An exception inside a case (here from the test hook) is recorded with its message.
  callbacks.alterOutput = [](std::string_view, std::span<std::complex<double>>) {
    throw std::runtime_error("device said no");
  };
  const BenchReport report = runSweep(*context, spec, callbacks);
  ASSERT_EQ(report.results.size(), 1u);
  EXPECT_FALSE(report.results[0].verified);
  EXPECT_EQ(report.results[0].error, "device said no");
  EXPECT_TRUE(std::isnan(report.results[0].hostMs.median));
}

TEST(SweepRunner, CancellationStopsBetweenCases) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  std::atomic<bool> cancel{false};
  SweepCallbacks callbacks;
  callbacks.result = [&](const BenchResult&) { cancel = true; };  // cancel once the first case ends
  const BenchReport report = runSweep(*context, smallSweep(), callbacks, &cancel);
  EXPECT_EQ(report.results.size(), 1u);
  EXPECT_TRUE(report.cancelled);
  expectTimed(report.results[0]);
}

TEST(SweepRunner, RefusesZeroRepeatsBeforeAnyWork) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  SweepSpec spec = smallSweep();
  spec.repeat = 0;
  EXPECT_THROW(runSweep(*context, spec), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::bench
