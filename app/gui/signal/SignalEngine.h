// The Signal workspace's work on the engine thread: reading, spectra, spectrograms and filtering
// on immutable inputs, returning immutable results. One instance lives as long as the workspace
// and is used by one job at a time; it keeps the spectrogram's batch FFTs (the OpenCL engine on
// each of the service's devices, FFTW where it has none) between requests so plans are baked once.
#pragma once

#include "signal/SignalResults.h"

#include "signal/ReadControl.h"

#include <functional>
#include <memory>
#include <vector>

namespace fftscope::signal {
class BatchFftBackend;
class FftwBatchBackend;
class OpenClBatchBackend;
}  // namespace fftscope::signal

namespace fftscope::gui {

class EngineRuntime;

// The samples the spectrum and spectrogram analyse: one channel, or the mix when channel < 0.
std::vector<float> analysedSamples(const signal::Signal& signal, int channel, SampleRange range = {});

// The signal with its envelopes, ready for the views.
LoadedSignalPtr prepareSignal(signal::Signal signal, quint64 id, const QString& path, const QString& name);

class SignalEngine {
 public:
  SignalEngine();
  ~SignalEngine();

  SpectrumOutcome spectrum(const LoadedSignal& original, const LoadedSignal* filtered, int channel, SampleRange range,
                           const signal::SpectrumSettings& settings, std::size_t maxPeaks,
                           const signal::ReadControl& control) const;
  SpectrogramOutcome spectrogram(EngineRuntime& runtime, const signal::Signal& signal, int channel,
                                 const signal::SpectrogramSettings& settings, const signal::ReadControl& control);
  SignalFilterOutcome filter(const LoadedSignal& original, const signal::SignalFilterSpec& spec,
                       const signal::ReadControl& control) const;

 private:
  // The spectrogram's batch FFTs: the OpenCL engine on every device in use, the first's first
  // (its chunks are spread over them), or FFTW alone.
  std::vector<signal::BatchFftBackend*> backendsFor(EngineRuntime& runtime);
  // Each device's launches, published as that device's.
  void publishTimings(EngineRuntime& runtime);

  std::unique_ptr<signal::FftwBatchBackend> fftw_;
  std::vector<std::unique_ptr<signal::OpenClBatchBackend>> opencl_;  // one a device of the runtime's
  bool openclRefused_ = false;
};

// Whether a spec changes anything (a plain all-pass with no notch and no curve does not).
bool filterDoesSomething(const signal::SignalFilterSpec& spec);

}  // namespace fftscope::gui
