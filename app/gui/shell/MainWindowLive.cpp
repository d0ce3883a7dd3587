// MainWindow's live sources: a video file or a camera as the Image workspace's live video, and
// the File > Open Camera menu of the cameras there are now.
#include "shell/MainWindow.h"

#include "image/CameraSource.h"
#include "image/ImageWorkspace.h"
#include "image/LiveVideoBar.h"
#include "image/VideoFileSource.h"
#include "shell/Settings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QTabWidget>

namespace fftscope::gui {

void MainWindow::chooseAndOpenLiveVideo() {
  const QString directory = settings_->lastDirectory().isEmpty() ? QDir::homePath() : settings_->lastDirectory();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open a Video as the Live Source"), directory,
                                                    tr("Videos (*.mp4 *.m4v *.mov *.avi *.mkv *.webm);;All files (*)"));
  if (path.isEmpty()) return;
  settings_->setLastDirectory(QFileInfo(path).absolutePath());
  openLiveVideo(path);
}

bool MainWindow::openLiveVideo(const QString& path) {
  try {
    return startLiveSource(VideoFileSource::open(path));
  } catch (const std::exception& error) {
    workspaces_->setCurrentWidget(imageWorkspace_);
    imageWorkspace_->showMessage(QString::fromStdString(error.what()));
    return false;
  }
}

bool MainWindow::openCamera() {
  const QList<QCameraDevice> cameras = CameraSource::cameras();
  if (cameras.isEmpty()) {
    workspaces_->setCurrentWidget(imageWorkspace_);
    imageWorkspace_->showMessage(tr("Live camera: no camera found."));
    return false;
  }
  return openCamera(cameras.first());
}

bool MainWindow::openCamera(const QCameraDevice& device) { return startLiveSource(CameraSource::open(device)); }

bool MainWindow::startLiveSource(std::unique_ptr<LiveVideoSource> source) {
  workspaces_->setCurrentWidget(imageWorkspace_);
  liveVideo_->start(std::move(source));
  return true;
}

void MainWindow::fillCameraMenu(QMenu* menu) {
  menu->clear();
  const QList<QCameraDevice> cameras = CameraSource::cameras();
  if (cameras.isEmpty()) menu->addAction(tr("No camera found"))->setEnabled(false);
  for (const QCameraDevice& camera : cameras)
    menu->addAction(camera.description(), this, [this, camera] { openCamera(camera); });
}

}  // namespace fftscope::gui
