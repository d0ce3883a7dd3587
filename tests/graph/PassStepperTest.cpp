// On the OpenCL device: the plan's output equals the graph's evaluation for every size and
// variant, and stepping the plan one launch at a time passes through the graph's CPU reference
// of every launch and ends at the plan's own output, bit for bit.
#include "DeviceFixture.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/HostRun.h"
#include "engine/runtime/PassStepper.h"
#include "graph/FlowGraphBuilder.h"
#include "graph/GraphEvaluation.h"

#include <gtest/gtest.h>

namespace fftscope {
namespace {

using graph::ExactVector;

PlanDescription describe(std::size_t n, Variant v, Direction dir = Direction::Forward, Precision p = Precision::F32) {
  PlanDescription d = PlanDescription::oneD(n);
  d.variant = v;
  d.direction = dir;
  d.precision = p;
  return d;
}

template <typename T>
double relL2(const std::vector<std::complex<T>>& result, const ExactVector& reference) {
  return measureError(std::span<const std::complex<T>>(result), std::span<const std::complex<long double>>(reference)).relL2;
}

TEST(DeviceGraph, Engine_output_equals_the_graph_evaluation_for_every_size_and_variant) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  for (Variant v : allVariants())
    for (std::size_t n = 2; n <= 1024; n *= 2) {
      PlanDescription d = describe(n, v);
      Plan plan(*context, d);
      auto input = randomComplexF32(n, n + 11);
      HostRunResult<float> run = runOnHost(*context, plan, input);
      graph::FlowGraph g = graph::buildFlowGraph(d, plan.passes());
      ExactVector exact = graph::evaluate(g, ExactVector(input.begin(), input.end())).output;
      EXPECT_LE(relL2(run.output, exact), l2Gate(Precision::F32, n)) << d.summary();
      EXPECT_LE(relL2(run.output, referenceTransform(input, 1, n, 1, false, d.direction)), l2Gate(Precision::F32, n))
          << d.summary();
    }
}

struct StepCase {
  std::size_t n;
  Variant variant;
  Direction direction;
  Precision precision;
};

template <typename T>
void expectSteppedLikeTheGraph(cl::DeviceContext& context, const StepCase& c, const std::vector<std::complex<T>>& input) {
  PlanDescription d = describe(c.n, c.variant, c.direction, c.precision);
  Plan plan(context, d);
  graph::FlowGraph g = graph::buildFlowGraph(d, plan.passes());
  graph::Evaluation reference = graph::evaluate(g, ExactVector(input.begin(), input.end()));
  std::vector<std::size_t> ends = graph::launchBoundaries(g);
  ASSERT_EQ(ends.size(), plan.passes().size()) << d.summary();

  PassStepper stepper(context, plan);
  stepper.start(input);
  const double gate = l2Gate(c.precision, c.n);
  while (!stepper.atEnd()) {
    TimingRecord t = stepper.step();
    const std::size_t done = stepper.position();
    EXPECT_EQ(t.pass.label(), plan.passes()[done - 1].label());
    EXPECT_LE(relL2(stepper.current(), reference.boundaries[ends[done - 1]]), gate) << d.summary() << " after pass " << done;
  }
  // The end of the steps is the plan's own output, bit for bit, and the transform within the gate.
  HostRunResult<T> whole = runOnHost(context, plan, input);
  ASSERT_EQ(stepper.current().size(), whole.output.size());
  for (std::size_t j = 0; j < whole.output.size(); ++j)
    ASSERT_EQ(stepper.current()[j], std::complex<double>(whole.output[j])) << d.summary() << " element " << j;
  EXPECT_LE(relL2(stepper.current(), referenceTransform(input, 1, c.n, 1, false, c.direction)), gate) << d.summary();

  // Back to the input and forward again: the same states.
  const auto last = stepper.current();
  while (stepper.position() > 0) stepper.back();
  EXPECT_EQ(stepper.current(), std::vector<std::complex<double>>(input.begin(), input.end()));
  EXPECT_THROW(stepper.back(), std::logic_error);
  while (!stepper.atEnd()) stepper.step();
  EXPECT_EQ(stepper.current(), last) << d.summary();
  EXPECT_THROW(stepper.step(), std::logic_error);
}

TEST(DeviceGraph, Stepping_every_pass_follows_the_graph_and_ends_at_the_transform) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  std::vector<StepCase> cases;
  for (Variant v : allVariants())
    for (std::size_t n : {16u, 1024u}) cases.push_back({n, v, Direction::Forward, Precision::F32});
  cases.push_back({1024, Variant::R8, Direction::Inverse, Precision::F32});     // 1/N on the last pass
  cases.push_back({1024, Variant::Local, Direction::Inverse, Precision::F32});
  cases.push_back({64, Variant::R4, Direction::Forward, Precision::F64});
  for (const StepCase& c : cases) {
    if (c.precision == Precision::F64) {
      if (!context->device().fp64) continue;
      expectSteppedLikeTheGraph(*context, c, randomComplexF64(c.n, 5));
    } else {
      expectSteppedLikeTheGraph(*context, c, randomComplexF32(c.n, 5));
    }
  }
}

TEST(DeviceGraph, Stepping_a_batched_and_a_2d_plan_ends_at_the_plan_output) {
  // Routing through scratch buffers and transposes, and a batch: the steps still chain.
  FFTSCOPE_REQUIRE_DEVICE(context);
  PlanDescription batched = describe(256, Variant::R4, Direction::Inverse);
  batched.batch = 3;
  PlanDescription twoD = PlanDescription::twoD(16, 8);
  twoD.variant = Variant::R2;
  for (const PlanDescription& d : {batched, twoD}) {
    Plan plan(*context, d);
    auto input = randomComplexF32(d.elements(), 9);
    PassStepper stepper(*context, plan);
    stepper.start(input);
    while (!stepper.atEnd()) stepper.step();
    EXPECT_EQ(stepper.timings().size(), plan.passes().size());
    HostRunResult<float> whole = runOnHost(*context, plan, input);
    EXPECT_EQ(stepper.current(), std::vector<std::complex<double>>(whole.output.begin(), whole.output.end())) << d.summary();
  }
}

TEST(DeviceGraph, Stepper_refuses_input_of_the_wrong_length_or_precision) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  Plan plan(*context, describe(16, Variant::R2));
  PassStepper stepper(*context, plan);
  EXPECT_THROW(stepper.step(), std::logic_error);
  EXPECT_THROW(stepper.start(randomComplexF32(8, 1)), std::invalid_argument);
  EXPECT_THROW(stepper.start(randomComplexF64(16, 1)), std::invalid_argument);
  EXPECT_THROW(plan.enqueuePass(4, nullptr, nullptr), std::out_of_range);
}

}  // namespace
}  // namespace fftscope
