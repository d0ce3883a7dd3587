// A live source of frames for the Image workspace: a video file (VideoFileSource) or a camera
// (CameraSource). Each frame arrives by frameArrived on the GUI thread; what to do with frames
// that come faster than they are shown is the receiver's choice. Paused, a source lets a frame
// through only for a step.
#pragma once

#include "imaging/Image.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace fftscope::gui {

using LiveFrame = std::shared_ptr<const imaging::Image>;

class LiveVideoSource : public QObject {
  Q_OBJECT

 public:
  ~LiveVideoSource() override = default;

  const QString& name() const { return name_; }
  void setPaused(bool paused) { paused_ = paused; }
  bool isPaused() const { return paused_; }
  void step() { ++steps_; }  // one more frame while paused

 signals:
  void frameArrived(fftscope::gui::LiveFrame frame, qint64 index);
  void failed(const QString& message);

 protected:
  explicit LiveVideoSource(const QString& name) : name_(name) {}
  // Whether a frame ready now may go: always while playing; paused, once for each step.
  bool takeStep();

 private:
  QString name_;
  std::atomic<bool> paused_ = false;
  std::atomic<int> steps_ = 0;
};

}  // namespace fftscope::gui
