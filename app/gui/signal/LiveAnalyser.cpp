#include "signal/LiveAnalyser.h"

#include "engine/EngineService.h"

#include "signal/AudioWriter.h"
#include "signal/Overlap.h"
#include "signal/Spectrum.h"

#include <algorithm>
#include <cmath>

namespace fftscope::gui {

LiveAnalyser::LiveAnalyser(EngineService* service, QObject* parent)
    : QObject(parent), channel_(new RequestChannel(service, QStringLiteral("Signal live"), RequestChannel::Keep::Latest, this)),
      transform_(std::make_shared<LiveTransform>()) {
  connect(channel_, &RequestChannel::failed, this, [this](quint64, const QString& message) {
    stop();
    emit failed(message);
  });
  rebuildBands();
}

LiveAnalyser::~LiveAnalyser() { stop(); }

void LiveAnalyser::setInput(LiveAudioInput* input) {
  stop();
  if (input_) disconnect(input_, nullptr, this, nullptr);
  input_ = input;
  if (!input_) return;
  connect(input_, &LiveAudioInput::bufferReady, this, &LiveAnalyser::onBuffer);
  connect(input_, &LiveAudioInput::failed, this, [this](const QString& message) {
    stop();
    emit failed(message);
  });
}

void LiveAnalyser::start(const LiveAudioFormat& format) {
  stop();
  if (!input_) return;
  format_ = format;
  rate_ = format.sampleRate;
  fifo_.clear();
  pendingFrames_ = dropped_ = 0;
  frames_ = buffers_ = 0;
  resultNs_ = 0;
  latencyMs_ = processingMs_ = 0.0;
  meter_.reset();
  averaging_.reset();
  bandWeighting_.reset();
  rows_.clear();
  rebuildBands();
  running_ = true;
  const quint64 session = ++session_;
  ticket_ = channel_->begin();
  // The first transform of a size bakes its plan (a kernel build on a device): done before any
  // sound arrives, so the start does not fill the queue.
  LiveFrames warm{settings_.fftSize, 1, std::vector<float>(settings_.fftSize, 0.0f), {0}};
  channel_->run(ticket_, [this, transform = transform_, warm, window = settings_.window, session](
                             EngineRuntime& runtime, const RequestTicket& ticket) {
    transform->transform(runtime, warm, window);
    ticket.deliver([this, session] {
      if (session != session_ || !running_) return;
      const QString problem = input_->start(format_);
      if (!problem.isEmpty()) {
        running_ = false;
        emit failed(problem);
        return;
      }
      rate_ = input_->format().sampleRate;
      rebuildBands();
      emit started();
    });
  });
}

void LiveAnalyser::stop() {
  if (input_) input_->stop();
  if (running_) channel_->abandon();
  running_ = false;
}

void LiveAnalyser::setSettings(const LiveSettings& settings) {
  const bool reframe = settings.fftSize != settings_.fftSize || settings.channel != settings_.channel;
  const bool rebands = settings.octaveFraction != settings_.octaveFraction;
  settings_ = settings;
  averaging_.setMode(settings.averaging);
  averaging_.setTimeConstant(settings.averagingSeconds);
  bandWeighting_.setKind(settings.timeWeighting);
  if (reframe) {
    fifo_.clear();
    averaging_.reset();
    rows_.clear();
  }
  if (rebands) rebuildBands();
}

void LiveAnalyser::resetAveraging() { averaging_.reset(); }

void LiveAnalyser::rebuildBands() {
  bands_ = signal::octaveBands(settings_.octaveFraction, 20.0, 20000.0, rate_ / 2.0);
  bandWeighting_.reset();
  bandDb_.assign(bands_.size(), signal::kSpectrumFloorDb);
}

void LiveAnalyser::onBuffer(AudioBufferPtr buffer) {
  if (!running_) return;
  ++buffers_;
  const int channels = std::max(buffer->channels, 1);
  meter_.process(buffer->interleaved, channels, rate_);
  const std::size_t frames = buffer->interleaved.size() / std::size_t(channels);
  if (recording_) {
    recorded_.resize(std::size_t(channels));
    for (std::size_t i = 0; i < frames; ++i)
      for (int c = 0; c < channels; ++c) recorded_[std::size_t(c)].push_back(buffer->interleaved[i * std::size_t(channels) + std::size_t(c)]);
  }
  const int pick = settings_.channel < channels ? settings_.channel : -1;
  for (std::size_t i = 0; i < frames; ++i) {
    const float* frame = buffer->interleaved.data() + i * std::size_t(channels);
    if (pick >= 0) {
      fifo_.push_back(frame[pick]);
    } else {
      float sum = 0.0f;
      for (int c = 0; c < channels; ++c) sum += frame[c];
      fifo_.push_back(sum / float(channels));
    }
  }
  const std::size_t n = settings_.fftSize;
  const std::size_t hop = this->hop();
  LiveFrames batch;
  batch.fftSize = n;
  while (fifo_.size() >= n) {
    batch.samples.insert(batch.samples.end(), fifo_.begin(), fifo_.begin() + std::ptrdiff_t(n));
    batch.completedNs.push_back(buffer->arrivedNs);
    ++batch.count;
    fifo_.erase(fifo_.begin(), fifo_.begin() + std::ptrdiff_t(hop));
  }
  if (batch.count == 0) return;
  // A second of frames already waiting: the engine cannot keep up, so this buffer is dropped.
  const double framesPerSecond = rate_ / double(hop);
  if (pendingFrames_ + int(batch.count) > std::max(4.0, framesPerSecond)) {
    ++dropped_;
    return;
  }
  pendingFrames_ += int(batch.count);
  const quint64 session = session_;
  channel_->run(ticket_, [this, transform = transform_, batch = std::move(batch), window = settings_.window,
                          session](EngineRuntime& runtime, const RequestTicket& ticket) {
    auto spectra = std::make_shared<LiveSpectra>(transform->transform(runtime, batch, window));
    ticket.deliver([this, spectra, session] {
      if (session != session_) return;
      pendingFrames_ -= int(spectra->count);
      onSpectra(*spectra);
    });
  });
}

void LiveAnalyser::onSpectra(const LiveSpectra& spectra) {
  const std::size_t n = spectra.fftSize;
  const std::size_t bins = n / 2 + 1;
  if (n != settings_.fftSize) return;  // frames of a size no longer shown
  const double hopSeconds = double(hop()) / rate_;
  // Amplitude dBFS as the file mode's spectrum: c_k |X_k| / sum(w).
  const double amplitudeScale = 1.0 / (spectra.windowSum * spectra.windowSum);
  std::vector<float> row(bins);
  for (std::size_t f = 0; f < spectra.count; ++f) {
    const std::span<const double> magnitudes(spectra.squaredMagnitudes.data() + f * bins, bins);
    std::vector<double> amplitudeSquared(bins);
    for (std::size_t k = 0; k < bins; ++k) {
      const double c = (k == 0 || k == n / 2) ? 1.0 : 2.0;
      amplitudeSquared[k] = c * c * magnitudes[k] * amplitudeScale;
      row[k] = float(amplitudeSquared[k] > 0.0 ? std::max(10.0 * std::log10(amplitudeSquared[k]), -160.0) : -160.0);
    }
    rows_.push_back(row);
    const std::vector<double>& averaged = averaging_.add(amplitudeSquared, hopSeconds);
    spectrumDb_.resize(bins);
    for (std::size_t k = 0; k < bins; ++k)
      spectrumDb_[k] = averaged[k] > 0.0 ? 10.0 * std::log10(averaged[k]) : signal::kSpectrumFloorDb;
    const std::vector<double> power = signal::binPowerFromMagnitudes(magnitudes, n, spectra.windowSquareSum);
    const std::vector<double> bandPower = signal::bandPowers(power, rate_ / double(n), bands_, settings_.weighting);
    const std::vector<double>& weighted = bandWeighting_.step(bandPower, hopSeconds);
    bandDb_.resize(weighted.size());
    for (std::size_t b = 0; b < weighted.size(); ++b) bandDb_[b] = signal::meanSquareToDbfs(weighted[b]);
    ++frames_;
  }
  resultNs_ = spectra.completedNs.back();
  resultSize_ = n;
  backend_ = spectra.backend;
  if (rows_.size() > 4096) rows_.erase(rows_.begin(), rows_.begin() + std::ptrdiff_t(rows_.size() - 4096));
  emit analysed();
}

std::size_t LiveAnalyser::hop() const {
  const std::size_t n = settings_.fftSize;
  if (!settings_.hopFromDisplay) return signal::hopForOverlap(n, settings_.overlap);
  // Two spectra a displayed frame: buffers arrive whole and the redraw timer wanders, so one a
  // frame would leave some frames with nothing new.
  const double refresh = std::clamp(settings_.displayHz, 24.0, 480.0);
  return std::clamp<std::size_t>(std::size_t(rate_ / (2.0 * refresh)), 1, n);
}

void LiveAnalyser::noteDrawn() {
  if (resultNs_ == 0) return;
  // Sound to screen: the buffer the card filled, the frame's length, then the work up to the draw.
  processingMs_ = double(liveClockNs() - resultNs_) / 1e6;
  latencyMs_ = bufferMs() + 1000.0 * double(resultSize_) / rate_ + processingMs_;
}

std::vector<std::vector<float>> LiveAnalyser::takeRows() { return std::exchange(rows_, {}); }

void LiveAnalyser::startRecording() {
  recorded_.clear();
  recording_ = true;
}

double LiveAnalyser::recordedSeconds() const { return recorded_.empty() ? 0.0 : double(recorded_.front().size()) / rate_; }

QString LiveAnalyser::stopRecording(const QString& path) {
  recording_ = false;
  if (recorded_.empty() || recorded_.front().empty()) return tr("Nothing was recorded");
  signal::Signal recording;
  recording.sampleRate = rate_;
  recording.channels = std::exchange(recorded_, {});
  recording.sourceName = "live recording";
  try {
    const std::filesystem::path file = path.toStdString();
    const signal::SignalFormat format = signal::formatForPath(file, {signal::Container::Wav, signal::Encoding::Float32});
    signal::writeAudio(recording, file, format);
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

}  // namespace fftscope::gui
