// Transposes alone, on shapes that are not multiples of the tile: exact equality.
#include "DeviceFixture.h"
#include "engine/planning/PassPlan.h"
#include "engine/runtime/HostRun.h"
#include "engine/runtime/Plan.h"

#include <gtest/gtest.h>

namespace fftscope {
namespace {

struct TransposeCase {
  TransposeMode mode;
  std::size_t rows, cols, batch;
};

class TransposeAlone : public ::testing::TestWithParam<TransposeCase> {};

TEST_P(TransposeAlone, MovesEveryElementExactly) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const TransposeCase& c = GetParam();
  PlanDescription d = PlanDescription::twoD(c.rows, c.cols, c.batch);
  d.transpose = c.mode;
  Plan plan(*context, d, transposeOnlyPasses(d, limitsOf(context->device())));
  std::vector<std::complex<float>> in(d.elements());
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = {static_cast<float>(i), -static_cast<float>(i) * 0.5f};
  HostRunResult<float> r = runOnHost(*context, plan, in);
  EXPECT_TRUE(r.guardsIntact);
  EXPECT_TRUE(r.inputUntouched);
  std::size_t wrong = 0;
  for (std::size_t b = 0; b < c.batch; ++b)
    for (std::size_t row = 0; row < c.rows; ++row)
      for (std::size_t col = 0; col < c.cols; ++col) {
        std::size_t base = b * c.rows * c.cols;
        wrong += r.output[base + col * c.rows + row] != in[base + row * c.cols + col];
      }
  EXPECT_EQ(wrong, 0u) << c.rows << "x" << c.cols << " batch " << c.batch;
}

std::vector<TransposeCase> transposeCases() {
  std::vector<TransposeCase> cases;
  for (TransposeMode mode : {TransposeMode::Naive, TransposeMode::Tiled, TransposeMode::Padded})
    for (auto [rows, cols] : std::vector<std::pair<std::size_t, std::size_t>>{
             {1, 1}, {1, 17}, {17, 1}, {13, 31}, {16, 16}, {33, 65}, {100, 7}, {64, 48}, {255, 257}})
      for (std::size_t batch : {1u, 3u}) cases.push_back({mode, rows, cols, batch});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Shapes, TransposeAlone, ::testing::ValuesIn(transposeCases()),
                         [](const ::testing::TestParamInfo<TransposeCase>& info) {
                           const TransposeCase& c = info.param;
                           return std::string(toString(c.mode)) + "_" + std::to_string(c.rows) + "x" +
                                  std::to_string(c.cols) + "_b" + std::to_string(c.batch);
                         });

}  // namespace
}  // namespace fftscope
