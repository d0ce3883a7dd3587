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

BenchResult runEngineCase(const CaseRun& run, const VariantChoice& choice);
BenchResult runPeerCase(const CaseRun& run, const std::string& peer);

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
