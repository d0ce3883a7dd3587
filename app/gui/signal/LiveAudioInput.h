// Where live audio comes from: a sound card (MicrophoneInput, Qt Multimedia) or a generated signal
// played in real time (GeneratedAudioInput, for tests and machines without an input). Both hand
// the same interleaved float buffers to the same analyser; a buffer the source could not deliver
// in time (an overrun) is counted as dropped.
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace fftscope::gui {

struct LiveAudioFormat {
  int sampleRate = 48000;
  int channels = 2;
  int bufferFrames = 1024;  // frames per delivered buffer
};

struct AudioBuffer {
  std::vector<float> interleaved;  // frames x channels, +-1 full scale
  int channels = 1;
  // When its last sample was at hand (steady clock, liveClockNs): a buffer cut from a larger read
  // is dated back by the frames read after it, a generated one is dated when it fell due.
  qint64 arrivedNs = 0;
};
using AudioBufferPtr = std::shared_ptr<const AudioBuffer>;

class LiveAudioInput : public QObject {
  Q_OBJECT

 public:
  using QObject::QObject;
  ~LiveAudioInput() override = default;

  virtual QString name() const = 0;
  // Starts delivering buffers; returns an empty string or why it could not.
  virtual QString start(const LiveAudioFormat& format) = 0;
  virtual void stop() = 0;
  virtual bool isRunning() const = 0;
  // The format actually delivered (a device may round the rate or channels).
  const LiveAudioFormat& format() const { return format_; }
  int droppedBuffers() const { return dropped_; }

 signals:
  void bufferReady(fftscope::gui::AudioBufferPtr buffer);
  void failed(const QString& message);

 protected:
  LiveAudioFormat format_;
  int dropped_ = 0;
};

// Nanoseconds on one steady clock shared by sources and analyser.
qint64 liveClockNs();

}  // namespace fftscope::gui
