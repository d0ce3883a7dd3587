// The peers' side of a case: clFFT and VkFFT on the context, queue and buffers given (in a sweep
// with PeerIsolation, a child process's own, PeerCaseCommand.h); FFTW on the host's threads. Each is checked against the reference before it is timed.
// Peers compute their own twiddles, so they are held to twice the gate of computed twiddles.
#include "bench/CaseRun.h"

#include "engine/peers/FftwTiming.h"
#include "engine/peers/PeerFft.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"

#include <limits>

namespace fftscope::bench {
namespace {

template <typename T>
std::vector<std::complex<double>> fftwFirstTransform(const CaseRun& run) {
  const PlanDescription& d = run.description;
  std::vector<std::complex<T>> in(run.firstInput.begin(), run.firstInput.end()), out(in.size());
  fftwTransform(in.data(), out.data(), d.rows, d.cols, 1, d.dimensions == 2, d.direction);
  return {out.begin(), out.end()};
}

}  // namespace

BenchResult runPeerCase(const CaseRun& run, const std::string& peer) {
  BenchResult r = run.blank;
  r.variant = peer;
  const double gate = 2 * l2Gate(run.description.precision, run.description.points(), GateKind::Transcendental);
  try {
    if (peer == "fftw") {
      std::vector<std::complex<double>> first = run.description.precision == Precision::F32
                                                    ? fftwFirstTransform<float>(run)
                                                    : fftwFirstTransform<double>(run);
      // FFTW runs from host memory with no queue: timeFftw warms up itself and times each execution.
      if (checkFirstTransform(run, std::move(first), gate, r))
        setHostTimes(r, quartiles(timeFftw(run.description, run.spec.repeat)));
    } else {
      std::unique_ptr<PeerFft> fft = makePeer(peer, run.context, run.description);
      fft->enqueue(run.in, run.out);
      run.context.finish();
      if (checkFirstTransform(run, readFirstTransform(run, run.out), gate, r))
        setHostTimes(r, hostClock(run, [&] { fft->enqueue(run.in, run.out); }));
    }
  } catch (const std::exception& e) {
    r.verified = false;
    r.error = e.what();
  }
  // Peers give no profiling events: their kernel time is not known.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  r.kernelMs = {nan, nan, nan};
  if (!r.verified) markPeerFailed(r, r.error);
  return r;
}

void markPeerFailed(BenchResult& r, std::string error) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  r.verified = false;
  r.error = std::move(error);
  r.hostMs = r.kernelMs = {nan, nan, nan};
  r.gflops = r.gbs = r.copyFraction = nan;
}

}  // namespace fftscope::bench
