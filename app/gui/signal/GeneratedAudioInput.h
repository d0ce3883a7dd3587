// A generated signal delivered as a sound card would: a timer wakes every few milliseconds and
// hands over every whole buffer that real time has made due since the start, each dated when it
// fell due. Like a card's ring, it holds at most `ringFrames` frames (about a third of a second at
// 48 kHz, whatever the buffer size): when the timer comes later than that (the GUI thread
// blocked), the oldest buffers are lost and counted as dropped.
#pragma once

#include "signal/LiveAudioInput.h"

#include <QTimer>

#include <functional>

namespace fftscope::gui {

class GeneratedAudioInput : public LiveAudioInput {
  Q_OBJECT

 public:
  // sample(channel, t seconds) -> value; default: a 1 kHz sine at -6 dBFS plus a 3 kHz one at -26.
  using Source = std::function<float(int, double)>;
  explicit GeneratedAudioInput(QObject* parent = nullptr);

  void setSource(Source source, const QString& name);
  void setRingFrames(qint64 frames) { ringFrames_ = frames; }
  QString name() const override { return name_; }
  QString start(const LiveAudioFormat& format) override;
  void stop() override;
  bool isRunning() const override { return timer_.isActive(); }

 private:
  void deliverDue();

  Source source_;
  QString name_;
  QTimer timer_;
  qint64 startNs_ = 0;    // liveClockNs at the start
  qint64 delivered_ = 0;  // frames since the start
  qint64 ringFrames_ = 16384;
};

}  // namespace fftscope::gui
