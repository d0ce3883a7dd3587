#include "bench/RealPeerRun.h"

#include "engine/cl/ClError.h"
#include "engine/peers/PeerFft.h"
#include "engine/reference/Accuracy.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>

namespace fftscope::bench {
namespace {

struct RealSizes {
  std::size_t inBytes, outBytes, outValues;  // outValues: reals, a complex bin counting two
};

RealSizes sizesOf(const PlanDescription& d) {
  const std::size_t realBytes = bytesPerComplex(d.precision) / 2;
  const std::size_t reals = d.elements(), halfValues = 2 * (reals / d.cols) * (d.cols / 2 + 1);
  return d.direction == Direction::Forward ? RealSizes{reals * realBytes, halfValues * realBytes, halfValues}
                                           : RealSizes{halfValues * realBytes, reals * realBytes, reals};
}

std::vector<double> readWidened(cl::DeviceContext& context, cl_mem buffer, std::size_t values, Precision precision) {
  if (precision == Precision::F64) {
    std::vector<double> out(values);
    context.read(buffer, out.data(), values * sizeof(double));
    return out;
  }
  std::vector<float> narrow(values);
  context.read(buffer, narrow.data(), values * sizeof(float));
  return {narrow.begin(), narrow.end()};
}

double relativeL2(std::span<const double> x, std::span<const double> reference) {
  if (x.size() != reference.size()) throw std::invalid_argument("the reference's size differs from the output's");
  double difference = 0, norm = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    difference += (x[i] - reference[i]) * (x[i] - reference[i]);
    norm += reference[i] * reference[i];
  }
  if (norm == 0) return difference == 0 ? 0 : std::numeric_limits<double>::infinity();
  return std::sqrt(difference / norm);
}

void copyBuffer(cl::DeviceContext& context, cl_mem from, cl_mem to, std::size_t bytes) {
  cl::check(clEnqueueCopyBuffer(context.queue(), from, to, 0, 0, bytes, 0, nullptr, nullptr), "clEnqueueCopyBuffer");
}

}  // namespace

double realPeerGate(const PlanDescription& real) {
  return 2 * l2Gate(real.precision, real.points(), GateKind::Transcendental);
}

RealPeerOutcome runRealPeer(cl::DeviceContext& context, const PlanDescription& real, const std::string& peer,
                            const RealPeerBuffers& buffers, const HostClockRounds& rounds,
                            const AlterRealOutput& alter) {
  RealPeerOutcome r;
  r.peer = peer;
  r.gate = realPeerGate(real);
  const RealSizes sizes = sizesOf(real);
  std::vector<unsigned char> input(sizes.inBytes);
  std::unique_ptr<PeerFft> fft;
  try {
    fft = makeRealPeer(peer, context, real);
    context.read(buffers.in, input.data(), input.size());
    fft->enqueue(buffers.in, buffers.out);
    context.finish();
  } catch (const std::exception& e) {
    r.message = e.what();  // a size the peer does not take, or the library failed
    return r;
  }
  std::vector<unsigned char> after(input.size());
  context.read(buffers.in, after.data(), after.size());
  r.changesInput = after != input;
  if (r.changesInput) context.write(buffers.in, input.data(), input.size());

  std::vector<double> output = readWidened(context, buffers.out, sizes.outValues, real.precision);
  if (alter) alter(peer, output);
  r.relL2 = relativeL2(output, buffers.reference);
  if (!(r.relL2 <= r.gate)) {  // NaN fails too
    char text[160];
    std::snprintf(text, sizeof text, "output differs from FFTW: relative L2 error %.3g above the gate %.3g", r.relL2,
                  r.gate);
    r.state = RealPeerOutcome::State::Wrong;
    r.message = text;
    return r;
  }

  // Timed on the same buffers every time, as the engine is. A peer that changes its input gets
  // it back before each round; within a round it reads what the enqueue before left there.
  cl::Buffer saved;
  if (r.changesInput) {
    saved = context.buffer(sizes.inBytes);
    copyBuffer(context, buffers.in, saved.get(), sizes.inBytes);
  }
  auto restore = [&] { copyBuffer(context, saved.get(), buffers.in, sizes.inBytes); };
  try {
    r.hostMs = timeRounds(
        context, rounds, [&](int) { fft->enqueue(buffers.in, buffers.out); },
        r.changesInput ? std::function<void()>(restore) : std::function<void()>());
    if (r.changesInput) restore();
    context.finish();
  } catch (const std::exception& e) {
    r.message = std::string("failed while timed: ") + e.what();
    return r;
  }
  r.state = RealPeerOutcome::State::Verified;
  return r;
}

std::vector<std::string> parseRealPeerList(std::string_view text) {
  if (text.empty()) return {};
  const std::vector<std::string> known = realPeerNames();
  if (text == "all") return known;
  std::vector<std::string> peers;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string part(text.substr(start, comma - start));
    if (std::find(known.begin(), known.end(), part) == known.end())
      throw std::invalid_argument("unknown peer '" + part + "' (accepted for real transforms: clfft, vkfft, all)");
    if (std::find(peers.begin(), peers.end(), part) == peers.end()) peers.push_back(part);
    start = comma + 1;
  }
  return peers;
}

}  // namespace fftscope::bench
