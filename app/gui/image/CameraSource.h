// Live frames from a QVideoSink, the way Qt Multimedia's camera delivers them: a QCamera and a
// QMediaCaptureSession feed the sink (open()), each QVideoFrame becomes an 8-bit RGB image on the
// way out. The sink may be fed by anything else too (a test plays a video file into it), so that
// every frame goes through the same code as a camera's.
#pragma once

#include "image/LiveVideoSource.h"

#include <QCameraDevice>
#include <QList>

#include <memory>

class QCamera;
class QMediaCaptureSession;
class QVideoFrame;
class QVideoSink;

namespace fftscope::gui {

class CameraSource : public LiveVideoSource {
  Q_OBJECT

 public:
  // A source of the frames set on sink(); nothing feeds it yet.
  explicit CameraSource(const QString& name);
  ~CameraSource() override;

  QVideoSink* sink() const { return sink_.get(); }

  // The cameras Qt Multimedia lists now.
  static QList<QCameraDevice> cameras();
  // The camera started and feeding a new source.
  static std::unique_ptr<CameraSource> open(const QCameraDevice& device);

 private:
  void onFrame(const QVideoFrame& frame);

  std::unique_ptr<QVideoSink> sink_;
  std::unique_ptr<QMediaCaptureSession> session_;
  std::unique_ptr<QCamera> camera_;
  qint64 frames_ = 0;
};

}  // namespace fftscope::gui
