#include "image/ImageFileActions.h"

#include "engine/EngineService.h"
#include "image/BatchFilterDialog.h"
#include "image/ImageSession.h"
#include "image/ImageWorkspace.h"
#include "image/LiveVideoBar.h"
#include "image/VideoFilterDialog.h"
#include "shell/Settings.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>

namespace fftscope::gui {
namespace {

const char* kImageFilters =
    "Images (*.png *.jpg *.jpeg *.tif *.tiff *.bmp *.pgm *.ppm *.pnm *.webp);;All files (*)";

}  // namespace

ImageFileActions::ImageFileActions(ImageWorkspace* workspace, ImageSession* session, Settings* settings)
    : QObject(workspace), workspace_(workspace), session_(session), settings_(settings),
      liveVideo_(new LiveVideoBar(workspace, workspace)) {
  auto add = [this](QList<QAction*>& list, const QString& text, auto slot, const QKeySequence& keys = {}) {
    auto* action = new QAction(text, this);
    action->setShortcut(keys);
    connect(action, &QAction::triggered, this, slot);
    list << action;
    return action;
  };
  add(openActions_, tr("&Open Image…"), &ImageFileActions::chooseAndOpen, QKeySequence::Open);
  add(openActions_, tr("Open &Sample Image"), [this] { workspace_->openSample(); });
  add(saveActions_, tr("&Save Filtered Image…"), &ImageFileActions::chooseAndSaveFiltered, QKeySequence::Save);
  add(saveActions_, tr("Save S&pectrum…"), [this] { chooseAndSaveSpectrum(false); }, QKeySequence(tr("Ctrl+Shift+S")));
  add(saveActions_, tr("Save Spectrum with Mask &Tint…"), [this] { chooseAndSaveSpectrum(true); });
  add(saveActions_, tr("Save &Mask…"), &ImageFileActions::chooseAndSaveMask);
  add(saveActions_, tr("&Apply to Files…"), &ImageFileActions::chooseAndApplyToFiles);
  add(saveActions_, tr("Filter &Video…"), &ImageFileActions::chooseAndFilterVideo);
  add(saveActions_, tr("Open &Live Video…"), &ImageFileActions::chooseAndOpenLiveVideo);
  auto* cameras = new QMenu(tr("Open &Camera"), workspace);
  cameras->setObjectName(QStringLiteral("cameraMenu"));
  connect(cameras, &QMenu::aboutToShow, this, [this, cameras] { fillCameraMenu(cameras); });
  fillCameraMenu(cameras);
  saveActions_ << cameras->menuAction();
  liveVideo_->watchDevice(session_->service()->timingFeed());
}

bool ImageFileActions::isImageFile(const QString& path) {
  static const QStringList imageSuffixes{"png", "jpg", "jpeg", "tif", "tiff", "bmp", "pgm", "ppm", "pnm", "webp"};
  return imageSuffixes.contains(QFileInfo(path).suffix().toLower());
}

QString ImageFileActions::lastDirectoryOrHome() const {
  return settings_->lastDirectory().isEmpty() ? QDir::homePath() : settings_->lastDirectory();
}

void ImageFileActions::chooseAndOpen() {
  const QString path = QFileDialog::getOpenFileName(workspace_->window(), tr("Open Image"), settings_->lastDirectory(),
                                                    tr(kImageFilters));
  if (!path.isEmpty()) emit workspace_->events()->fileChosen(path);
}

void ImageFileActions::chooseAndApplyToFiles() {
  const QStringList files = QFileDialog::getOpenFileNames(workspace_->window(), tr("Apply the Filter to Files"),
                                                          lastDirectoryOrHome(), tr(kImageFilters));
  if (files.isEmpty()) return;
  const QString folder = QFileDialog::getExistingDirectory(workspace_->window(), tr("Folder for the Filtered Files"),
                                                           QFileInfo(files.first()).absolutePath());
  if (folder.isEmpty()) return;
  settings_->setLastDirectory(folder);
  applyToFiles(files, folder);
}

BatchFilterDialog* ImageFileActions::applyToFiles(const QStringList& files, const QString& folder) {
  auto* dialog = new BatchFilterDialog(session_, files, folder, workspace_->batchSettings(), workspace_->window());
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();  // not modal: the window stays usable while the files are filtered
  return dialog;
}

void ImageFileActions::chooseAndFilterVideo() {
  const QString input = QFileDialog::getOpenFileName(workspace_->window(), tr("Filter a Video"), lastDirectoryOrHome(),
                                                     tr(kVideoFilters));
  if (input.isEmpty()) return;
  const QFileInfo info(input);
  const QString suggested = info.absolutePath() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral("-filtered.mp4");
  const QString output = QFileDialog::getSaveFileName(workspace_->window(), tr("Save the Filtered Video"), suggested,
                                                      tr("MPEG-4 (*.mp4);;Motion JPEG (*.avi);;FFV1, lossless (*.mkv)"));
  if (output.isEmpty()) return;
  settings_->setLastDirectory(QFileInfo(output).absolutePath());
  filterVideo(input, output);
}

VideoFilterDialog* ImageFileActions::filterVideo(const QString& input, const QString& output) {
  auto* dialog = new VideoFilterDialog(session_->service(), input, output, workspace_->batchSettings(), workspace_->window());
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();  // not modal: the window stays usable while the frames are filtered
  return dialog;
}

}  // namespace fftscope::gui
