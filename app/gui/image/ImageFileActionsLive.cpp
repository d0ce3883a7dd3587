// The Image workspace's live sources: a video file or a camera as its live video, and the
// File > Open Camera menu of the cameras there are now.
#include "image/CameraSource.h"
#include "image/ImageFileActions.h"
#include "image/ImageWorkspace.h"
#include "image/LiveVideoBar.h"
#include "image/VideoFileSource.h"
#include "shell/Settings.h"
#include "shell/WorkspaceEvents.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>

namespace fftscope::gui {

void ImageFileActions::chooseAndOpenLiveVideo() {
  const QString path = QFileDialog::getOpenFileName(workspace_->window(), tr("Open a Video as the Live Source"),
                                                    lastDirectoryOrHome(), tr(kVideoFilters));
  if (path.isEmpty()) return;
  settings_->setLastDirectory(QFileInfo(path).absolutePath());
  openLiveVideo(path);
}

bool ImageFileActions::openLiveVideo(const QString& path) {
  try {
    return startLiveSource(VideoFileSource::open(path));
  } catch (const std::exception& error) {
    emit workspace_->events()->frontWanted();
    workspace_->showMessage(QString::fromStdString(error.what()));
    return false;
  }
}

bool ImageFileActions::openCamera() {
  const QList<QCameraDevice> cameras = CameraSource::cameras();
  if (cameras.isEmpty()) {
    emit workspace_->events()->frontWanted();
    workspace_->showMessage(tr("Live camera: no camera found."));
    return false;
  }
  return openCamera(cameras.first());
}

bool ImageFileActions::openCamera(const QCameraDevice& device) { return startLiveSource(CameraSource::open(device)); }

bool ImageFileActions::startLiveSource(std::unique_ptr<LiveVideoSource> source) {
  emit workspace_->events()->frontWanted();
  liveVideo_->start(std::move(source));
  return true;
}

void ImageFileActions::fillCameraMenu(QMenu* menu) {
  menu->clear();
  const QList<QCameraDevice> cameras = CameraSource::cameras();
  if (cameras.isEmpty()) menu->addAction(tr("No camera found"))->setEnabled(false);
  for (const QCameraDevice& camera : cameras)
    menu->addAction(camera.description(), this, [this, camera] { openCamera(camera); });
}

}  // namespace fftscope::gui
