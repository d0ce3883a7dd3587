// A sound card's input through Qt Multimedia's QAudioSource, read as float samples whenever the
// device has data, cut into buffers of the requested size. The device list comes from
// QMediaDevices; with none, the live mode offers the generated source instead.
#pragma once

#include "signal/LiveAudioInput.h"

#include <QAudioDevice>

#include <memory>

class QAudioSource;
class QIODevice;

namespace fftscope::gui {

QList<QAudioDevice> audioInputDevices();

class MicrophoneInput : public LiveAudioInput {
  Q_OBJECT

 public:
  explicit MicrophoneInput(const QAudioDevice& device, QObject* parent = nullptr);
  ~MicrophoneInput() override;

  QString name() const override;
  QString start(const LiveAudioFormat& format) override;
  void stop() override;
  bool isRunning() const override { return source_ != nullptr; }

 private:
  void readAvailable();

  QAudioDevice device_;
  std::unique_ptr<QAudioSource> source_;
  QIODevice* io_ = nullptr;
  std::vector<float> pending_;
};

}  // namespace fftscope::gui
