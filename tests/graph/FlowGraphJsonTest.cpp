// The JSON layout documented in FlowGraphJson.h.
#include "graph/FlowGraphBuilder.h"
#include "graph/FlowGraphJson.h"
#include "graph/PlanGraphJson.h"
#include "graph/TextbookGraphs.h"

#include <gtest/gtest.h>

namespace fftscope::graph {
namespace {

TEST(FlowGraphJson, Radix2_sixteen_points) {
  PlanDescription d = PlanDescription::oneD(16);
  d.variant = Variant::R2;
  nlohmann::json j = nlohmann::json::parse(toJson(buildFlowGraph(d)).dump());
  EXPECT_EQ(j["format"], "fftscope-flow-graph");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["kind"], "plan");
  EXPECT_EQ(j["points"], 16);
  EXPECT_EQ(j["sign"], -1);
  EXPECT_EQ(j["variant"], "r2");
  EXPECT_EQ(j["nodes"]["boundaries"], 5);
  EXPECT_EQ(j["nodes"]["perBoundary"], 16);
  ASSERT_EQ(j["passes"].size(), 4u);
  ASSERT_EQ(j["launches"].size(), 4u);
  const nlohmann::json& pass = j["passes"][2];
  EXPECT_EQ(pass["p"], 4);
  EXPECT_EQ(pass["kind"], "stockham-pass");
  EXPECT_EQ(pass["source"], "output");  // scratchA, output, scratchA, output: ends in the output
  EXPECT_EQ(pass["butterflies"].size(), 8u);
  EXPECT_EQ(pass["edges"].size(), 32u);
  const nlohmann::json& b = pass["butterflies"][5];
  EXPECT_EQ(b["inputs"], (std::vector<int>{5, 13}));
  EXPECT_EQ(b["outputs"], (std::vector<int>{9, 13}));
  EXPECT_EQ(b["twiddles"][1]["overN"], 2);
  const nlohmann::json& e = pass["edges"][0];
  for (const char* key : {"from", "to", "m", "q", "butterfly", "twiddle", "weightOverN"}) EXPECT_TRUE(e.contains(key)) << key;
}

TEST(FlowGraphJson, Local_launch_lists_its_stage_columns) {
  PlanDescription d = PlanDescription::oneD(64);
  d.variant = Variant::Local;
  d.direction = Direction::Inverse;
  nlohmann::json j = toJson(buildFlowGraph(d));
  ASSERT_EQ(j["launches"].size(), 1u);
  EXPECT_EQ(j["launches"][0]["kernel"], "local_fft");
  EXPECT_EQ(j["launches"][0]["columns"], (std::vector<int>{0, 1}));
  EXPECT_EQ(j["passes"][1]["scale"], 1.0 / 64);
  EXPECT_EQ(j["passes"][0]["source"], "input");
  EXPECT_EQ(j["passes"][1]["destination"], "output");
}

TEST(FlowGraphJson, Textbook_orders_and_memory_views) {
  nlohmann::json j = toJson(textbookDifGraph(8));
  EXPECT_EQ(j["kind"], "textbook-dif");
  EXPECT_EQ(j["nodes"]["outputOrder"], (std::vector<int>{0, 4, 2, 6, 1, 5, 3, 7}));
  EXPECT_EQ(j["passes"][0]["twiddlePlacement"], "after-dft");
  PlanDescription d = PlanDescription::oneD(256);
  d.variant = Variant::R4;
  nlohmann::json views = toJson(memoryAccessViews(planPasses(d, DeviceLimits{}), d.precision));
  ASSERT_EQ(views.size(), 4u);
  EXPECT_EQ(views[0]["reads"][0]["contiguousRuns"], 1);
}

TEST(FlowGraphJson, Plan_document_for_the_command_line) {
  PlanDescription d = PlanDescription::oneD(512);
  d.variant = Variant::R16;
  nlohmann::json j = planGraphJson(d);
  EXPECT_EQ(j["description"], d.summary());
  ASSERT_EQ(j["plan"].size(), 3u);  // 16, 16, 2
  EXPECT_EQ(j["plan"][2]["radix"], 2);
  EXPECT_EQ(j["plan"][2]["p"], 256);
  EXPECT_EQ(j["passes"].size(), 3u);
  ASSERT_EQ(j["memory"].size(), 3u);
  EXPECT_EQ(j["memory"][0]["writes"][0]["segmentsTouched"], 32);

  GraphJsonOptions options;
  options.expandBlocks = true;
  options.memoryViews = false;
  nlohmann::json expanded = planGraphJson(d, DeviceLimits{}, options);
  EXPECT_EQ(expanded["passes"].size(), 9u);  // log2 512 radix-2 steps
  EXPECT_EQ(expanded["passes"][3]["blockRadix"], 16);
  EXPECT_EQ(expanded["passes"][3]["innerStage"], 3);
  EXPECT_FALSE(expanded.contains("memory"));

  d.variant = Variant::Local;
  nlohmann::json local = planGraphJson(d);
  ASSERT_EQ(local["localMemory"].size(), 1u);
  EXPECT_EQ(local["localMemory"][0]["accesses"][0]["waysWithoutPadding"], 32);
}

}  // namespace
}  // namespace fftscope::graph
