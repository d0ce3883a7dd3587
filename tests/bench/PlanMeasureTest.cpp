// Measure mode on the test device: the candidates of a small transform are built, checked against
// FFTW and timed; the fastest verified one is chosen and stored in the wisdom file, and a later
// choice takes it from there without measuring. A candidate with a wrong output is never chosen.
#include "../engine/DeviceFixture.h"
#include "bench/PlanMeasure.h"
#include "engine/runtime/Plan.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <fstream>

namespace fftscope::bench {
namespace {

namespace fs = std::filesystem;

class PlanMeasureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() / ("fftscope-measure-" + std::to_string(::getpid())) / "wisdom.json";
    fs::remove_all(path_.parent_path());
  }
  void TearDown() override { fs::remove_all(path_.parent_path()); }
  static MeasureSettings quick() {
    MeasureSettings s;
    s.rounds = {1, 3, 2};
    return s;
  }
  fs::path path_;
};

TEST_F(PlanMeasureTest, ChoosesAVerifiedCandidateStoresItAndALaterChoiceTakesItFromTheFile) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanDescription d = PlanDescription::oneD(256, 2);
  Wisdom wisdom = Wisdom::load(path_);
  std::vector<std::string> built;
  MeasureSettings settings = quick();
  settings.progress = [&](const std::string& name) { built.push_back(name); };
  std::string saveProblem;
  PlanMeasurement measurement;
  const PlanChoice measured = measurePlan(*context, d, &wisdom, settings, &saveProblem, &measurement);
  EXPECT_EQ(saveProblem, "");
  EXPECT_EQ(measured.source, PlanSource::Measured);
  EXPECT_GE(built.size(), 2u);
  ASSERT_EQ(measurement.candidates.size(), measured.candidates.size());
  const CandidateMeasure& winner = measurement.candidates[measurement.winner];
  EXPECT_EQ(winner.name, measured.chosen.name);
  EXPECT_TRUE(winner.verified);
  EXPECT_LE(winner.relL2, winner.gate);
  for (const CandidateMeasure& c : measurement.candidates)
    if (c.verified) {
      EXPECT_TRUE(std::isfinite(c.ms.median) && c.ms.median > 0) << c.name;
      EXPECT_LE(winner.ms.median, c.ms.median) << c.name;
    }

  // The file holds the winner for this device and description.
  const Wisdom stored = Wisdom::load(path_);
  ASSERT_TRUE(stored.usable()) << stored.problem();
  const WisdomEntry* entry = stored.find(WisdomKey::of(d, context->device().name, context->device().driverVersion));
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->candidate, winner.name);
  EXPECT_DOUBLE_EQ(entry->milliseconds, winner.ms.median);

  // Estimate mode now takes it from the file, and it runs.
  const PlanChoice again = choosePlan(d, context->device(), &stored);
  EXPECT_EQ(again.source, PlanSource::Wisdom);
  EXPECT_EQ(again.chosen.name, winner.name);
  Plan plan(*context, d, again.chosen.passes);
  EXPECT_EQ(plan.passes().size(), again.chosen.launches());
  // Another description is not in the file.
  EXPECT_EQ(choosePlan(PlanDescription::oneD(512, 2), context->device(), &stored).source, PlanSource::Estimate);
}

TEST_F(PlanMeasureTest, AWrongCandidateIsNeverChosen) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PlanDescription d = PlanDescription::oneD(64);
  const std::vector<PlanCandidate> candidates = planCandidates(d, limitsOf(context->device()));
  ASSERT_GE(candidates.size(), 2u);
  // Every candidate but the most expensive one gives a wrong first output.
  const std::string right = candidates.back().name;
  MeasureSettings settings = quick();
  settings.costSpan = 1e9;
  settings.alterOutput = [&](std::string_view name, std::span<std::complex<double>> output) {
    if (name != right) output[3] += 0.5;
  };
  const PlanMeasurement m = measureCandidates(*context, d, candidates, settings);
  EXPECT_EQ(m.candidates[m.winner].name, right);
  for (const CandidateMeasure& c : m.candidates)
    if (c.name != right) {
      EXPECT_FALSE(c.verified) << c.name;
      EXPECT_NE(c.error.find("differs from FFTW"), std::string::npos) << c.error;
    }

  // None right: nothing is chosen, and the message names every candidate's problem.
  settings.alterOutput = [](std::string_view, std::span<std::complex<double>> output) { output[0] += 1.0; };
  try {
    measureCandidates(*context, d, candidates, settings);
    ADD_FAILURE() << "a candidate was chosen although every one was wrong";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(right + ": output differs from FFTW"), std::string::npos) << e.what();
  }
}

TEST_F(PlanMeasureTest, AWisdomFileThatCannotBeWrittenLeavesTheChoiceMadeAndNamesTheProblem) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  fs::create_directories(path_.parent_path());
  { std::ofstream(path_.parent_path() / "file") << "x"; }
  Wisdom wisdom = Wisdom::load(path_.parent_path() / "file" / "wisdom.json");  // under a regular file
  std::string saveProblem;
  const PlanChoice choice = measurePlan(*context, PlanDescription::oneD(64), &wisdom, quick(), &saveProblem);
  EXPECT_EQ(choice.source, PlanSource::Measured);
  EXPECT_NE(saveProblem.find("wisdom.json"), std::string::npos) << saveProblem;
}

}  // namespace
}  // namespace fftscope::bench
