#include "signal/Spectrogram.h"

#include "engine/description/PlanDescription.h"
#include "engine/multi/SpreadItems.h"
#include "io/MemoryBudget.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>

namespace fftscope::signal {

std::size_t spectrogramFrames(std::size_t samples, std::size_t fftSize, std::size_t hop) {
  if (samples <= fftSize) return 1;
  return 1 + (samples - fftSize) / hop;
}

namespace {

std::size_t chunkFrames(const SpectrogramSettings& settings) {
  std::size_t chunk = settings.chunkFrames ? settings.chunkFrames
                                           : std::max<std::size_t>(2, (std::size_t(1) << 23) / settings.fftSize);
  return chunk + chunk % 2;  // frames go two to a complex row
}

// The window (double and float), one chunk of complex rows and of levels, and as much again as
// the rows for the backend's own buffers and plans.
std::uint64_t streamingBytes(const SpectrogramSettings& settings) {
  const std::uint64_t n = settings.fftSize, chunk = chunkFrames(settings);
  const std::uint64_t rows = io::bytesOf(io::bytesOf(chunk / 2, n), sizeof(std::complex<float>));
  return io::bytesOf(n, sizeof(double) + sizeof(float)) + 2 * rows +
         io::bytesOf(io::bytesOf(chunk, n / 2 + 1), sizeof(float));
}

}  // namespace

namespace {

// One chunk of frames into levels: packed two to a complex row, transformed, unpacked. Shared by
// every device; each brings its own rows and levels.
class ChunkLevels {
 public:
  ChunkLevels(std::span<const float> samples, const SpectrogramSettings& settings)
      : samples_(samples), settings_(settings), n_(settings.fftSize), bins_(n_ / 2 + 1),
        frames_(spectrogramFrames(samples.size(), n_, settings.hop)), floorDb_(float(settings.floorDb)) {
    const std::vector<double> windowD = makeWindow(settings.window, n_);
    window_.assign(windowD.begin(), windowD.end());
    double windowSum = 0.0;
    for (double w : windowD) windowSum += w;
    // dBFS of |X|: 20 log10(c |X| / sum(w)), c = 2 except at DC and Nyquist.
    offsetDb_ = 20.0 * std::log10(2.0 / windowSum);
  }

  std::size_t frames() const { return frames_; }

  void operator()(std::size_t first, std::size_t count, BatchFftBackend& backend, std::vector<std::complex<float>>& rows,
                  std::vector<float>& levels) const {
    const std::size_t n = n_, bins = bins_, pairs = (count + 1) / 2;
    // Frame a in the real part, frame b in the imaginary part of one row.
    for (std::size_t p = 0; p < pairs; ++p) {
      const std::size_t a = first + 2 * p, b = a + 1;
      std::complex<float>* row = rows.data() + p * n;
      for (std::size_t j = 0; j < n; ++j) row[j] = {frameSample(a, j), b < frames_ ? frameSample(b, j) : 0.0f};
    }
    backend.forwardRows(rows.data(), n, pairs);
    // Unpacking: Xa[k] = (Z[k] + conj Z[n-k]) / 2, Xb[k] = (Z[k] - conj Z[n-k]) / 2i.
    for (std::size_t p = 0; p < pairs; ++p) {
      const std::complex<float>* z = rows.data() + p * n;
      float* outA = levels.data() + (2 * p) * bins;
      float* outB = outA + bins;
      const bool hasB = 2 * p + 1 < count;
      for (std::size_t k = 0; k < bins; ++k) {
        const std::complex<float> zk = z[k], zc = std::conj(z[(n - k) % n]);
        const std::complex<float> xa = 0.5f * (zk + zc);
        const std::complex<float> xb = std::complex<float>(0.0f, -0.5f) * (zk - zc);
        const bool edge = k == 0 || (n % 2 == 0 && k == n / 2);
        outA[k] = level(std::norm(xa), edge);
        if (hasB) outB[k] = level(std::norm(xb), edge);
      }
    }
  }

 private:
  float frameSample(std::size_t frame, std::size_t j) const {
    const std::size_t at = frame * settings_.hop + j;
    return at < samples_.size() ? samples_[at] * window_[j] : 0.0f;
  }
  float level(float magnitudeSquared, bool edge) const {
    if (!(magnitudeSquared > 0.0f)) return floorDb_;
    const double db = 10.0 * std::log10(double(magnitudeSquared)) + offsetDb_ - (edge ? 6.020599913279624 : 0.0);
    return std::max(floorDb_, float(db));
  }

  std::span<const float> samples_;
  const SpectrogramSettings& settings_;
  std::size_t n_, bins_, frames_;
  std::vector<float> window_;
  double offsetDb_ = 0.0;
  float floorDb_;
};

}  // namespace

void streamSpectrogram(std::span<const float> samples, double sampleRate, const SpectrogramSettings& settings,
                       BatchFftBackend& backend, const SpectrogramSink& sink, const ReadControl& control) {
  BatchFftBackend* const one[] = {&backend};
  streamSpectrogram(samples, sampleRate, settings, one, sink, control);
}

void streamSpectrogram(std::span<const float> samples, double sampleRate, const SpectrogramSettings& settings,
                       std::span<BatchFftBackend* const> backends, const SpectrogramSink& sink,
                       const ReadControl& control) {
  const std::size_t n = settings.fftSize;
  if (samples.empty()) throw std::invalid_argument("a spectrogram of no samples");
  if (!(sampleRate > 0.0)) throw std::invalid_argument("the sample rate must be positive");
  if (n < 2) throw std::invalid_argument("an FFT size of " + std::to_string(n) + "; it is at least 2");
  if (settings.hop < 1) throw std::invalid_argument("a hop of 0 samples");
  for (BatchFftBackend* backend : backends)
    if (backend->powerOfTwoOnly() && !isPowerOfTwo(n))
      throw std::invalid_argument(backend->name() + " takes power-of-two sizes only, not " + std::to_string(n));

  const std::size_t bins = n / 2 + 1;
  const std::size_t chunk = chunkFrames(settings);
  const std::size_t devices = backends.size();
  io::requireMemory(io::bytesOf(streamingBytes(settings), devices), "a spectrogram of FFT size " + std::to_string(n));
  const ChunkLevels chunkLevels(samples, settings);
  const std::size_t frames = chunkLevels.frames(), chunks = (frames + chunk - 1) / chunk;
  std::vector<std::vector<std::complex<float>>> rows(devices);
  std::vector<std::vector<float>> levels(devices);
  const auto buffers = [&](std::size_t d) {
    if (rows[d].empty()) {
      rows[d].resize(chunk / 2 * n);
      levels[d].resize(chunk * bins);
    }
  };

  control.step(0.0);
  if (devices == 1) {  // in order, on this thread
    buffers(0);
    for (std::size_t first = 0; first < frames; first += chunk) {
      const std::size_t count = std::min(chunk, frames - first);
      chunkLevels(first, count, *backends[0], rows[0], levels[0]);
      sink(first, count, levels[0].data());
      control.step(double(first + count) / double(frames));
    }
    return;
  }
  std::mutex sinking;
  std::size_t done = 0;
  const multi::SpreadOutcome outcome = multi::spreadItems(chunks, devices, [&](std::size_t c, std::size_t d) {
    const std::size_t first = c * chunk, count = std::min(chunk, frames - first);
    buffers(d);
    chunkLevels(first, count, *backends[d], rows[d], levels[d]);
    std::lock_guard lock(sinking);
    sink(first, count, levels[d].data());
    done += count;
    if (control.progress) control.progress(double(done) / double(frames));
  }, control.cancel);
  // Cancelling stops the devices taking chunks; the sink may have heard some.
  if (outcome.stopped) throw CancelledError();
}

Spectrogram computeSpectrogram(std::span<const float> samples, double sampleRate, const SpectrogramSettings& settings,
                               BatchFftBackend& backend, const ReadControl& control) {
  BatchFftBackend* const one[] = {&backend};
  return computeSpectrogram(samples, sampleRate, settings, one, control);
}

Spectrogram computeSpectrogram(std::span<const float> samples, double sampleRate, const SpectrogramSettings& settings,
                               std::span<BatchFftBackend* const> backends, const ReadControl& control) {
  Spectrogram result;
  result.sampleRate = sampleRate;
  result.fftSize = settings.fftSize;
  result.hop = settings.hop;
  result.bins = settings.fftSize / 2 + 1;
  const std::size_t frames = settings.hop ? spectrogramFrames(samples.size(), settings.fftSize, settings.hop) : 0;
  result.framesPerRow = settings.maxRows && frames > settings.maxRows ? (frames + settings.maxRows - 1) / settings.maxRows : 1;
  result.rows = (frames + result.framesPerRow - 1) / result.framesPerRow;
  if (settings.fftSize >= 2 && settings.hop >= 1)
    io::requireMemory(io::bytesOf(io::bytesOf(result.rows, result.bins), sizeof(float)) + streamingBytes(settings),
                      "a spectrogram of " + std::to_string(result.rows) + " x " + std::to_string(result.bins) +
                          " levels (FFT size " + std::to_string(settings.fftSize) + ")");
  result.db.assign(result.rows * result.bins, -std::numeric_limits<float>::infinity());
  const auto sink = [&](std::size_t first, std::size_t count, const float* levels) {
    for (std::size_t f = 0; f < count; ++f) {
      float* row = result.db.data() + ((first + f) / result.framesPerRow) * result.bins;
      const float* in = levels + f * result.bins;
      for (std::size_t k = 0; k < result.bins; ++k) row[k] = std::max(row[k], in[k]);
    }
  };
  streamSpectrogram(samples, sampleRate, settings, backends, sink, control);
  return result;
}

}  // namespace fftscope::signal
