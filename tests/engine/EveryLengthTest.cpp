// Every length 1 .. 2048 (f32, batch 1, auto, table twiddles) against FFTW in long double: the
// forward transform within the L2 and L-infinity gates, inverse(forward(x)) within twice the L2
// gate, an impulse exactly 1 in every bin (within the L-infinity gate through Bluestein), the
// input untouched. A test row takes a block of lengths: it bakes all their plans, enqueues every
// transform and waits once, so that the device's per-call latency is paid per block.
#include "DeviceFixture.h"
#include "engine/planning/StagePlanner.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"
#include "engine/runtime/Plan.h"
#include "engine/verify/Verify.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <cstring>
#include <memory>

namespace fftscope {
namespace {

using Complex = std::complex<float>;

struct Block {
  std::size_t from, to;  // lengths from .. to, inclusive
};

std::string blockName(const ::testing::TestParamInfo<Block>& info) {
  return "n" + std::to_string(info.param.from) + "_to_" + std::to_string(info.param.to);
}

std::vector<Block> blocks(std::size_t from, std::size_t to, std::size_t size) {
  std::vector<Block> list;
  for (std::size_t n = from; n <= to; n += size) list.push_back({n, std::min(to, n + size - 1)});
  return list;
}

// One host array and one device buffer holding a row per length, each at an aligned offset, with
// a sub-buffer per row for the plans to read or write.
class PackedRows {
 public:
  PackedRows(cl::DeviceContext& context, const std::vector<std::size_t>& lengths) {
    const std::size_t align = std::max<std::size_t>(context.device().memBaseAlignBytes, 256);
    std::size_t bytes = 0;
    for (std::size_t n : lengths) {
      offsets_.push_back(bytes);
      bytes += (n * sizeof(Complex) + align - 1) / align * align;
    }
    host_.resize(bytes / sizeof(Complex));
    whole_ = context.buffer(bytes);
    for (std::size_t i = 0; i < lengths.size(); ++i) {
      cl_buffer_region region{offsets_[i], lengths[i] * sizeof(Complex)};
      cl_int status = CL_SUCCESS;
      rows_.emplace_back(clCreateSubBuffer(whole_.get(), CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &status));
      cl::check(status, "clCreateSubBuffer");
    }
  }
  Complex* row(std::size_t i) { return host_.data() + offsets_[i] / sizeof(Complex); }
  cl_mem device(std::size_t i) const { return rows_[i].get(); }
  void upload(cl::DeviceContext& context) { context.write(whole_.get(), host_.data(), host_.size() * sizeof(Complex)); }
  void download(cl::DeviceContext& context) { context.read(whole_.get(), host_.data(), host_.size() * sizeof(Complex)); }

 private:
  std::vector<std::size_t> offsets_;
  std::vector<Complex> host_;
  cl::Buffer whole_;
  std::vector<cl::Buffer> rows_;
};

class EveryLength : public ::testing::TestWithParam<Block> {};

TEST_P(EveryLength, MatchesFftwWithinGates) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  std::vector<std::size_t> lengths;
  for (std::size_t n = GetParam().from; n <= GetParam().to; ++n) lengths.push_back(n);
  const std::size_t count = lengths.size();

  PackedRows in(*context, lengths), out(*context, lengths), back(*context, lengths), impulse(*context, lengths),
      impulseOut(*context, lengths);
  std::vector<std::vector<Complex>> inputs;
  std::vector<std::unique_ptr<Plan>> forward, inverse;
  for (std::size_t i = 0; i < count; ++i) {
    inputs.push_back(randomComplexF32(lengths[i], 0x5eed + lengths[i]));
    std::copy(inputs[i].begin(), inputs[i].end(), in.row(i));
    impulse.row(i)[0] = 1;
    PlanDescription d = PlanDescription::oneD(lengths[i]);
    forward.push_back(std::make_unique<Plan>(*context, d));
    d.direction = Direction::Inverse;
    inverse.push_back(std::make_unique<Plan>(*context, d));
  }
  in.upload(*context);
  impulse.upload(*context);
  for (std::size_t i = 0; i < count; ++i) {
    forward[i]->enqueue(in.device(i), out.device(i));
    inverse[i]->enqueue(out.device(i), back.device(i));
    forward[i]->enqueue(impulse.device(i), impulseOut.device(i));
  }
  context->finish();
  out.download(*context);
  back.download(*context);
  impulseOut.download(*context);
  in.download(*context);

  double worstL2 = 0, worstLinf = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t n = lengths[i];
    const PlanDescription d = PlanDescription::oneD(n);
    const Gates gates = gatesFor(d);
    auto reference = referenceTransform(inputs[i], 1, n, 1, false, Direction::Forward);
    ErrorMeasures e = measureError(std::span<const Complex>(out.row(i), n), reference);
    EXPECT_LE(e.relL2, gates.l2) << "n = " << n;
    EXPECT_LE(e.relLinf, gates.linf) << "n = " << n;
    worstL2 = std::max(worstL2, e.relL2 / gates.l2);
    worstLinf = std::max(worstLinf, e.relLinf / gates.linf);

    std::vector<std::complex<long double>> x(inputs[i].begin(), inputs[i].end());
    EXPECT_LE(measureError(std::span<const Complex>(back.row(i), n), x).relL2, 2 * gates.l2) << "round trip, n = " << n;
    EXPECT_EQ(std::memcmp(in.row(i), inputs[i].data(), n * sizeof(Complex)), 0) << "input changed, n = " << n;

    double impulseError = 0;
    bool exact = true;
    for (std::size_t k = 0; k < n; ++k) {
      exact = exact && impulseOut.row(i)[k] == Complex(1, 0);
      impulseError = std::max(impulseError, static_cast<double>(std::abs(impulseOut.row(i)[k] - Complex(1, 0))));
    }
    if (usesBluestein(d))
      EXPECT_LE(impulseError, gates.linf) << "impulse, n = " << n;
    else
      EXPECT_TRUE(exact) << "impulse not exactly 1, n = " << n;
  }
  std::printf("gate fraction n %zu .. %zu: worst L2 %.3f, worst Linf %.3f\n", GetParam().from, GetParam().to, worstL2,
              worstLinf);
}

INSTANTIATE_TEST_SUITE_P(Lengths1, EveryLength, ::testing::ValuesIn(blocks(1, 1024, 64)), blockName);
INSTANTIATE_TEST_SUITE_P(Lengths2, EveryLength, ::testing::ValuesIn(blocks(1025, 1600, 64)), blockName);
INSTANTIATE_TEST_SUITE_P(Lengths3, EveryLength, ::testing::ValuesIn(blocks(1601, 2048, 64)), blockName);

}  // namespace
}  // namespace fftscope
