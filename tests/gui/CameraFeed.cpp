#include "CameraFeed.h"

#include <QVideoFrameFormat>
#include <QVideoSink>

namespace fftscope::gui::testing {

QVideoFrame cameraFrameOf(const imaging::Image& image) {
  QVideoFrame frame(QVideoFrameFormat(QSize(image.width, image.height), QVideoFrameFormat::Format_RGBX8888));
  if (!frame.map(QVideoFrame::WriteOnly)) return {};
  for (int y = 0; y < image.height; ++y) {
    uchar* row = frame.bits(0) + std::size_t(y) * std::size_t(frame.bytesPerLine(0));
    for (int x = 0; x < image.width; ++x) {
      const std::size_t at = (std::size_t(y) * std::size_t(image.width) + std::size_t(x)) * 3;
      for (int c = 0; c < 3; ++c) row[x * 4 + c] = uchar(image.data[at + std::size_t(c)]);
      row[x * 4 + 3] = 255;
    }
  }
  frame.unmap();
  return frame;
}

CameraFeed::CameraFeed(const std::filesystem::path& video, QVideoSink* sink, int intervalMs)
    : reader_(video), sink_(sink) {
  QObject::connect(&timer_, &QTimer::timeout, [this] {
    imaging::Image frame;
    if (!reader_.read(frame)) return timer_.stop();
    sink_->setVideoFrame(cameraFrameOf(frame));
    fed_.push_back(std::move(frame));
  });
  timer_.start(intervalMs);
}

}  // namespace fftscope::gui::testing
