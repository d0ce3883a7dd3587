#include "signal/GeneratedAudioInput.h"

#include <cmath>
#include <numbers>

namespace fftscope::gui {

GeneratedAudioInput::GeneratedAudioInput(QObject* parent) : LiveAudioInput(parent) {
  setSource(
      [](int, double t) {
        return float(0.5 * std::sin(2.0 * std::numbers::pi * 1000.0 * t) + 0.05 * std::sin(2.0 * std::numbers::pi * 3000.0 * t));
      },
      tr("Generated: 1 kHz and 3 kHz sines"));
  timer_.setTimerType(Qt::PreciseTimer);
  connect(&timer_, &QTimer::timeout, this, &GeneratedAudioInput::deliverDue);
}

void GeneratedAudioInput::setSource(Source source, const QString& name) {
  source_ = std::move(source);
  name_ = name;
}

QString GeneratedAudioInput::start(const LiveAudioFormat& format) {
  if (format.sampleRate <= 0 || format.channels <= 0 || format.bufferFrames <= 0) return tr("Bad audio format");
  format_ = format;
  dropped_ = 0;
  delivered_ = 0;
  startNs_ = liveClockNs();
  // Wake at about four times a buffer's rate, at most every 2 ms.
  timer_.start(std::max(2, int(250.0 * format.bufferFrames / format.sampleRate)));
  return {};
}

void GeneratedAudioInput::stop() { timer_.stop(); }

void GeneratedAudioInput::deliverDue() {
  const qint64 due = (liveClockNs() - startNs_) * format_.sampleRate / 1000000000;
  const qint64 frames = format_.bufferFrames;
  qint64 ready = (due - delivered_) / frames;
  const qint64 ringBuffers = std::max<qint64>(1, ringFrames_ / frames);
  if (ready > ringBuffers) {
    // The ring overflowed while nobody read it: those buffers are gone.
    dropped_ += int(ready - ringBuffers);
    delivered_ += (ready - ringBuffers) * frames;
    ready = ringBuffers;
  }
  const double rate = format_.sampleRate;
  for (qint64 b = 0; b < ready; ++b) {
    auto buffer = std::make_shared<AudioBuffer>();
    buffer->channels = format_.channels;
    buffer->interleaved.resize(std::size_t(frames * format_.channels));
    for (qint64 i = 0; i < frames; ++i) {
      const double t = double(delivered_ + i) / rate;
      for (int c = 0; c < format_.channels; ++c) buffer->interleaved[std::size_t(i * format_.channels + c)] = source_(c, t);
    }
    delivered_ += frames;
    buffer->arrivedNs = startNs_ + delivered_ * 1000000000 / format_.sampleRate;
    emit bufferReady(buffer);
  }
}

}  // namespace fftscope::gui
