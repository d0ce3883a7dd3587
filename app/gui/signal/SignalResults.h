// What the engine thread hands the Signal workspace: immutable values shared by pointer, so a
// result crosses threads without a copy and stays valid while any view still shows it.
#pragma once

#include "signal/SignalEnvelope.h"

#include "signal/FilterDesign.h"
#include "signal/PeakPicking.h"
#include "signal/Spectrogram.h"
#include "signal/Spectrum.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace fftscope::gui {

// A signal with the envelopes the time plot draws: one per channel, then the mix (several channels).
struct LoadedSignal {
  quint64 id = 0;
  QString path;  // empty for generated signals
  QString name;
  SignalPtr signal;
  std::vector<EnvelopePtr> envelopes;
  double loadMs = 0.0;

  // channel < 0: the mix (the only channel of a mono signal).
  EnvelopePtr envelope(int channel) const {
    if (channel < 0) return envelopes.back();
    return envelopes[std::size_t(channel)];
  }
};
using LoadedSignalPtr = std::shared_ptr<const LoadedSignal>;

struct SignalFilterOutcome {
  quint64 generation = 0;
  quint64 signalId = 0;
  signal::SignalFilterSpec spec;
  std::size_t taps = 0;
  LoadedSignalPtr filtered;  // null for an all-pass spec with no notches or curve
};
using SignalFilterOutcomePtr = std::shared_ptr<const SignalFilterOutcome>;

// The part of the signal the spectrum analyses, in samples.
struct SampleRange {
  std::size_t first = 0;
  std::size_t count = 0;  // 0: to the end
};

struct SpectrumOutcome {
  quint64 generation = 0;
  quint64 requestId = 0;  // the request's RequestTicket::id: the plot says when it is painted
  signal::Spectrum original;
  std::optional<signal::Spectrum> filtered;
  std::vector<signal::SpectralPeak> peaks;  // of the original, strongest first
};
using SpectrumOutcomePtr = std::shared_ptr<const SpectrumOutcome>;

struct SpectrogramOutcome {
  quint64 generation = 0;
  signal::Spectrogram spectrogram;
  QString backend;  // "FFTW" or "OpenCL: <device>"
  bool ofFiltered = false;  // of the filtered signal rather than the original
  double computeMs = 0.0;
};
using SpectrogramOutcomePtr = std::shared_ptr<const SpectrogramOutcome>;

}  // namespace fftscope::gui
