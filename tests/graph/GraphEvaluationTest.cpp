// Matrix-free evaluation of the graph against FFTW in long double: every power of two up to
// 1024, every variant, both directions, with the f64 gate of DESIGN.md (the evaluation runs in
// long double, so it must land far inside even that). The textbook graphs and the expanded
// radix-2 insides of every block evaluate to the same DFT.
#include "engine/planning/PassPlan.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "graph/FlowGraphBuilder.h"
#include "graph/GraphEvaluation.h"
#include "graph/RadixBlock.h"
#include "graph/TextbookGraphs.h"

#include <gtest/gtest.h>

namespace fftscope::graph {
namespace {

struct Case {
  std::vector<std::complex<double>> input;
  ExactVector exactInput;
};

Case randomCase(std::size_t n, std::uint64_t seed) {
  Case c;
  c.input = randomComplexF64(n, seed);
  c.exactInput.assign(c.input.begin(), c.input.end());
  return c;
}

double errorAgainstFftw(const FlowGraph& g, const Case& c) {
  auto reference = referenceTransform(c.input, 1, g.points, 1, false, g.direction);
  auto result = evaluate(g, c.exactInput).output;
  return measureError(std::span<const std::complex<long double>>(result), reference).relL2;
}

TEST(GraphEvaluation, Every_size_and_variant_gives_the_fftw_transform) {
  // Default limits (a GPU-like 32 KiB of local memory) and 4 KiB, where local_fft splits rows.
  for (DeviceLimits limits : {DeviceLimits{}, DeviceLimits{4096, 256}})
    for (Direction dir : {Direction::Forward, Direction::Inverse})
      for (Variant v : allVariants())
        for (std::size_t n = 2; n <= 1024; n *= 2) {
          PlanDescription d = PlanDescription::oneD(n);
          d.variant = v;
          d.direction = dir;
          FlowGraph g = buildFlowGraph(d, limits);
          double gate = l2Gate(Precision::F64, n);
          EXPECT_LE(errorAgainstFftw(g, randomCase(n, n)), gate) << d.summary() << " local memory " << limits.localMemBytes;
        }
}

TEST(GraphEvaluation, Expanded_blocks_evaluate_like_the_blocks) {
  for (Variant v : allVariants())
    for (std::size_t n : {16u, 64u, 512u}) {
      PlanDescription d = PlanDescription::oneD(n);
      d.variant = v;
      FlowGraph g = buildFlowGraph(d);
      FlowGraph expanded = expandBlocks(g);
      std::size_t log2n = 0;
      while ((std::size_t{1} << log2n) < n) ++log2n;
      EXPECT_EQ(expanded.columns.size(), log2n) << d.summary();  // all radix-2 steps
      for (const Column& c : expanded.columns) EXPECT_EQ(c.edges.size(), 2 * n) << c.label;
      EXPECT_LE(errorAgainstFftw(expanded, randomCase(n, 7)), l2Gate(Precision::F64, n)) << d.summary();
    }
}

TEST(GraphEvaluation, Textbook_dit_and_dif_evaluate_to_the_dft) {
  for (Direction dir : {Direction::Forward, Direction::Inverse})
    for (std::size_t n = 2; n <= 1024; n *= 2) {
      // The textbook graphs carry no 1/N: it goes on the last column, as FFTW scales its inverse.
      for (FlowGraph g : {textbookDitGraph(n, dir), textbookDifGraph(n, dir)}) {
        if (dir == Direction::Inverse) g.columns.back().scale = 1.0L / static_cast<long double>(n);
        EXPECT_LE(errorAgainstFftw(g, randomCase(n, 3 * n)), l2Gate(Precision::F64, n)) << toString(g.kind) << " " << n;
      }
    }
}

TEST(RadixBlock, Each_block_is_the_dft_of_its_radix) {
  for (int r : {2, 3, 4, 5, 8, 16, 32, 64, 128}) {
    BlockExpansion block = expandBlock(r);
    bool powerOfTwo = (r & (r - 1)) == 0;
    EXPECT_EQ(block.expanded, powerOfTwo) << r;
    if (powerOfTwo) {
      std::size_t steps = 0;
      while ((1 << steps) < r) ++steps;
      EXPECT_EQ(block.steps.size(), steps) << r;
      for (const InnerStep& s : block.steps) EXPECT_EQ(s.edges.size(), 2u * static_cast<std::size_t>(r)) << r;
    }
    // The block's matrix, column by column, against w(m·q, R).
    for (int m = 0; m < r; ++m) {
      ExactVector v(static_cast<std::size_t>(r));
      v[static_cast<std::size_t>(m)] = 1.0L;
      for (const InnerStep& s : block.steps) {
        ExactVector out(v.size());
        for (const InnerEdge& e : s.edges)
          out[static_cast<std::size_t>(e.to)] += twiddleValue(e.exponent, static_cast<std::uint64_t>(r), Direction::Forward) * v[static_cast<std::size_t>(e.from)];
        v = out;
      }
      for (int q = 0; q < r; ++q) {
        auto expected = twiddleValue(static_cast<std::uint64_t>(m * q), static_cast<std::uint64_t>(r), Direction::Forward);
        EXPECT_LT(std::abs(v[static_cast<std::size_t>(q)] - expected), 1e-15L) << "R=" << r << " m=" << m << " q=" << q;
      }
    }
  }
}

// Passes of radices 3, 4, 5 written by hand, as a mixed-radix planner would list them: the graph
// knows no power of two.
std::vector<PassInfo> mixedRadixPasses(std::size_t n, const std::vector<int>& radices) {
  std::vector<PassInfo> passes;
  std::size_t p = 1;
  for (int r : radices) {
    PassInfo pass;
    pass.kind = PassKind::Stockham;
    pass.radix = r;
    pass.p = p;
    pass.length = n;
    pass.rows = 1;
    pass.dist = n;
    passes.push_back(pass);
    p *= static_cast<std::size_t>(r);
  }
  return passes;
}

TEST(GraphEvaluation, Mixed_radix_passes_give_the_fftw_transform) {
  for (const std::vector<int>& radices : {std::vector<int>{3, 4}, {4, 3}, {5, 3, 2}, {7, 5}, {13, 11}, {3, 3, 3, 3}}) {
    std::size_t n = 1;
    for (int r : radices) n *= static_cast<std::size_t>(r);
    for (Direction dir : {Direction::Forward, Direction::Inverse}) {
      PlanDescription d = PlanDescription::oneD(n);
      d.direction = dir;
      auto passes = mixedRadixPasses(n, radices);
      if (dir == Direction::Inverse) passes.back().scale = 1.0f / static_cast<float>(n);
      FlowGraph g = buildFlowGraph(d, passes);
      EXPECT_LE(errorAgainstFftw(g, randomCase(n, n)), l2Gate(Precision::F64, n)) << n;
      EXPECT_LE(errorAgainstFftw(expandBlocks(g), randomCase(n, n)), l2Gate(Precision::F64, n)) << n;
    }
  }
  PlanDescription d = PlanDescription::oneD(12);
  EXPECT_THROW(buildFlowGraph(d, mixedRadixPasses(12, {3, 2})), std::invalid_argument);  // 6 of 12 points
}

TEST(GraphEvaluation, Launch_boundaries_follow_the_launches) {
  PlanDescription d = PlanDescription::oneD(1024);
  d.variant = Variant::Local;
  FlowGraph g = buildFlowGraph(d, DeviceLimits{4096, 256});  // local (2 stages) + one global pass
  EXPECT_EQ(launchBoundaries(g), (std::vector<std::size_t>{2, 3}));
}

}  // namespace
}  // namespace fftscope::graph
