// The graph's columns against the Stockham mapping written out again here, independently of
// core/graph, from DESIGN.md "Stockham pass"; local_fft's stages; the textbook graphs' shape.
#include "engine/planning/PassPlan.h"
#include "graph/FlowGraphBuilder.h"
#include "graph/TextbookGraphs.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

namespace fftscope::graph {
namespace {

PlanDescription oneD(std::size_t n, Variant v, Direction d = Direction::Forward) {
  PlanDescription desc = PlanDescription::oneD(n);
  desc.variant = v;
  desc.direction = d;
  return desc;
}

// Edge (from, to) -> weight exponent over n, for a global pass of radix r with parameter p:
// work-item i, k = i mod p, reads x[i + m·n/r], weight w(m·k, r·p)·w(m·q, r), writes
// y[(i − k)·r + k + q·p].
std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> expectedEdges(std::size_t n, std::size_t r, std::size_t p) {
  std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> edges;
  for (std::size_t i = 0; i < n / r; ++i) {
    std::size_t k = i % p;
    for (std::size_t m = 0; m < r; ++m)
      for (std::size_t q = 0; q < r; ++q) {
        std::uint64_t angle = (m * k * (n / (r * p)) + m * q * (n / r)) % n;  // over n
        edges[{i + m * (n / r), (i - k) * r + k + q * p}] = angle;
      }
  }
  return edges;
}

void expectColumnMatches(const Column& column, std::size_t n) {
  auto expected = expectedEdges(n, static_cast<std::size_t>(column.radix), column.p);
  ASSERT_EQ(column.edges.size(), expected.size()) << column.label;
  for (const Edge& e : column.edges) {
    auto it = expected.find({e.from, e.to});
    ASSERT_NE(it, expected.end()) << column.label << " edge " << e.from << "->" << e.to;
    EXPECT_EQ(e.weightOverN, it->second) << column.label << " edge " << e.from << "->" << e.to;
  }
}

TEST(StockhamGraph, Sixteen_radix2_has_four_passes_of_eight_butterflies) {
  FlowGraph g = buildFlowGraph(oneD(16, Variant::R2));
  ASSERT_EQ(g.columns.size(), 4u);
  std::size_t p = 1;
  for (const Column& c : g.columns) {
    EXPECT_EQ(c.kind, ColumnKind::StockhamPass);
    EXPECT_EQ(c.radix, 2);
    EXPECT_EQ(c.p, p);
    EXPECT_EQ(c.butterflies.size(), 8u);
    EXPECT_EQ(c.edges.size(), 32u);
    expectColumnMatches(c, 16);
    p *= 2;
  }
  // Pass p = 4, butterfly i = 5: k = 1, reads 5 and 13, writes (5-1)·2+1 = 9 and 9+4 = 13,
  // twiddle w(1, 8) = w(2, 16) on input 1.
  const Butterfly& b = g.columns[2].butterflies[5];
  EXPECT_EQ(b.k, 1u);
  EXPECT_EQ(b.inputs, (std::vector<std::size_t>{5, 13}));
  EXPECT_EQ(b.outputs, (std::vector<std::size_t>{9, 13}));
  EXPECT_EQ(b.twiddles[1].exponent, 1u);
  EXPECT_EQ(b.twiddles[1].over, 8u);
  EXPECT_EQ(b.twiddles[1].exponentOverN, 2u);
}

TEST(StockhamGraph, Every_global_variant_matches_the_mapping_and_the_planner) {
  for (Variant v : {Variant::R2, Variant::R4, Variant::R8, Variant::R16})
    for (std::size_t n = 2; n <= 1024; n *= 2) {
      auto passes = planPasses(oneD(n, v), DeviceLimits{});
      FlowGraph g = buildFlowGraph(oneD(n, v), passes);
      ASSERT_EQ(g.columns.size(), passes.size()) << toString(v) << " " << n;
      for (std::size_t c = 0; c < passes.size(); ++c) {
        EXPECT_EQ(g.columns[c].radix, passes[c].radix);
        EXPECT_EQ(g.columns[c].p, passes[c].p);
        EXPECT_EQ(g.columns[c].launch, c);
        expectColumnMatches(g.columns[c], n);
      }
    }
}

TEST(StockhamGraph, Every_column_writes_each_element_once) {
  for (Variant v : allVariants())
    for (std::size_t n = 2; n <= 1024; n *= 2)
      for (const Column& c : buildFlowGraph(oneD(n, v)).columns) {
        std::set<std::size_t> read, written;
        for (const Butterfly& b : c.butterflies) {
          read.insert(b.inputs.begin(), b.inputs.end());
          written.insert(b.outputs.begin(), b.outputs.end());
        }
        EXPECT_EQ(read.size(), n) << c.label;
        EXPECT_EQ(written.size(), n) << c.label;
      }
}

TEST(StockhamGraph, Local_pass_is_one_launch_of_its_internal_stages) {
  // 64 points in one work-group: radix 16 (p = 1), then the tail radix 4 (p = 16).
  FlowGraph g = buildFlowGraph(oneD(64, Variant::Local));
  ASSERT_EQ(g.columns.size(), 2u);
  EXPECT_EQ(g.columns[0].kind, ColumnKind::LocalStage);
  EXPECT_EQ(g.columns[0].radix, 16);
  EXPECT_EQ(g.columns[0].p, 1u);
  EXPECT_EQ(g.columns[1].radix, 4);
  EXPECT_EQ(g.columns[1].p, 16u);
  EXPECT_EQ(g.columns[1].butterflies.size(), 16u);
  for (const Column& c : g.columns) {
    EXPECT_EQ(c.launch, 0u);
    EXPECT_EQ(c.stagesInLaunch, 2u);
    expectColumnMatches(c, 64);  // a whole-row local_fft indexes as global passes would
  }
}

TEST(StockhamGraph, Local_sub_transforms_read_interleaved_and_write_blocked) {
  // 32 KiB of local memory would hold 1024 points; 4 KiB holds 256: four sub-transforms of 256
  // points in the local pass (16 x 16), then a global radix-4 pass with p = 256.
  PlanDescription d = oneD(1024, Variant::Local);
  FlowGraph g = buildFlowGraph(d, DeviceLimits{4096, 256});
  ASSERT_EQ(g.columns.size(), 3u);
  EXPECT_EQ(g.columns[0].subTransforms, 4u);
  EXPECT_EQ(g.columns[1].launch, 0u);
  EXPECT_EQ(g.columns[2].kind, ColumnKind::StockhamPass);
  EXPECT_EQ(g.columns[2].radix, 4);
  EXPECT_EQ(g.columns[2].p, 256u);
  // Sub-transform 1, butterfly 0 of the first stage reads elements 1 + 4·(16·m).
  const Butterfly& b = g.columns[0].butterflies[16];
  EXPECT_EQ(b.inputs[0], 1u);
  EXPECT_EQ(b.inputs[1], 1u + 4 * 16);
  EXPECT_EQ(b.outputs[0], 256u);  // written at 1·256 + 0
}

TEST(StockhamGraph, Inverse_scale_sits_on_the_last_column) {
  FlowGraph g = buildFlowGraph(oneD(64, Variant::Local, Direction::Inverse));
  EXPECT_EQ(g.columns.front().scale, 1.0L);
  EXPECT_EQ(g.columns.back().scale, 1.0L / 64);
}

TEST(TextbookGraph, Dit_and_dif_share_the_shape) {
  FlowGraph dit = textbookDitGraph(16), dif = textbookDifGraph(16);
  ASSERT_EQ(dit.columns.size(), 4u);
  ASSERT_EQ(dif.columns.size(), 4u);
  for (std::size_t c = 0; c < 4; ++c) {
    EXPECT_EQ(dit.columns[c].butterflies.size(), 8u);
    EXPECT_EQ(dit.columns[c].p, std::size_t{1} << c);
    EXPECT_EQ(dif.columns[c].p, std::size_t{8} >> c);
    for (const Butterfly& b : dit.columns[c].butterflies) EXPECT_EQ(b.inputs, b.outputs);  // in place
  }
  EXPECT_EQ(dit.inputOrder[1], 8u);  // bit-reversed input
  EXPECT_EQ(dit.outputOrder[1], 1u);
  EXPECT_EQ(dif.inputOrder[1], 1u);
  EXPECT_EQ(dif.outputOrder[1], 8u);  // bit-reversed output
  EXPECT_THROW(textbookDitGraph(12), std::invalid_argument);
}

TEST(StockhamGraph, Refuses_two_dimensional_plans) {
  EXPECT_THROW(buildFlowGraph(PlanDescription::twoD(8, 8)), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::graph
