#include "signal/MicrophoneInput.h"

#include <QAudioSource>
#include <QMediaDevices>

namespace fftscope::gui {

QList<QAudioDevice> audioInputDevices() { return QMediaDevices::audioInputs(); }

MicrophoneInput::MicrophoneInput(const QAudioDevice& device, QObject* parent) : LiveAudioInput(parent), device_(device) {}

MicrophoneInput::~MicrophoneInput() { stop(); }

QString MicrophoneInput::name() const { return device_.description(); }

QString MicrophoneInput::start(const LiveAudioFormat& format) {
  stop();
  QAudioFormat wanted;
  wanted.setSampleRate(format.sampleRate);
  wanted.setChannelCount(format.channels);
  wanted.setSampleFormat(QAudioFormat::Float);
  if (!device_.isFormatSupported(wanted)) {
    const QAudioFormat preferred = device_.preferredFormat();
    wanted.setSampleRate(preferred.sampleRate());
    wanted.setChannelCount(std::min(format.channels, preferred.channelCount()));
    if (!device_.isFormatSupported(wanted))
      return tr("%1 takes neither %2 Hz nor %3 Hz in float samples").arg(name()).arg(format.sampleRate).arg(preferred.sampleRate());
  }
  format_ = {wanted.sampleRate(), wanted.channelCount(), format.bufferFrames};
  dropped_ = 0;
  pending_.clear();
  source_ = std::make_unique<QAudioSource>(device_, wanted);
  // A few buffers of room in the device's ring, so one late wake-up loses nothing.
  source_->setBufferSize(qsizetype(8 * format.bufferFrames * format_.channels * sizeof(float)));
  io_ = source_->start();
  if (!io_ || source_->error() != QAudio::NoError) {
    source_.reset();
    return tr("Could not open %1").arg(name());
  }
  connect(io_, &QIODevice::readyRead, this, &MicrophoneInput::readAvailable);
  connect(source_.get(), &QAudioSource::stateChanged, this, [this](QAudio::State) {
    if (source_ && source_->error() == QAudio::UnderrunError) return;
    if (source_ && source_->error() != QAudio::NoError) {
      ++dropped_;  // an overrun or a device error loses what the ring held
      if (source_->error() == QAudio::FatalError || source_->error() == QAudio::OpenError)
        emit failed(tr("%1 stopped").arg(name()));
    }
  });
  return {};
}

void MicrophoneInput::stop() {
  if (!source_) return;
  source_->stop();
  source_.reset();
  io_ = nullptr;
}

void MicrophoneInput::readAvailable() {
  const QByteArray bytes = io_->readAll();
  const auto* samples = reinterpret_cast<const float*>(bytes.constData());
  pending_.insert(pending_.end(), samples, samples + bytes.size() / qsizetype(sizeof(float)));
  const std::size_t size = std::size_t(format_.bufferFrames) * std::size_t(format_.channels);
  const qint64 readNs = liveClockNs();
  const double nsPerSample = 1e9 / (double(format_.sampleRate) * double(format_.channels));
  std::size_t at = 0;
  for (; pending_.size() - at >= size; at += size) {
    auto buffer = std::make_shared<AudioBuffer>();
    buffer->channels = format_.channels;
    buffer->interleaved.assign(pending_.begin() + std::ptrdiff_t(at), pending_.begin() + std::ptrdiff_t(at + size));
    // The device handed over several buffers at once: the earlier ones were at hand sooner.
    buffer->arrivedNs = readNs - qint64(double(pending_.size() - at - size) * nsPerSample);
    emit bufferReady(buffer);
  }
  pending_.erase(pending_.begin(), pending_.begin() + std::ptrdiff_t(at));
}

}  // namespace fftscope::gui
