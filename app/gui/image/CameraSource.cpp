#include "image/CameraSource.h"

#include <QCamera>
#include <QImage>
#include <QMediaCaptureSession>
#include <QMediaDevices>
#include <QVideoFrame>
#include <QVideoSink>

namespace fftscope::gui {

CameraSource::CameraSource(const QString& name) : LiveVideoSource(name), sink_(std::make_unique<QVideoSink>()) {
  connect(sink_.get(), &QVideoSink::videoFrameChanged, this, &CameraSource::onFrame);
}

CameraSource::~CameraSource() {
  if (camera_) camera_->stop();
}

QList<QCameraDevice> CameraSource::cameras() { return QMediaDevices::videoInputs(); }

std::unique_ptr<CameraSource> CameraSource::open(const QCameraDevice& device) {
  auto source = std::make_unique<CameraSource>(device.description());
  source->camera_ = std::make_unique<QCamera>(device);
  source->session_ = std::make_unique<QMediaCaptureSession>();
  source->session_->setCamera(source->camera_.get());
  source->session_->setVideoSink(source->sink_.get());
  source->camera_->start();
  return source;
}

void CameraSource::onFrame(const QVideoFrame& videoFrame) {
  if (!takeStep()) return;  // paused: a camera's frames are not kept
  const QImage picture = videoFrame.toImage().convertToFormat(QImage::Format_RGB888);
  if (picture.isNull()) return;
  auto frame = std::make_shared<imaging::Image>();
  frame->width = picture.width();
  frame->height = picture.height();
  frame->channels = 3;
  frame->bitDepth = 8;
  frame->data.resize(std::size_t(frame->width) * std::size_t(frame->height) * 3);
  float* out = frame->data.data();
  for (int y = 0; y < picture.height(); ++y) {
    const uchar* row = picture.constScanLine(y);
    for (int i = 0; i < picture.width() * 3; ++i) *out++ = row[i];
  }
  emit frameArrived(frame, frames_++);
}

}  // namespace fftscope::gui
