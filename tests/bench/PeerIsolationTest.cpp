// Peer cases in child processes (fftscope-cli's hidden peer-case command): a child that crashes,
// hangs past its limit or prints something other than a result fails that case with a message
// naming the peer, the shape and what happened, and the sweep goes on to measure the others; a
// well-behaved child gives the same verified result as the peer run in this process. The child
// runner itself is checked on plain programs.
#include "../engine/DeviceFixture.h"
#include "bench/ChildProcess.h"
#include "bench/PeerCaseCommand.h"
#include "bench/SweepRunner.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

namespace fftscope::bench {
namespace {

using namespace std::chrono_literals;

SweepSpec peerSweep() {
  SweepSpec spec;
  spec.variants = parseVariantList("r4");
  spec.peers = parsePeerList("fftw,clfft");
  spec.shapes = parseSizes("2^4..2^5", 1);
  spec.points = 1 << 8;
  spec.warmup = 1;
  spec.repeat = 3;
  return spec;
}

// Runs the sweep with clfft's children doing `simulate` (nothing when empty).
BenchReport sweepWith(cl::DeviceContext& context, const std::string& simulate, double limitSeconds) {
  SweepCallbacks callbacks;
  callbacks.peers.helper = FFTSCOPE_CLI_PROGRAM;
  callbacks.peers.limitSeconds = limitSeconds;
  callbacks.peers.extraArguments = [simulate](std::string_view peer) {
    return peer == "clfft" && !simulate.empty() ? std::vector<std::string>{"--simulate", simulate}
                                                : std::vector<std::string>{};
  };
  return runSweep(context, peerSweep(), callbacks);
}

void expectOnlyClfftFailed(const BenchReport& report, const std::string& message) {
  ASSERT_EQ(report.results.size(), 2u * 3u);
  EXPECT_FALSE(report.cancelled);
  for (const BenchResult& r : report.results) {
    SCOPED_TRACE(r.variant + " " + std::to_string(r.cols));
    if (r.variant == "clfft") {
      EXPECT_FALSE(r.verified);
      EXPECT_EQ(r.error.rfind(message, 0), 0u) << r.error;
      EXPECT_NE(r.error.find(" on " + std::to_string(r.cols) + " x " + std::to_string(r.batch) + " f32"),
                std::string::npos) << r.error;
      EXPECT_TRUE(std::isnan(r.hostMs.median));
    } else {
      EXPECT_TRUE(r.verified) << r.error;
      EXPECT_GT(r.hostMs.median, 0);
    }
  }
}

TEST(PeerIsolation, ACrashingPeerFailsItsCaseAndTheSweepGoesOn) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  expectOnlyClfftFailed(sweepWith(*context, "crash", 120), "clFFT crashed (SIGSEGV)");
}

TEST(PeerIsolation, AHangingPeerIsStoppedAtItsLimit) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const auto start = std::chrono::steady_clock::now();
  expectOnlyClfftFailed(sweepWith(*context, "hang", 2), "clFFT did not finish within 2 s");
  EXPECT_LT(std::chrono::steady_clock::now() - start, 120s);
}

TEST(PeerIsolation, OutputThatIsNotAResultFailsTheCase) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  expectOnlyClfftFailed(sweepWith(*context, "garbage", 120), "clFFT gave no result");
}

TEST(PeerIsolation, AWellBehavedChildGivesAVerifiedResult) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const BenchReport report = sweepWith(*context, "", 120);
  ASSERT_EQ(report.results.size(), 6u);
  for (const BenchResult& r : report.results) {
    EXPECT_TRUE(r.verified) << r.variant << ": " << r.error;
    EXPECT_EQ(r.date, report.results.front().date);  // the sweep's, handed to the child
    EXPECT_EQ(r.copyGbs, report.results.front().copyGbs);
  }
}

TEST(PeerCaseArguments, RoundTrip) {
  PeerCaseRequest request;
  request.peer = "vkfft";
  request.device = 2;
  request.description = PlanDescription::twoD(64, 128, 3);
  request.description.precision = Precision::F64;
  request.description.direction = Direction::Inverse;
  request.warmup = 1;
  request.repeat = 7;
  request.date = "2026-11-28T00:00:00Z";
  request.copyGbs = 12.5;
  const PeerCaseRequest back = parsePeerCaseArguments(toArguments(request));
  EXPECT_EQ(back.peer, "vkfft");
  EXPECT_EQ(back.device, 2u);
  EXPECT_EQ(back.description.dimensions, 2);
  EXPECT_EQ(back.description.rows, 64u);
  EXPECT_EQ(back.description.cols, 128u);
  EXPECT_EQ(back.description.batch, 3u);
  EXPECT_EQ(back.description.precision, Precision::F64);
  EXPECT_EQ(back.description.direction, Direction::Inverse);
  EXPECT_EQ(back.repeat, 7);
  EXPECT_EQ(back.date, request.date);
  EXPECT_DOUBLE_EQ(back.copyGbs, 12.5);
  EXPECT_THROW(parsePeerCaseArguments({"--peer", "cufft"}), std::invalid_argument);
}

TEST(ChildProcess, ExitStatusSignalAndTimeLimit) {
  const ChildResult ok = runChild({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"}, 10s);
  EXPECT_EQ(ok.end, ChildResult::End::Exited);
  EXPECT_EQ(ok.exitCode, 3);
  EXPECT_EQ(ok.out, "out\n");
  EXPECT_EQ(ok.err, "err\n");
  const ChildResult crashed = runChild({"/bin/sh", "-c", "kill -SEGV $$"}, 10s);
  EXPECT_EQ(crashed.end, ChildResult::End::Signalled);
  EXPECT_EQ(signalName(crashed.signal), "SIGSEGV");
  // Closing its output does not free a child from the limit.
  const auto start = std::chrono::steady_clock::now();
  const ChildResult hung = runChild({"/bin/sh", "-c", "exec >&- 2>&-; sleep 30"}, 300ms);
  EXPECT_EQ(hung.end, ChildResult::End::TimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  EXPECT_EQ(runChild({"/nonexistent/program"}, 1s).end, ChildResult::End::NotStarted);
}

}  // namespace
}  // namespace fftscope::bench
