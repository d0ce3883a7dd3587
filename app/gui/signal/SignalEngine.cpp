#include "signal/SignalEngine.h"

#include "engine/EngineRuntime.h"
#include "signal/FftwBatchBackend.h"
#include "signal/OpenClBatchBackend.h"
#include "signal/OverlapAdd.h"

#include <QElapsedTimer>

#include <algorithm>
#include <bit>

namespace fftscope::gui {

std::vector<float> analysedSamples(const signal::Signal& s, int channel, SampleRange range) {
  const std::size_t frames = s.frames();
  const std::size_t first = std::min(range.first, frames);
  const std::size_t count = range.count == 0 ? frames - first : std::min(range.count, frames - first);
  std::vector<float> out(count, 0.0f);
  if (channel >= 0 || s.channelCount() == 1) {
    const auto& x = s.channels[std::size_t(std::max(channel, 0))];
    std::copy_n(x.begin() + std::ptrdiff_t(first), count, out.begin());
    return out;
  }
  const float scale = 1.0f / float(s.channelCount());
  for (const auto& x : s.channels)
    for (std::size_t i = 0; i < count; ++i) out[i] += x[first + i] * scale;
  return out;
}

LoadedSignalPtr prepareSignal(signal::Signal s, quint64 id, const QString& path, const QString& name) {
  signal::validateSignal(s);
  auto loaded = std::make_shared<LoadedSignal>();
  loaded->id = id;
  loaded->path = path;
  loaded->name = name;
  loaded->signal = std::make_shared<const signal::Signal>(std::move(s));
  for (std::size_t c = 0; c < loaded->signal->channelCount(); ++c)
    loaded->envelopes.push_back(std::make_shared<SignalEnvelope>(loaded->signal, int(c)));
  if (loaded->signal->channelCount() > 1) loaded->envelopes.push_back(std::make_shared<SignalEnvelope>(loaded->signal, -1));
  return loaded;
}

bool filterDoesSomething(const signal::SignalFilterSpec& spec) {
  return spec.base.kind != imaging::FilterKind::AllPass || !spec.notches.empty() || !spec.gainCurve.empty();
}

SignalEngine::SignalEngine() = default;
SignalEngine::~SignalEngine() = default;

SpectrumOutcome SignalEngine::spectrum(const LoadedSignal& original, const LoadedSignal* filtered, int channel,
                                       SampleRange range, const signal::SpectrumSettings& settings,
                                       std::size_t maxPeaks, const signal::ReadControl& control) const {
  SpectrumOutcome outcome;
  const std::vector<float> x = analysedSamples(*original.signal, channel, range);
  outcome.original = signal::estimateSpectrum(x, original.signal->sampleRate, settings, control);
  // Peaks are read in dBFS whatever the scale shown.
  outcome.peaks = signal::findPeaks(outcome.original, maxPeaks, -100.0);
  if (filtered) {
    const std::vector<float> y = analysedSamples(*filtered->signal, channel, range);
    outcome.filtered = signal::estimateSpectrum(y, filtered->signal->sampleRate, settings, control);
  }
  return outcome;
}

std::vector<signal::BatchFftBackend*> SignalEngine::backendsFor(EngineRuntime& runtime) {
  // The engine takes any size; FFTW-only services use FFTW. The service's devices are chosen
  // when it starts, so those made stay right.
  const auto& devices = runtime.devices();
  if (!devices.empty() && !openclRefused_) {
    try {
      while (opencl_.size() < devices.size())
        opencl_.push_back(std::make_unique<signal::OpenClBatchBackend>(devices[opencl_.size()]->context().device()));
      std::vector<signal::BatchFftBackend*> backends;
      for (const auto& backend : opencl_) backends.push_back(backend.get());
      return backends;
    } catch (const std::exception&) {
      openclRefused_ = true;
      opencl_.clear();
    }
  }
  if (!fftw_) fftw_ = std::make_unique<signal::FftwBatchBackend>();
  return {fftw_.get()};
}

void SignalEngine::publishTimings(EngineRuntime& runtime) {
  for (std::size_t d = 0; d < opencl_.size(); ++d) runtime.publishFrom(d, opencl_[d]->takeTimings());
}

SpectrogramOutcome SignalEngine::spectrogram(EngineRuntime& runtime, const signal::Signal& s, int channel,
                                             const signal::SpectrogramSettings& settings,
                                             const signal::ReadControl& control) {
  QElapsedTimer clock;
  clock.start();
  SpectrogramOutcome outcome;
  const std::vector<float> x = analysedSamples(s, channel);
  const std::vector<signal::BatchFftBackend*> backends = backendsFor(runtime);
  try {
    outcome.spectrogram = signal::computeSpectrogram(x, s.sampleRate, settings, backends, control);
  } catch (...) {
    publishTimings(runtime);
    throw;
  }
  publishTimings(runtime);
  outcome.backend = QString::fromStdString(backends.front()->name());
  if (backends.size() > 1) outcome.backend += QStringLiteral(" and %1 more").arg(backends.size() - 1);
  outcome.computeMs = double(clock.nsecsElapsed()) / 1e6;
  return outcome;
}

SignalFilterOutcome SignalEngine::filter(const LoadedSignal& original, const signal::SignalFilterSpec& spec,
                                   const signal::ReadControl& control) const {
  SignalFilterOutcome outcome;
  outcome.signalId = original.id;
  outcome.spec = spec;
  if (!filterDoesSomething(spec)) return outcome;
  signal::validateSignalFilter(spec, original.signal->sampleRate);
  outcome.taps = spec.taps ? spec.taps : signal::chooseTapCount(spec, original.signal->sampleRate);
  signal::Signal filtered = signal::filterSignal(*original.signal, spec, control);
  outcome.filtered = prepareSignal(std::move(filtered), original.id, {}, original.name + QStringLiteral(" (filtered)"));
  return outcome;
}

}  // namespace fftscope::gui
