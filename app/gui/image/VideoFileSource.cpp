#include "image/VideoFileSource.h"

#include "video/VideoFile.h"

#include <QFileInfo>
#include <QMetaObject>

#include <chrono>
#include <exception>

namespace fftscope::gui {

VideoFileSource::~VideoFileSource() {
  stopping_ = true;
  if (reader_.joinable()) reader_.join();
}

std::unique_ptr<VideoFileSource> VideoFileSource::open(const QString& path) {
  const video::VideoInfo info = video::VideoReader(path.toStdString()).info();  // refuses a bad file now
  std::unique_ptr<VideoFileSource> source(new VideoFileSource(QFileInfo(path).fileName()));
  source->reader_ = std::thread([raw = source.get(), path, fps = info.framesPerSecond] { raw->read(path, fps); });
  return source;
}

void VideoFileSource::read(const QString& path, double framesPerSecond) {
  using Clock = std::chrono::steady_clock;
  const auto period = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / framesPerSecond));
  try {
    qint64 index = 0;
    auto due = Clock::now();
    while (!stopping_) {
      video::VideoReader reader(path.toStdString());
      auto frame = std::make_shared<imaging::Image>();
      while (!stopping_ && reader.read(*frame)) {
        // Paced as the file plays; paused, a frame goes only for a step.
        while (!stopping_ && !takeStep()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        std::this_thread::sleep_until(due);
        due = std::max(due + period, Clock::now() - period);
        LiveFrame ready = std::move(frame);
        QMetaObject::invokeMethod(this, [this, ready, index] { emit frameArrived(ready, index); }, Qt::QueuedConnection);
        ++index;
        frame = std::make_shared<imaging::Image>();
      }
    }
  } catch (const std::exception& error) {
    const QString message = QString::fromStdString(error.what());
    QMetaObject::invokeMethod(this, [this, message] { emit failed(message); }, Qt::QueuedConnection);
  }
}

}  // namespace fftscope::gui
