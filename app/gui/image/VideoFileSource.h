// Live frames from a video file read through OpenCV, decoded on a thread of its own, paced at the
// file's rate and starting over at the end; paused, the reader waits for a step.
#pragma once

#include "image/LiveVideoSource.h"

#include <atomic>
#include <memory>
#include <thread>

namespace fftscope::gui {

class VideoFileSource : public LiveVideoSource {
  Q_OBJECT

 public:
  ~VideoFileSource() override;

  // Throws std::runtime_error naming the file when it is not a video OpenCV can read.
  static std::unique_ptr<VideoFileSource> open(const QString& path);

 private:
  explicit VideoFileSource(const QString& name) : LiveVideoSource(name) {}
  void read(const QString& path, double framesPerSecond);

  std::atomic<bool> stopping_ = false;
  std::thread reader_;
};

}  // namespace fftscope::gui
