// VkFFT's and clFFT's real transforms on the engine's device, in RealPlan's layouts: R2C against
// FFTW's transform of the widened reals, C2R against FFTW's inverse of a half spectrum; 1D and 2D,
// even and odd lengths, batches, f32 and f64. bench-real times them only after the same check.
#include "DeviceFixture.h"
#include "engine/peers/PeerFft.h"
#include "engine/reference/Accuracy.h"
#include "engine/runtime/RealHost.h"

#include <gtest/gtest.h>

#include <cmath>

namespace fftscope {
namespace {

struct RealPeerCase {
  std::string peer;
  PlanDescription description;
};

double relativeL2(const std::vector<double>& x, const std::vector<double>& reference) {
  double difference = 0, norm = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    difference += (x[i] - reference[i]) * (x[i] - reference[i]);
    norm += reference[i] * reference[i];
  }
  return std::sqrt(difference / norm);
}

// Complex values as (real, imaginary) pairs of doubles.
template <typename T>
std::vector<double> flat(const std::vector<std::complex<T>>& z) {
  std::vector<double> out;
  for (const auto& v : z) out.insert(out.end(), {double(v.real()), double(v.imag())});
  return out;
}

// The peer's output and FFTW's, both widened to doubles.
template <typename T>
std::pair<std::vector<double>, std::vector<double>> runAndReference(cl::DeviceContext& context, PeerFft& peer,
                                                                    const PlanDescription& d) {
  const bool twoD = d.dimensions == 2;
  std::vector<double> xd(d.elements());
  const auto noise = randomComplexF64(xd.size(), 23);
  for (std::size_t i = 0; i < xd.size(); ++i) xd[i] = T(noise[i].real());  // exactly representable in T
  const std::vector<std::complex<double>> spectrum = realForwardFftw(xd, d.rows, d.cols, d.batch, twoD);
  const std::size_t realBytes = xd.size() * sizeof(T), complexBytes = spectrum.size() * sizeof(std::complex<T>);
  if (d.direction == Direction::Forward) {
    const std::vector<T> x(xd.begin(), xd.end());
    cl::Buffer in = context.buffer(realBytes), out = context.buffer(complexBytes);
    context.write(in.get(), x.data(), realBytes);
    peer.enqueue(in.get(), out.get());
    std::vector<std::complex<T>> y(spectrum.size());
    context.read(out.get(), y.data(), complexBytes);
    return {flat(y), flat(spectrum)};
  }
  const std::vector<std::complex<T>> half(spectrum.begin(), spectrum.end());
  const std::vector<double> reference = realInverseFftw(std::vector<std::complex<double>>(half.begin(), half.end()),
                                                        d.rows, d.cols, d.batch, twoD);
  cl::Buffer in = context.buffer(complexBytes), out = context.buffer(realBytes);
  context.write(in.get(), half.data(), complexBytes);
  peer.enqueue(in.get(), out.get());
  std::vector<T> y(xd.size());
  context.read(out.get(), y.data(), realBytes);
  return {std::vector<double>(y.begin(), y.end()), reference};
}

class RealPeers : public ::testing::TestWithParam<RealPeerCase> {};

TEST_P(RealPeers, MatchFftw) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  const RealPeerCase& c = GetParam();
  const PlanDescription& d = c.description;
  std::unique_ptr<PeerFft> peer = makeRealPeer(c.peer, *context, d);
  EXPECT_EQ(peer->name(), c.peer);
  const auto [output, reference] = d.precision == Precision::F32 ? runAndReference<float>(*context, *peer, d)
                                                                 : runAndReference<double>(*context, *peer, d);
  ASSERT_EQ(output.size(), reference.size());
  EXPECT_LE(relativeL2(output, reference), 2 * l2Gate(d.precision, d.points(), GateKind::Transcendental))
      << c.peer << " " << d.summary();
}

std::vector<RealPeerCase> realPeerCases() {
  std::vector<RealPeerCase> cases;
  auto with = [](PlanDescription d, Direction direction, Precision precision) {
    d.direction = direction;
    d.precision = precision;
    return d;
  };
  for (const std::string& peer : realPeerNames())
    for (Direction direction : {Direction::Forward, Direction::Inverse}) {
      cases.push_back({peer, with(PlanDescription::oneD(1024, 3), direction, Precision::F32)});
      cases.push_back({peer, with(PlanDescription::oneD(945, 2), direction, Precision::F32)});
      cases.push_back({peer, with(PlanDescription::oneD(1000), direction, Precision::F64)});
      cases.push_back({peer, with(PlanDescription::twoD(64, 48, 2), direction, Precision::F32)});
      cases.push_back({peer, with(PlanDescription::twoD(45, 50), direction, Precision::F64)});
    }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Engine, RealPeers, ::testing::ValuesIn(realPeerCases()), [](const auto& info) {
  const PlanDescription& d = info.param.description;
  return info.param.peer + "_" + (d.dimensions == 2 ? std::to_string(d.rows) + "x" : std::string()) +
         std::to_string(d.cols) + "_b" + std::to_string(d.batch) + "_" +
         (d.direction == Direction::Forward ? "R2C" : "C2R") + "_" + std::string(toString(d.precision));
});

TEST(RealPeers, ClfftRefusesLengthsWithOtherPrimesNamingThem) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  try {
    makeRealPeer("clfft", *context, PlanDescription::twoD(37, 64));
    FAIL() << "clFFT accepted 37 rows";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("rows 37"), std::string::npos) << e.what();
  }
}

TEST(RealPeers, UnknownNamesAreRefused) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  EXPECT_THROW(makeRealPeer("fftw", *context, PlanDescription::oneD(64)), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope
