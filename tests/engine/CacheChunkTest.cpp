// Batches run in chunks through the L2 cache (core/engine/planning/CacheChunks.h): the passes planned for
// one chunk, launched once a chunk with the chunk's offsets into the input and output, against
// FFTW in long double; the launches' timing records; one pass stepped over the whole batch; and
// the planning rules. Planned for a GPU's limits, as PoCL would not plan grouped passes.
#include "DeviceFixture.h"
#include "PlanAgainstFftw.h"
#include "engine/planning/CacheChunks.h"
#include "engine/planning/PlanCandidates.h"
#include "engine/planning/StagePlanner.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace fftscope {
namespace {

const DeviceLimits kGpuLike{48 * 1024, 1024, true};
const DeviceLimits kSmall{4 * 1024, 256, true};

struct ChunkCase {
  LimitsCase c;
  std::size_t members;  // a chunk's batch members
};

void PrintTo(const ChunkCase& k, std::ostream* os) { *os << k.c.name; }

std::vector<PassInfo> chunked(const ChunkCase& k) {
  std::vector<PassInfo> passes = chunkedPasses(k.c.d, k.c.limits, k.members);
  EXPECT_FALSE(passes.empty()) << k.c.name << ": no plan in chunks of " << k.members;
  return passes;
}

double gateOf(const PlanDescription& d, const std::vector<PassInfo>& passes) {
  const bool bluestein = std::any_of(passes.begin(), passes.end(), [](const PassInfo& p) { return p.hooks.any(); });
  return l2Gate(d.precision, d.points(), bluestein ? GateKind::Transcendental : GateKind::Table);
}

class Chunked : public ::testing::TestWithParam<ChunkCase> {};

TEST_P(Chunked, MatchesFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const ChunkCase& k = GetParam();
  if (k.c.d.precision == Precision::F64 && !context->device().fp64) GTEST_SKIP() << "no fp64 on this device";
  const std::vector<PassInfo> passes = chunked(k);
  ASSERT_FALSE(passes.empty());
  EXPECT_EQ(passes.front().chunks, k.c.d.batch / k.members);
  if (k.c.d.precision == Precision::F32)
    expectPassesMatchFftw<float>(*context, k.c.d, passes, gateOf(k.c.d, passes), 5);
  else
    expectPassesMatchFftw<double>(*context, k.c.d, passes, gateOf(k.c.d, passes), 5);
}

std::vector<ChunkCase> cases() {
  std::vector<ChunkCase> all;
  auto add = [&](std::size_t members, std::size_t rows, std::size_t cols, std::size_t batch, Precision precision,
                 const DeviceLimits& limits, const char* tag, Direction direction = Direction::Forward) {
    LimitsCase c = limitsCase(rows, cols, batch, precision, limits, tag, direction);
    c.name += "_chunk" + std::to_string(members);
    all.push_back({c, members});
  };
  // Long rows in two grouped passes, two or one member a chunk, forward and inverse.
  add(2, 0, 65536, 4, Precision::F32, kGpuLike, "gpu");
  add(1, 0, 65536, 4, Precision::F32, kGpuLike, "gpu", Direction::Inverse);
  add(1, 0, 65536, 2, Precision::F64, kGpuLike, "gpu");
  add(3, 0, 8192, 6, Precision::F32, kSmall, "small");
  // 2D: rows, then the columns read in place, through a scratch of one chunk.
  add(2, 64, 64, 4, Precision::F32, kGpuLike, "gpu");
  add(1, 40, 48, 3, Precision::F64, kGpuLike, "gpu", Direction::Inverse);
  // Bluestein's steps in the grouped passes: chirp from the chunk's input, filter, chirp into
  // the chunk's output.
  add(2, 0, 2053, 4, Precision::F32, kGpuLike, "gpu");
  add(1, 0, 4099, 3, Precision::F32, kGpuLike, "gpu", Direction::Inverse);
  return all;
}

INSTANTIATE_TEST_SUITE_P(Plans, Chunked, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<ChunkCase>& info) { return info.param.c.name; });

TEST(CacheChunks, EveryChunksLaunchIsTimedAsItsPass) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanDescription d = PlanDescription::oneD(65536, 4);
  const std::vector<PassInfo> passes = chunkedPasses(d, kGpuLike, 1);
  ASSERT_EQ(passes.size(), 2u);
  Plan plan(*context, d, passes);
  cl::Buffer in = context->buffer(d.bytes()), out = context->buffer(d.bytes());
  const std::vector<TimingRecord> records = plan.enqueue(in.get(), out.get()).timings();
  ASSERT_EQ(records.size(), 8u);  // 4 chunks of 2 launches, chunk by chunk
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].pass.label(), passes[i % 2].label()) << i;
    if (i > 0) {
      EXPECT_GE(records[i].startNs, records[i - 1].endNs) << "launch " << i << " began before the one before";
    }
  }
}

std::vector<std::complex<float>> readBack(cl::DeviceContext& context, cl_mem buffer, const PlanDescription& d) {
  std::vector<std::complex<float>> values(d.elements());
  context.read(buffer, values.data(), d.bytes());
  return values;
}

// Relative L2 error of a transform of `input` against FFTW in long double.
double errorAgainstFftw(const std::vector<std::complex<float>>& output, const std::vector<std::complex<float>>& input,
                        const PlanDescription& d) {
  const auto expected = referenceTransform(input, 1, d.cols, d.batch, false, d.direction);
  return measureError(std::span<const std::complex<float>>(output), std::span<const std::complex<long double>>(expected))
      .relL2;
}

TEST(CacheChunks, FewerEventsRunEveryLaunch) {
  // LaunchEvents::Last and None (the host clock's loops): every chunk's every pass still runs, in
  // order; Last makes one event, which waits for them all, None makes none; neither has timings.
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanDescription d = PlanDescription::oneD(65536, 4);
  const std::vector<PassInfo> passes = chunkedPasses(d, kGpuLike, 1);
  ASSERT_EQ(passes.size(), 2u);
  Plan plan(*context, d, passes);
  const std::vector<std::complex<float>> input = randomComplexF32(d.elements(), 9);
  cl::Buffer in = context->buffer(d.bytes()), each = context->buffer(d.bytes()), last = context->buffer(d.bytes()),
             none = context->buffer(d.bytes());
  context->write(in.get(), input.data(), d.bytes());
  PendingRun everyOne = plan.enqueue(in.get(), each.get());
  EXPECT_EQ(std::move(everyOne).releaseEvents().size(), 8u);  // 4 chunks of 2 launches
  const PendingRun lastOnly = plan.enqueue(in.get(), last.get(), {}, LaunchEvents::Last);
  EXPECT_THROW(lastOnly.timings(), std::logic_error);
  ASSERT_NE(lastOnly.lastEvent(), nullptr);
  lastOnly.wait();
  PendingRun lastAgain = plan.enqueue(in.get(), last.get(), {}, LaunchEvents::Last);
  EXPECT_EQ(std::move(lastAgain).releaseEvents().size(), 1u);
  const PendingRun untracked = plan.enqueue(in.get(), none.get(), {}, LaunchEvents::None);
  EXPECT_EQ(untracked.lastEvent(), nullptr);
  EXPECT_THROW(untracked.wait(), std::logic_error);
  context->finish();
  const std::vector<std::complex<float>> everyOneOut = readBack(*context, each.get(), d);
  EXPECT_EQ(readBack(*context, last.get(), d), everyOneOut);
  EXPECT_EQ(readBack(*context, none.get(), d), everyOneOut);
  EXPECT_LE(errorAgainstFftw(everyOneOut, input, d), l2Gate(d.precision, d.points()));
}

TEST(CacheChunks, PassesSteppedOverTheWholeBatchMatchFftw) {
  // Plan::enqueuePass runs one pass over buffers of the whole batch, chunk by chunk.
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanDescription d = PlanDescription::oneD(65536, 3);
  const std::vector<PassInfo> passes = chunkedPasses(d, kGpuLike, 1);
  ASSERT_EQ(passes.size(), 2u);
  Plan plan(*context, d, passes);
  const std::vector<std::complex<float>> input = randomComplexF32(d.elements(), 3);
  cl::Buffer a = context->buffer(d.bytes()), b = context->buffer(d.bytes()), c = context->buffer(d.bytes());
  context->write(a.get(), input.data(), d.bytes());
  plan.enqueuePass(0, a.get(), b.get()).wait();
  EXPECT_EQ(plan.enqueuePass(1, b.get(), c.get()).timings().size(), 3u);
  EXPECT_LE(errorAgainstFftw(readBack(*context, c.get(), d), input, d), l2Gate(d.precision, d.points()));
}

TEST(CacheChunks, PlanningRules) {
  PlanDescription d = PlanDescription::oneD(std::size_t{1} << 20, 16);  // 8 MiB a member in f32
  EXPECT_EQ(chunkMembers(d, std::uint64_t{16} << 20), 2u);
  EXPECT_EQ(chunkMembers(d, std::uint64_t{8} << 20), 1u);
  EXPECT_EQ(chunkMembers(d, std::uint64_t{4} << 20), 0u);  // one member is larger
  EXPECT_EQ(chunkSizesToTry(d), (std::vector<std::size_t>{1, 2, 4}));
  d.batch = 12;
  EXPECT_EQ(chunkMembers(d, std::uint64_t{40} << 20), 4u);  // the largest divisor within 40 MiB
  d.batch = 1;
  EXPECT_EQ(chunkMembers(d, std::uint64_t{1} << 40), 0u);  // nothing to cut
  EXPECT_TRUE(chunkedPasses(d, kGpuLike, 1).empty());
  d.batch = 16;
  EXPECT_TRUE(chunkedPasses(d, kGpuLike, 3).empty());  // 3 does not divide 16

  // One pass a row: nothing for the cache to keep between passes.
  EXPECT_TRUE(chunkedPasses(PlanDescription::oneD(1024, 64), kGpuLike, 8).empty());
  // Without grouped passes (a CPU's OpenCL) there is no chunked plan.
  DeviceLimits cpu = kGpuLike;
  cpu.groupedPasses = false;
  EXPECT_TRUE(chunkedPasses(d, cpu, 2).empty());

  // The limits' chunk size reaches planPasses, and a plan that cannot be chunked stays whole.
  DeviceLimits cached = kGpuLike;
  cached.cacheChunkBytes = std::uint64_t{16} << 20;
  const std::vector<PassInfo> passes = planPasses(d, cached);
  ASSERT_EQ(passes.size(), 2u);
  for (const PassInfo& p : passes) EXPECT_EQ(p.chunks, 8u);
  EXPECT_EQ(launchCount(passes), 16u);
  EXPECT_EQ(bytesMoved(passes), bytesMoved(planPasses(d, kGpuLike)));
  EXPECT_EQ(planPasses(PlanDescription::oneD(1024, 64), cached).front().chunks, 1u);
}

TEST(CacheChunks, MeasureModeTriesChunksAndTheEstimateDoesNot) {
  const PlanDescription d = PlanDescription::oneD(std::size_t{1} << 20, 16);
  const std::vector<PlanCandidate> candidates = planCandidates(d, kGpuLike);
  std::vector<std::string> chunkNames;
  for (const PlanCandidate& c : candidates)
    if (c.name.rfind("auto chunk=", 0) == 0) {
      chunkNames.push_back(c.name);
      EXPECT_TRUE(c.measureOnly) << c.name;
      EXPECT_FALSE(c.autoEstimate) << c.name;
      const std::size_t members = std::stoul(c.name.substr(11));
      EXPECT_EQ(c.passes.front().chunks, 16 / members) << c.name;
      EXPECT_EQ(c.launches(), 2 * 16 / members) << c.name;  // two passes a chunk
    }
  EXPECT_EQ(chunkNames, (std::vector<std::string>{"auto chunk=4", "auto chunk=2", "auto chunk=1"}));
  EXPECT_TRUE(findCandidate(candidates, "grouped")->autoEstimate);

  // A batch whose plan is one pass a row (or a copy, for rows of one point): no chunk candidates,
  // and no candidate without launches.
  for (const PlanDescription& whole : {PlanDescription::oneD(1024, 64), PlanDescription::oneD(1, 64)}) {
    DeviceLimits limits = kGpuLike;
    for (const PlanCandidate& c : planCandidates(whole, limits)) {
      EXPECT_GT(c.launches(), 0u) << whole.summary() << ": " << c.name;
      EXPECT_NE(c.name.rfind("auto chunk=", 0), 0u) << whole.summary() << ": " << c.name;
    }
  }
}

TEST(CacheChunks, PlansOfOtherKernelsAreNotRunInChunks) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  PlanDescription d = PlanDescription::oneD(4096, 4);
  d.variant = Variant::R16;
  std::vector<PassInfo> passes = planPasses(d, kGpuLike);
  for (PassInfo& p : passes) p.chunks = 2;
  EXPECT_THROW(Plan(*context, d, passes), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope
