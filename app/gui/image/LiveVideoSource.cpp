#include "image/LiveVideoSource.h"

#include "video/VideoFile.h"

#include <QCamera>
#include <QFileInfo>
#include <QImage>
#include <QMediaCaptureSession>
#include <QMediaDevices>
#include <QMetaObject>
#include <QVideoFrame>
#include <QVideoSink>

#include <chrono>
#include <exception>

namespace fftscope::gui {

LiveVideoSource::~LiveVideoSource() {
  stopping_ = true;
  if (reader_.joinable()) reader_.join();
  if (camera_) camera_->stop();
}

std::unique_ptr<LiveVideoSource> LiveVideoSource::openFile(const QString& path) {
  const video::VideoInfo info = video::VideoReader(path.toStdString()).info();  // refuses a bad file now
  std::unique_ptr<LiveVideoSource> source(new LiveVideoSource);
  source->name_ = QFileInfo(path).fileName();
  source->reader_ = std::thread([raw = source.get(), path, fps = info.framesPerSecond] { raw->readFile(path, fps); });
  return source;
}

void LiveVideoSource::readFile(const QString& path, double framesPerSecond) {
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
        while (!stopping_ && paused_ && steps_ == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (paused_ && steps_ > 0) --steps_;
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

std::unique_ptr<LiveVideoSource> LiveVideoSource::openCamera(QString* why) {
  const QList<QCameraDevice> cameras = QMediaDevices::videoInputs();
  if (cameras.isEmpty()) {
    if (why) *why = tr("no camera found");
    return nullptr;
  }
  std::unique_ptr<LiveVideoSource> source(new LiveVideoSource);
  source->name_ = cameras.first().description();
  source->camera_ = std::make_unique<QCamera>(cameras.first());
  source->session_ = std::make_unique<QMediaCaptureSession>();
  source->sink_ = std::make_unique<QVideoSink>();
  source->session_->setCamera(source->camera_.get());
  source->session_->setVideoSink(source->sink_.get());
  connect(source->sink_.get(), &QVideoSink::videoFrameChanged, source.get(), &LiveVideoSource::onCameraFrame);
  source->camera_->start();
  return source;
}

void LiveVideoSource::onCameraFrame(const QVideoFrame& videoFrame) {
  if (paused_ && steps_ == 0) return;
  if (paused_) --steps_;
  const QImage picture = videoFrame.toImage().convertToFormat(QImage::Format_RGB888);
  if (picture.isNull()) return;
  auto frame = std::make_shared<imaging::Image>();
  frame->width = picture.width();
  frame->height = picture.height();
  frame->channels = 3;
  frame->bitDepth = 8;
  frame->data.resize(std::size_t(frame->width) * frame->height * 3);
  float* out = frame->data.data();
  for (int y = 0; y < picture.height(); ++y) {
    const uchar* row = picture.constScanLine(y);
    for (int i = 0; i < picture.width() * 3; ++i) *out++ = row[i];
  }
  emit frameArrived(frame, cameraFrames_++);
}

void LiveVideoSource::setPaused(bool paused) { paused_ = paused; }

void LiveVideoSource::step() { ++steps_; }

}  // namespace fftscope::gui
