// The planner's candidates as plain data: for 1D and 2D sizes on a GPU-like and a CPU-like
// device, every plan the engine can run with its estimated cost, cheapest first, auto's own plan
// among them, and nothing the device or shape cannot take; and the choice between them.
#include "engine/planning/PassPlan.h"
#include "engine/planning/PlanCandidates.h"
#include "engine/planning/PlanChoice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace fftscope {
namespace {

const DeviceLimits kGpuLike{48 * 1024, 1024, true};
const DeviceLimits kCpuLike{512 * 1024, 4096, false};

struct Case {
  const char* name;
  PlanDescription description;
  DeviceLimits limits;
};

PlanDescription twoD(std::size_t rows, std::size_t cols, std::size_t batch = 1) {
  return PlanDescription::twoD(rows, cols, batch);
}

std::vector<Case> cases() {
  return {{"1d_1024_gpu", PlanDescription::oneD(1024), kGpuLike},
          {"1d_2e20_gpu", PlanDescription::oneD(1 << 20), kGpuLike},
          {"1d_2e20_cpu", PlanDescription::oneD(1 << 20), kCpuLike},
          {"1d_1000_x3_cpu", PlanDescription::oneD(1000, 3), kCpuLike},
          {"1d_prime_2053_gpu", PlanDescription::oneD(2053), kGpuLike},
          {"2d_4096_gpu", twoD(4096, 4096), kGpuLike},
          {"2d_4096_cpu", twoD(4096, 4096), kCpuLike},
          {"2d_64x256_x2_cpu", twoD(64, 256, 2), kCpuLike},
          {"2d_48x80_gpu", twoD(48, 80), kGpuLike},
          {"1d_8_cpu", PlanDescription::oneD(8), kCpuLike}};
}

bool samePasses(const std::vector<PassInfo>& a, const std::vector<PassInfo>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].label() != b[i].label() || a[i].source != b[i].source || a[i].destination != b[i].destination) return false;
  return true;
}

class Candidates : public ::testing::TestWithParam<Case> {};

TEST_P(Candidates, AreCheapestFirstWithAutosEstimateAmongThemOnce) {
  const Case& c = GetParam();
  const std::vector<PlanCandidate> list = planCandidates(c.description, c.limits);
  ASSERT_GE(list.size(), 2u);
  std::set<std::string> names;
  for (std::size_t i = 0; i < list.size(); ++i) {
    EXPECT_TRUE(names.insert(list[i].name).second) << "twice: " << list[i].name;
    if (i > 0) {
      EXPECT_LE(list[i - 1].cost, list[i].cost) << list[i - 1].name << " before " << list[i].name;
    }
    EXPECT_EQ(list[i].launches(), list[i].passes.size());
    EXPECT_GT(list[i].cost, 0);
    EXPECT_DOUBLE_EQ(list[i].cost, estimatedCost(list[i].passes, c.description));
    for (std::size_t j = 0; j < i; ++j) {
      EXPECT_FALSE(samePasses(list[i].passes, list[j].passes)) << list[j].name << " and " << list[i].name;
    }
  }
  EXPECT_EQ(std::count_if(list.begin(), list.end(), [](const PlanCandidate& p) { return p.autoEstimate; }), 1);
  PlanDescription autoDescription = c.description;
  autoDescription.variant = Variant::Auto;
  auto own = std::find_if(list.begin(), list.end(), [](const PlanCandidate& p) { return p.autoEstimate; });
  EXPECT_TRUE(samePasses(own->passes, planPasses(autoDescription, c.limits))) << own->name;
}

TEST_P(Candidates, EachRunsOnlyItsOwnKindOfPass) {
  const Case& c = GetParam();
  const bool twoD = c.description.dimensions == 2;
  for (const PlanCandidate& candidate : planCandidates(c.description, c.limits)) {
    if (candidate.name.rfind("auto ", 0) == 0) {
      // auto's plan over another Bluestein length, in chunks, or with a split's twiddles moved
      EXPECT_TRUE(candidate.measureOnly) << candidate.name;
      continue;
    }
    EXPECT_FALSE(candidate.measureOnly) << candidate.name;
    const std::string variant = candidate.name.substr(0, candidate.name.find('/'));
    const std::string columns = twoD ? candidate.name.substr(candidate.name.find('/') + 1) : "";
    bool grouped = false, transposed = false;
    for (const PassInfo& p : candidate.passes) {
      grouped = grouped || p.kind == PassKind::Grouped;
      if (p.kind == PassKind::Transpose) {
        transposed = true;
        EXPECT_EQ(std::string(toString(p.transpose)), columns) << candidate.name;
      }
      if (variant[0] == 'r' && p.kind == PassKind::Stockham && p.radix % 2 == 0) {
        EXPECT_LE(p.radix, std::stoi(variant.substr(1))) << candidate.name << ": " << p.label();
      }
      if (variant[0] == 'r') {
        EXPECT_NE(p.kind, PassKind::Local) << candidate.name;
      }
    }
    EXPECT_EQ(grouped, variant == "grouped") << candidate.name;
    if (twoD) {
      EXPECT_EQ(transposed, columns != "none") << candidate.name;
    }
  }
}

TEST_P(Candidates, OmitWhatTheDeviceOrShapeCannotTake) {
  const Case& c = GetParam();
  for (const PlanCandidate& candidate : planCandidates(c.description, c.limits)) {
    // Grouped passes only where the device builds them quickly; columns in place of a batch of
    // 2D arrays only by grouped passes (PassPlan refuses the others).
    if (!c.limits.groupedPasses) {
      EXPECT_EQ(candidate.name.rfind("grouped", 0), std::string::npos) << candidate.name;
    }
    if (c.description.dimensions == 2 && c.description.batch > 1 && candidate.name.rfind("grouped", 0) != 0) {
      EXPECT_EQ(candidate.name.find("/none"), std::string::npos) << candidate.name;
    }
    EXPECT_EQ(candidate.name.find("naive"), std::string::npos) << candidate.name;
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, Candidates, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

TEST(PlanCandidates, ListTheRadixPlansOf1DWithTheirCosts) {
  const auto list = planCandidates(PlanDescription::oneD(4096), kCpuLike);
  std::vector<std::string> names;
  for (const PlanCandidate& c : list) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"local", "r16", "r8", "r4", "r2"}));
  // local_fft of 4096 in one launch; r16: 3 passes; r2: 12; each pass one read and one write.
  EXPECT_EQ(list[0].launches(), 1u);
  EXPECT_EQ(list[1].launches(), 3u);
  EXPECT_EQ(list[4].launches(), 12u);
  EXPECT_EQ(list[1].bytes, 3u * 2 * 4096 * 8);
  EXPECT_NEAR(list[1].cost / list[0].cost, 3.0, 1e-9);
  EXPECT_TRUE(list[0].autoEstimate);
}

TEST(PlanCandidates, GroupedPassesWinOnAGpuAndTransposesOnACpuFor2D) {
  const auto gpu = planCandidates(twoD(4096, 4096), kGpuLike);
  EXPECT_EQ(gpu.front().name, "grouped/none");
  EXPECT_TRUE(gpu.front().autoEstimate);
  for (const char* name : {"local/tiled", "local/padded", "local/none", "r16/tiled", "r16/none", "r2/padded"})
    EXPECT_TRUE(findCandidate(gpu, name)) << name;
  const auto cpu = planCandidates(twoD(4096, 4096), kCpuLike);
  EXPECT_EQ(cpu.front().name, "local/tiled");
  EXPECT_FALSE(findCandidate(cpu, "grouped/none"));
  // Columns read in place by local_fft cost more than two transposes.
  EXPECT_GT(findCandidate(cpu, "local/none")->cost, findCandidate(cpu, "local/tiled")->cost);
}

TEST(PlanCandidates, AutoFollowsTheDescriptionsTranspose) {
  PlanDescription d = twoD(256, 256);
  d.transpose = TransposeMode::Padded;
  const auto list = planCandidates(d, kCpuLike);
  EXPECT_TRUE(findCandidate(list, "local/padded")->autoEstimate);
  EXPECT_FALSE(findCandidate(list, "local/tiled")->autoEstimate);
}

TEST(PlanCandidates, BluesteinLengthsAreCandidatesTakenOnlyWhenMeasured) {
  const PlanDescription d = PlanDescription::oneD(65537, 3);
  const std::vector<PlanCandidate> list = planCandidates(d, kGpuLike);
  std::size_t lengths = 0;
  for (const PlanCandidate& c : list) {
    if (c.name.rfind("auto M=", 0) != 0) continue;
    ++lengths;
    EXPECT_TRUE(c.measureOnly);
    const std::size_t m = std::stoull(c.name.substr(7));
    EXPECT_GE(m, 2u * 65537 - 1);
    for (const PassInfo& p : c.passes) EXPECT_EQ(p.length, m) << c.name << ": " << p.label();
  }
  EXPECT_GE(lengths, 3u);
  // The estimate keeps auto's own plan; a stored measurement may name another length.
  const PlanChoice estimated = choosePlan(d, kGpuLike, nullptr);
  EXPECT_TRUE(estimated.chosen.autoEstimate) << estimated.chosen.name;
  EXPECT_FALSE(estimated.chosen.measureOnly);
  auto other = std::find_if(list.begin(), list.end(), [](const PlanCandidate& c) { return c.measureOnly; });
  ASSERT_NE(other, list.end());
  WisdomEntry stored;
  stored.candidate = other->name;
  stored.milliseconds = 1.0;
  const PlanChoice measured = choosePlan(d, kGpuLike, &stored);
  EXPECT_EQ(measured.source, PlanSource::Wisdom);
  EXPECT_EQ(measured.chosen.name, other->name);
  // A power of two has no Bluestein stage, so no length candidates.
  for (const PlanCandidate& c : planCandidates(PlanDescription::oneD(4096, 3), kGpuLike))
    EXPECT_EQ(c.name.rfind("auto M=", 0), std::string::npos) << c.name;
}

TEST(PlanCandidates, ASplitsOtherTwiddlesAndShapesAreCandidatesTakenOnlyWhenMeasured) {
  const PlanDescription d = PlanDescription::oneD(1000003, 16);
  DeviceLimits limits = kGpuLike;
  limits.rader = false;
  const std::pair<SplitTwiddles, std::string> places[] = {
      {SplitTwiddles::Rows, "auto twiddles=rows"},
      {SplitTwiddles::Columns, "auto twiddles=columns"},
      {SplitTwiddles::FirstColumn, "auto twiddles=first-column"}};
  for (const auto& [asked, askedName] : places) {
    limits.splitTwiddles = asked;
    const std::vector<PlanCandidate> list = planCandidates(d, limits);
    EXPECT_FALSE(findCandidate(list, askedName).has_value()) << askedName << ": that is auto's own";
    for (const auto& [twiddles, name] : places) {
      if (twiddles == asked) continue;
      const std::optional<PlanCandidate> other = findCandidate(list, name);
      ASSERT_TRUE(other.has_value()) << name;
      EXPECT_TRUE(other->measureOnly);
      ASSERT_EQ(other->passes.size(), 3u);
      for (const PassInfo& p : other->passes) EXPECT_EQ(p.hooks.splitTwiddles, twiddles) << p.label();
      WisdomEntry stored;
      stored.candidate = name;
      stored.milliseconds = 0.5;
      EXPECT_EQ(choosePlan(d, limits, &stored).chosen.name, name);
    }
    const PlanChoice estimated = choosePlan(d, limits, nullptr);
    for (const PassInfo& p : estimated.chosen.passes) EXPECT_EQ(p.hooks.splitTwiddles, asked) << p.label();
  }
  // The other splits of M, rows of 2048 among them.
  limits.splitTwiddles = SplitTwiddles::Rows;
  const std::optional<PlanCandidate> shorter = findCandidate(planCandidates(d, limits), "auto split=1024x2048");
  ASSERT_TRUE(shorter.has_value());
  EXPECT_TRUE(shorter->measureOnly);
  for (const PassInfo& p : shorter->passes) EXPECT_EQ(p.hooks.splitCols, 2048u) << p.label();
  // Every split candidate is the split its name says, over the M of auto's split (where the
  // shorter rows would make the estimate take another M, it is held).
  DeviceLimits large{64 * 1024, 1024, true};
  large.rader = false;
  std::size_t named = 0;
  for (const auto& [n, precision] : {std::pair{std::size_t{17666}, Precision::F64}, std::pair{std::size_t{291754}, Precision::F32},
                                     std::pair{std::size_t{133840}, Precision::F32}, std::pair{std::size_t{1000003}, Precision::F32}}) {
    PlanDescription one = PlanDescription::oneD(n, 2);
    one.precision = precision;
    const std::vector<PassInfo> own = planPasses(one, large);
    for (const PlanCandidate& c : planCandidates(one, large)) {
      if (c.name.rfind("auto split=", 0) != 0) continue;
      ++named;
      const std::size_t rows = std::stoull(c.name.substr(11)), cols = std::stoull(c.name.substr(c.name.find('x') + 1));
      for (const PassInfo& p : c.passes) {
        if (p.hooks.splitCols == 0) continue;
        EXPECT_EQ(p.hooks.splitCols, cols) << c.name << ": " << p.label();
        EXPECT_EQ(p.padded, rows * cols) << c.name << ": " << p.label();
        EXPECT_EQ(p.padded, own.front().padded) << c.name << ": " << p.label();
      }
    }
  }
  EXPECT_GT(named, 0u);  // the check above ran on some
  // No split, no such candidates.
  for (const PlanCandidate& c : planCandidates(PlanDescription::oneD(65537, 3), kGpuLike)) {
    EXPECT_EQ(c.name.rfind("auto twiddles=", 0), std::string::npos) << c.name;
    EXPECT_EQ(c.name.rfind("auto split=", 0), std::string::npos) << c.name;
  }
}

TEST(PlanCandidates, SettingsThatWonOnSomeShapesAreCandidatesTakenOnlyWhenMeasured) {
  // 1080 x 1920's 1080-point columns in one round of up to 512 work-items.
  const PlanDescription photo = twoD(1080, 1920);
  const std::optional<PlanCandidate> oneRound = findCandidate(planCandidates(photo, kGpuLike), "auto one-round");
  ASSERT_TRUE(oneRound.has_value());
  EXPECT_TRUE(oneRound->measureOnly);
  const std::vector<PassInfo> own = planPasses(photo, kGpuLike);
  ASSERT_EQ(oneRound->passes.size(), own.size());
  EXPECT_GT(oneRound->passes.back().local[0], own.back().local[0]) << oneRound->passes.back().label();
  EXPECT_EQ(choosePlan(photo, kGpuLike, nullptr).chosen.passes.back().local[0], own.back().local[0]);
  // 200-point rows as 20 10 with composites up to 24.
  const PlanDescription rows = PlanDescription::oneD(200, 1000);
  const std::optional<PlanCandidate> composites = findCandidate(planCandidates(rows, kGpuLike), "auto composites=24");
  ASSERT_TRUE(composites.has_value());
  EXPECT_TRUE(composites->measureOnly);
  ASSERT_FALSE(composites->passes.empty());
  EXPECT_EQ(composites->passes[0].grouped.innerRadices.front(), 20) << composites->passes[0].label();
  // Where a setting changes nothing (a power of two's rows), no candidate; none without grouped passes.
  for (const PlanCandidate& c : planCandidates(PlanDescription::oneD(4096, 16), kGpuLike))
    EXPECT_NE(c.name, "auto composites=24");
  for (const PlanCandidate& c : planCandidates(photo, kCpuLike)) {
    EXPECT_NE(c.name, "auto one-round");
    EXPECT_NE(c.name, "auto composites=24");
  }
}

TEST(PlanChoice, AFixedVariantRunsItsOwnPasses) {
  PlanDescription d = PlanDescription::oneD(1024);
  d.variant = Variant::R4;
  const PlanChoice choice = choosePlan(d, kCpuLike, nullptr);
  EXPECT_EQ(choice.source, PlanSource::Fixed);
  EXPECT_TRUE(choice.candidates.empty());
  EXPECT_TRUE(samePasses(choice.chosen.passes, planPasses(d, kCpuLike)));
}

TEST(PlanChoice, AutoTakesTheCheapestEstimateWithoutWisdom) {
  const PlanChoice choice = choosePlan(PlanDescription::oneD(1 << 20), kGpuLike, nullptr);
  EXPECT_EQ(choice.source, PlanSource::Estimate);
  EXPECT_EQ(choice.chosen.name, choice.candidates.front().name);
  EXPECT_NE(choice.reason.find("lowest estimated cost"), std::string::npos) << choice.reason;
}

TEST(PlanChoice, AStoredWinnerIsTakenAndOneThatNoLongerExistsIsPassedOver) {
  const PlanDescription d = PlanDescription::oneD(1024);
  WisdomEntry stored;
  stored.key = WisdomKey::of(d, "device", "1.0");
  stored.candidate = "r8";
  stored.milliseconds = 0.5;
  stored.measured = "2024-01-01T00:00:00Z";
  stored.timings = {{"r8", 0.5}, {"local", 0.7}};
  PlanChoice choice = choosePlan(d, kCpuLike, &stored);
  EXPECT_EQ(choice.source, PlanSource::Wisdom);
  EXPECT_EQ(choice.chosen.name, "r8");
  EXPECT_NE(choice.reason.find("next local 0.7 ms"), std::string::npos) << choice.reason;

  // Grouped passes are no candidate on this device; "r32" never was one.
  for (const char* gone : {"grouped", "r32", ""}) {
    stored.candidate = gone;
    choice = choosePlan(d, kCpuLike, &stored);
    EXPECT_EQ(choice.source, PlanSource::Estimate) << gone;
    EXPECT_EQ(choice.chosen.name, "local");
    EXPECT_NE(choice.reason.find("no longer has"), std::string::npos) << choice.reason;
  }
}

}  // namespace
}  // namespace fftscope
