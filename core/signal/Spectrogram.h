// Short-time spectra of one channel: frame i covers samples [i hop, i hop + n), windowed, and its
// one-sided level in dBFS (the same scale as Spectrum.h: a full-scale sine reads 0 dBFS; levels
// below floorDb are clamped to it) fills row i of a time x frequency matrix. Frames are
// transformed in chunks of rows through a BatchFftBackend, two real frames packed into one
// complex row, so the working memory is one chunk whatever the signal's length. The sink hears
// each chunk of rows as it is done; collecting them all (optionally pooling neighbouring frames
// by their maximum to at most maxRows rows) gives the matrix the GUI colours.
#pragma once

#include "signal/BatchFftBackend.h"
#include "signal/ReadControl.h"
#include "signal/Window.h"

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace fftscope::signal {

struct SpectrogramSettings {
  WindowSpec window;
  std::size_t fftSize = 1024;  // also the frame length; any size
  std::size_t hop = 256;       // samples between frames (75% overlap for 1024)
  double floorDb = -160.0;
  std::size_t chunkFrames = 0; // frames per backend call; 0: about 4 Mi complex values
  std::size_t maxRows = 0;     // computeSpectrogram only; 0: one row per frame
};

struct Spectrogram {
  double sampleRate = 0.0;
  std::size_t fftSize = 0;
  std::size_t hop = 0;
  std::size_t framesPerRow = 1;  // > 1 when frames were pooled
  std::size_t rows = 0;
  std::size_t bins = 0;          // fftSize / 2 + 1
  std::vector<float> db;         // rows x bins, row-major

  float at(std::size_t row, std::size_t bin) const { return db[row * bins + bin]; }
  // The centre of the row's first frame, in seconds.
  double rowTime(std::size_t row) const { return (double(row * framesPerRow * hop) + 0.5 * double(fftSize)) / sampleRate; }
  double binFrequency(std::size_t bin) const { return double(bin) * sampleRate / double(fftSize); }
};

// Frames in a signal of `samples` (one zero-padded frame when it is shorter than fftSize).
std::size_t spectrogramFrames(std::size_t samples, std::size_t fftSize, std::size_t hop);

// firstFrame, frameCount, levels (frameCount x bins, row-major; valid during the call only)
using SpectrogramSink = std::function<void(std::size_t, std::size_t, const float*)>;

// Throws std::invalid_argument before any work: no samples, rate <= 0, fftSize < 2, hop < 1, or a
// size the backend cannot take.
void streamSpectrogram(std::span<const float> samples, double sampleRate, const SpectrogramSettings& settings,
                       BatchFftBackend& backend, const SpectrogramSink& sink, const ReadControl& control = {});
// The chunks spread over several devices' backends (one a device, each used on a thread of its
// own), each device taking the next chunk as it comes free, so a faster device takes more and all
// finish together. A chunk's levels depend only on its frames, so they are one device's; the sink
// hears one chunk at a time, not necessarily in order. One backend: the call above.
void streamSpectrogram(std::span<const float> samples, double sampleRate, const SpectrogramSettings& settings,
                       std::span<BatchFftBackend* const> backends, const SpectrogramSink& sink,
                       const ReadControl& control = {});

Spectrogram computeSpectrogram(std::span<const float> samples, double sampleRate, const SpectrogramSettings& settings,
                               BatchFftBackend& backend, const ReadControl& control = {});
// The same with the chunks spread over several devices' backends (streamSpectrogram above).
Spectrogram computeSpectrogram(std::span<const float> samples, double sampleRate, const SpectrogramSettings& settings,
                               std::span<BatchFftBackend* const> backends, const ReadControl& control = {});

}  // namespace fftscope::signal
