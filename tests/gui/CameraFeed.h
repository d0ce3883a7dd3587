// A video file played into a camera's sink (CameraSource::sink()), one frame each interval on
// the GUI thread, as Qt Multimedia's camera delivers frames: so the camera's path runs where
// there is no camera. The frames fed are kept for comparison.
#pragma once

#include "imaging/Image.h"
#include "video/VideoFile.h"

#include <QTimer>
#include <QVideoFrame>

#include <filesystem>
#include <vector>

class QVideoSink;

namespace fftscope::gui::testing {

// An RGB image as a camera's frame: RGBX, 8 bits a sample.
QVideoFrame cameraFrameOf(const imaging::Image& image);

class CameraFeed {
 public:
  CameraFeed(const std::filesystem::path& video, QVideoSink* sink, int intervalMs);
  const std::vector<imaging::Image>& fed() const { return fed_; }
  void stop() { timer_.stop(); }

 private:
  video::VideoReader reader_;
  QVideoSink* sink_;
  QTimer timer_;
  std::vector<imaging::Image> fed_;
};

}  // namespace fftscope::gui::testing
