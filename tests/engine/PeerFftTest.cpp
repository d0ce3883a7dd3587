// clFFT and VkFFT on the engine's device and buffers: their output against FFTW, before any
// timing relies on them.
#include "DeviceFixture.h"
#include "engine/peers/PeerFft.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"

#include <gtest/gtest.h>

namespace fftscope {
namespace {

struct PeerCase {
  std::string peer;
  PlanDescription description;
};

class Peers : public ::testing::TestWithParam<PeerCase> {};

TEST_P(Peers, MatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const PeerCase& c = GetParam();
  const PlanDescription& d = c.description;
  std::unique_ptr<PeerFft> peer = makePeer(c.peer, *context, d);
  EXPECT_EQ(peer->name(), c.peer);
  std::vector<std::complex<float>> x = randomComplexF32(d.elements(), 17);
  cl::Buffer in = context->buffer(d.bytes()), out = context->buffer(d.bytes());
  context->write(in.get(), x.data(), d.bytes());
  peer->enqueue(in.get(), out.get());
  std::vector<std::complex<float>> y(x.size());
  context->read(out.get(), y.data(), d.bytes());
  auto reference = referenceTransform(x, d.rows, d.cols, d.batch, d.dimensions == 2, d.direction);
  double error = measureError(y, reference).relL2;
  EXPECT_LE(error, 2 * l2Gate(d.precision, d.points(), GateKind::Transcendental)) << c.peer << " " << d.summary();
}

std::vector<PeerCase> peerCases() {
  std::vector<PeerCase> cases;
  for (const std::string& peer : peerNames()) {
    cases.push_back({peer, PlanDescription::oneD(1024, 3)});
    cases.push_back({peer, PlanDescription::oneD(65536, 1)});
    cases.push_back({peer, PlanDescription::twoD(64, 256)});
    PlanDescription inverse = PlanDescription::oneD(4096, 2);
    inverse.direction = Direction::Inverse;
    cases.push_back({peer, inverse});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Engine, Peers, ::testing::ValuesIn(peerCases()), [](const auto& info) {
  const PlanDescription& d = info.param.description;
  return info.param.peer + "_" + (d.dimensions == 2 ? std::to_string(d.rows) + "x" : std::string()) +
         std::to_string(d.cols) + "_b" + std::to_string(d.batch) + "_" + std::string(toString(d.direction));
});

TEST(Peers, UnknownNamesAreRefusedListingTheKnownOnes) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  try {
    makePeer("cufft", *context, PlanDescription::oneD(64));
    FAIL() << "cufft accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("clfft, vkfft"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fftscope
