// The Signal workspace's work on the engine thread: reading, spectra, spectrograms and filtering
// on immutable inputs, returning immutable results. One instance lives as long as the workspace
// and is used by one job at a time; it keeps the spectrogram's batch FFT (the OpenCL engine when
// the service has a device, FFTW otherwise) between requests so plans are baked once.
#pragma once

#include "signal/SignalResults.h"

#include "signal/ReadControl.h"

#include <functional>
#include <memory>

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
  signal::BatchFftBackend& backendFor(EngineRuntime& runtime);

  std::unique_ptr<signal::FftwBatchBackend> fftw_;
  std::unique_ptr<signal::OpenClBatchBackend> opencl_;
  bool openclRefused_ = false;
};

// Whether a spec changes anything (a plain all-pass with no notch and no curve does not).
bool filterDoesSomething(const signal::SignalFilterSpec& spec);

}  // namespace fftscope::gui
