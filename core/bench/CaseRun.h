// Inside the runner: one case of a sweep, the engine's and the peers' ways of verifying and
// timing it, and what they share (checking the first transform, turning times into rates).
#pragma once

#include "bench/SweepRunner.h"
#include "engine/description/PlanDescription.h"

#include <complex>
#include <vector>

namespace fftscope::bench {

struct CaseRun {
  cl::DeviceContext& context;
  const SweepSpec& spec;
  const SweepCallbacks& callbacks;
  PlanDescription description;  // shape, batch, precision, direction (the variant is set per case)
  cl_mem in = nullptr;          // random data, description.bytes()
  cl_mem out = nullptr;
  std::vector<std::complex<double>> firstInput;          // the first transform's input, widened
  std::vector<std::complex<long double>> reference;      // FFTW in long double of firstInput
  BenchResult blank;  // device, driver, date, precision, shape, batch, points, copy ceiling
};

// The data of one shape: random input (never zeros) and room for the output on the device, the
// first transform's input widened, and FFTW's long-double transform of it. The same description
// gives the same data, in the sweep and in a peer's child process alike.
struct CaseData {
  cl::Buffer in, out;
  std::vector<std::complex<double>> firstInput;
  std::vector<std::complex<long double>> reference;
};
CaseData prepareCase(cl::DeviceContext& context, const PlanDescription& d);
// A case's record before it runs: device, driver, the sweep's date, precision, shape, batch,
// points and the copy ceiling.
BenchResult caseBlank(const cl::DeviceInfo& device, const PlanDescription& d, std::string date, double copyGbs);

BenchResult runEngineCase(const CaseRun& run, const VariantChoice& choice);
BenchResult runPeerCase(const CaseRun& run, const std::string& peer);
// The same case in a child process (PeerChild.cpp): a crash, a hang past the limit or output that
// is not a result becomes the case's failure with a message. A cancel stops the child too.
BenchResult runPeerCaseInChild(const CaseRun& run, const std::string& peer, const PeerIsolation& isolation,
                               const std::atomic<bool>* cancel);
// A peer's case that did not give a result: verified false, `error`, no times.
void markPeerFailed(BenchResult& r, std::string error);

// Compares `output` (the first transform, widened) with the reference after the test hook;
// fills relL2, l2Gate, verified and error. Returns verified.
bool checkFirstTransform(const CaseRun& run, std::vector<std::complex<double>> output, double gate, BenchResult& r);
// Reads the first transform of `buffer` from the device, widened to double.
std::vector<std::complex<double>> readFirstTransform(const CaseRun& run, cl_mem buffer);
// Fills hostMs and the rates derived from its median.
void setHostTimes(BenchResult& r, const Quartiles& hostMs);
// Quartiles in milliseconds of `rounds` host-clock rounds of kBackToBack enqueues and one clFinish.
Quartiles hostClock(const CaseRun& run, const std::function<void()>& enqueue);

}  // namespace fftscope::bench
