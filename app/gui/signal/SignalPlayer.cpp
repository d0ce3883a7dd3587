#include "signal/SignalPlayer.h"

#include <QAudioFormat>
#include <QAudioSink>
#include <QBuffer>
#include <QMediaDevices>

#include <algorithm>
#include <cmath>

namespace fftscope::gui {

SignalPlayer::SignalPlayer(QObject* parent) : QObject(parent) {
  clock_.setInterval(33);  // about 30 position updates a second
  connect(&clock_, &QTimer::timeout, this, [this] {
    if (sink_) emit positionChanged(startSeconds_ + double(sink_->processedUSecs()) / 1e6);
  });
}

SignalPlayer::~SignalPlayer() { stop(); }

void SignalPlayer::setOutputDevice(const QAudioDevice& device) {
  device_ = device;
  deviceChosen_ = true;
}

bool SignalPlayer::play(const SignalPtr& signal, SampleRange range) {
  stop();
  if (!signal) return false;
  const QAudioDevice device = deviceChosen_ ? device_ : QMediaDevices::defaultAudioOutput();
  if (device.isNull()) {
    emit message(tr("No audio output device: playback is not available on this machine."));
    return false;
  }
  QAudioFormat format;
  format.setSampleRate(int(std::lround(signal->sampleRate)));
  format.setChannelCount(int(std::min<std::size_t>(2, signal->channelCount())));
  format.setSampleFormat(QAudioFormat::Int16);
  if (!device.isFormatSupported(format)) {
    emit message(tr("%1 cannot play %2 Hz, %3 channel(s), 16-bit.")
                     .arg(device.description()).arg(format.sampleRate()).arg(format.channelCount()));
    return false;
  }

  const std::size_t frames = signal->frames();
  const std::size_t first = std::min(range.first, frames);
  const std::size_t count = range.count == 0 ? frames - first : std::min(range.count, frames - first);
  const int channels = format.channelCount();
  QByteArray pcm(qsizetype(count * std::size_t(channels) * sizeof(qint16)), Qt::Uninitialized);
  auto* out = reinterpret_cast<qint16*>(pcm.data());
  for (std::size_t i = 0; i < count; ++i)
    for (int c = 0; c < channels; ++c) {
      const float x = std::clamp(signal->channels[std::size_t(c)][first + i], -1.0f, 1.0f);
      *out++ = qint16(std::lround(x * 32767.0f));
    }

  buffer_ = new QBuffer(this);
  buffer_->setData(pcm);
  buffer_->open(QIODevice::ReadOnly);
  sink_ = new QAudioSink(device, format, this);
  connect(sink_, &QAudioSink::stateChanged, this, [this](QAudio::State state) {
    if (state == QAudio::IdleState || (state == QAudio::StoppedState && sink_ && sink_->error() != QAudio::NoError))
      QTimer::singleShot(0, this, &SignalPlayer::stop);
  });
  startSeconds_ = double(first) / signal->sampleRate;
  sink_->start(buffer_);
  if (sink_->error() != QAudio::NoError) {
    stop();
    emit message(tr("The audio output refused to start."));
    return false;
  }
  clock_.start();
  emit positionChanged(startSeconds_);
  return true;
}

void SignalPlayer::stop() {
  clock_.stop();
  if (!sink_) return;
  sink_->stop();
  sink_->deleteLater();
  buffer_->deleteLater();
  sink_ = nullptr;
  buffer_ = nullptr;
  emit positionChanged(-1.0);
}

}  // namespace fftscope::gui
