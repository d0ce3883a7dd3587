// Frames of a live source for the Image workspace: a video file read through OpenCV (decoded on
// a thread of its own, paced at the file's rate, starting over at the end) or a camera through Qt
// Multimedia (QCamera into a QVideoSink). Each frame arrives by frameArrived on the GUI thread;
// what to do with frames that come faster than they are shown is the receiver's choice.
#pragma once

#include "imaging/Image.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>

class QCamera;
class QMediaCaptureSession;
class QVideoFrame;
class QVideoSink;

namespace fftscope::gui {

using LiveFrame = std::shared_ptr<const imaging::Image>;

class LiveVideoSource : public QObject {
  Q_OBJECT

 public:
  ~LiveVideoSource() override;

  // Throws std::runtime_error naming the file when it is not a video OpenCV can read.
  static std::unique_ptr<LiveVideoSource> openFile(const QString& path);
  // The first camera Qt Multimedia lists; null and `why` set ("no camera found") when none.
  static std::unique_ptr<LiveVideoSource> openCamera(QString* why);

  const QString& name() const { return name_; }
  void setPaused(bool paused);
  bool isPaused() const { return paused_; }
  void step();  // one more frame while paused

 signals:
  void frameArrived(fftscope::gui::LiveFrame frame, qint64 index);
  void failed(const QString& message);

 private:
  LiveVideoSource() = default;
  void readFile(const QString& path, double framesPerSecond);
  void onCameraFrame(const QVideoFrame& frame);

  QString name_;
  std::atomic<bool> paused_ = false;
  std::atomic<int> steps_ = 0;
  std::atomic<bool> stopping_ = false;
  std::thread reader_;
  qint64 cameraFrames_ = 0;
  std::unique_ptr<QCamera> camera_;
  std::unique_ptr<QMediaCaptureSession> session_;
  std::unique_ptr<QVideoSink> sink_;
};

}  // namespace fftscope::gui
