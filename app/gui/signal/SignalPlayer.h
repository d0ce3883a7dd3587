// Plays part of a signal through the default audio output (Qt Multimedia's QAudioSink over a
// buffer of 16-bit PCM, one or two channels) and reports the play position. Without an audio
// device, or with one that cannot take the rate, it says so and plays nothing.
#pragma once

#include "signal/SignalResults.h"

#include <QAudioDevice>
#include <QObject>
#include <QTimer>

class QAudioSink;
class QBuffer;

namespace fftscope::gui {

class SignalPlayer : public QObject {
  Q_OBJECT

 public:
  explicit SignalPlayer(QObject* parent = nullptr);
  ~SignalPlayer() override;

  // False, with `message` emitted, when nothing can be played.
  bool play(const SignalPtr& signal, SampleRange range);
  void stop();
  bool isPlaying() const { return sink_ != nullptr; }
  // Plays through this device instead of the system's default (a null device: none).
  void setOutputDevice(const QAudioDevice& device);

 signals:
  void positionChanged(double seconds);  // -1 when playback stops
  void message(const QString& text);

 private:
  QAudioDevice device_;
  bool deviceChosen_ = false;
  QAudioSink* sink_ = nullptr;
  QBuffer* buffer_ = nullptr;
  QTimer clock_;
  double startSeconds_ = 0.0;
};

}  // namespace fftscope::gui
