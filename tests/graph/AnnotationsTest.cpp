// Hover annotations: formulas, twiddles as the engine's table stores them, inserted index bits.
#include "engine/runtime/TwiddleTable.h"
#include "graph/Annotations.h"
#include "graph/FlowGraphBuilder.h"

#include <gtest/gtest.h>

namespace fftscope::graph {
namespace {

FlowGraph graphOf(std::size_t n, Variant v, Direction dir = Direction::Forward) {
  PlanDescription d = PlanDescription::oneD(n);
  d.variant = v;
  d.direction = dir;
  return buildFlowGraph(d);
}

TEST(Annotations, Formulas_of_radix2_butterflies) {
  FlowGraph g = graphOf(16, Variant::R2);
  EXPECT_EQ(formula(g, g.columns[0], 0, 0), "y[0] = x[0] + x[8]");
  EXPECT_EQ(formula(g, g.columns[0], 0, 1), "y[1] = x[0] − x[8]");
  // p = 8, i = k = 3: twiddle w(3, 16) on input 1.
  EXPECT_EQ(formula(g, g.columns[3], 3, 0), "y[3] = x[3] + W^3·x[11]");
  EXPECT_EQ(formula(g, g.columns[3], 3, 1), "y[11] = x[3] − W^3·x[11]");
  FlowGraph inverse = graphOf(16, Variant::R2, Direction::Inverse);
  EXPECT_EQ(formula(inverse, inverse.columns[3], 0, 0), "y[0] = x[0] + x[8] (·1/16)");
  EXPECT_THROW(formula(g, g.columns[0], 8, 0), std::invalid_argument);
}

TEST(Annotations, Twiddles_are_the_engine_table_bit_for_bit) {
  PlanDescription d = PlanDescription::oneD(1024);
  d.variant = Variant::R4;
  for (Precision precision : {Precision::F32, Precision::F64}) {
    d.precision = precision;
    auto passes = planPasses(d, DeviceLimits{});
    FlowGraph g = buildFlowGraph(d, passes);
    for (std::size_t c = 0; c < passes.size(); ++c) {
      auto f32 = passTwiddlesF32(passes[c], d.direction);
      auto f64 = passTwiddlesF64(passes[c], d.direction);
      for (const Butterfly& b : g.columns[c].butterflies)
        for (int m = 1; m < g.columns[c].radix; ++m) {
          TwiddleAnnotation a = annotateTwiddle(b.twiddles[static_cast<std::size_t>(m)], d.direction, precision);
          std::size_t entry = static_cast<std::size_t>(m - 1) * passes[c].p + b.k;
          double re = precision == Precision::F32 ? f32[entry].real() : f64[entry].real();
          double im = precision == Precision::F32 ? f32[entry].imag() : f64[entry].imag();
          ASSERT_EQ(a.cosStored, re) << passes[c].label() << " m=" << m << " k=" << b.k;
          ASSERT_EQ(a.sinStored, im) << passes[c].label() << " m=" << m << " k=" << b.k;
          ASSERT_LE(a.storedError, precision == Precision::F32 ? 1e-7L : 2e-16L);
        }
    }
  }
  TwiddleAnnotation a = annotateTwiddle(Twiddle{2, 8, 128}, Direction::Forward, Precision::F32);
  EXPECT_EQ(a.fraction, "1/4");
  EXPECT_NEAR(static_cast<double>(a.cosExact), 0.0, 1e-18);
  EXPECT_EQ(static_cast<double>(a.sinExact), -1.0);
}

TEST(Annotations, Output_index_shows_the_bits_the_pass_inserts) {
  FlowGraph g = graphOf(16, Variant::R2);
  IndexAnnotation a = annotateOutputIndex(g, g.columns[1], 13);  // p = 2
  EXPECT_EQ(a.binary, "1101");
  EXPECT_EQ(a.insertedLow, 1);
  EXPECT_EQ(a.insertedCount, 1);
  EXPECT_EQ(a.digits, (std::vector<std::size_t>{1, 0, 1, 1}));
  EXPECT_EQ(a.insertedDigit, 1);

  FlowGraph r4 = graphOf(64, Variant::R4);
  IndexAnnotation b = annotateOutputIndex(r4, r4.columns[1], 27);  // p = 4: bits 2..3
  EXPECT_EQ(b.binary, "011011");
  EXPECT_EQ(b.insertedLow, 2);
  EXPECT_EQ(b.insertedCount, 2);
  EXPECT_EQ(b.radices, (std::vector<int>{4, 4, 4}));
  EXPECT_EQ(b.digits, (std::vector<std::size_t>{3, 2, 1}));
  EXPECT_EQ(b.insertedDigit, 1);
}

TEST(Annotations, Butterfly_bits_and_mixed_radix_digits) {
  FlowGraph g = graphOf(64, Variant::R4);
  ButterflyAnnotation a = annotateButterfly(g.columns[1], 13);  // p = 4: i = 13 = 1101b, k = 1
  EXPECT_EQ(a.iBinary, "1101");
  EXPECT_EQ(a.kBits, 2);
  EXPECT_EQ(a.k, 1u);
  EXPECT_EQ(a.j, 49u);  // 11|00|01: zero bits put in at bit 2
  EXPECT_EQ(a.jBinary, "110001");
  EXPECT_EQ(a.insertedLow, 2);
  EXPECT_EQ(a.insertedCount, 2);

  // 12 = 3 x 4: no binary, digits by the passes' radices.
  PassInfo first, second;
  first.kind = second.kind = PassKind::Stockham;
  first.length = second.length = 12;
  first.radix = 3;
  second.radix = 4;
  second.p = 3;
  FlowGraph mixed = buildFlowGraph(PlanDescription::oneD(12), std::vector<PassInfo>{first, second});
  IndexAnnotation b = annotateOutputIndex(mixed, mixed.columns[1], 11);
  EXPECT_TRUE(b.binary.empty());
  EXPECT_EQ(b.radices, (std::vector<int>{3, 4}));
  EXPECT_EQ(b.digits, (std::vector<std::size_t>{2, 3}));  // 11 = 2 + 3·3
  EXPECT_EQ(b.insertedDigit, 1);
  EXPECT_EQ(b.insertedLow, -1);
  EXPECT_TRUE(annotateButterfly(mixed.columns[1], 2).iBinary.empty());
}

}  // namespace
}  // namespace fftscope::graph
