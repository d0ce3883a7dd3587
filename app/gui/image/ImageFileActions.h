// The Image workspace's entries in the File menu and its live source bar: open an image or the
// sample, save the filtered image, the spectrum or the mask (encoded and written off the GUI
// thread), apply the filter to files or to a video, a video or a camera as the live source
// (ImageFileActionsLive.cpp).
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QAction;
class QCameraDevice;
class QMenu;

namespace fftscope::gui {

class BatchFilterDialog;
class ImageSession;
class ImageWorkspace;
class LiveVideoBar;
class LiveVideoSource;
class Settings;
class VideoFilterDialog;

class ImageFileActions : public QObject {
  Q_OBJECT

 public:
  ImageFileActions(ImageWorkspace* workspace, ImageSession* session, Settings* settings);

  static bool isImageFile(const QString& path);  // by its extension
  static constexpr const char* kVideoFilters = "Videos (*.mp4 *.m4v *.mov *.avi *.mkv *.webm);;All files (*)";

  QList<QAction*> openActions() const { return openActions_; }  // Open Image…, Open Sample Image
  QList<QAction*> saveActions() const { return saveActions_; }  // saving, applying, live sources
  LiveVideoBar* liveVideoBar() const { return liveVideo_; }

  // Save what is on screen to `path` (off the GUI thread); `saved` reports the outcome. False when
  // there is nothing to save yet.
  bool saveFilteredImage(const QString& path);
  // The spectrum as rendered; with the mask's tint over it only when asked.
  bool saveSpectrumImage(const QString& path, bool withMaskTint = false);
  bool saveMaskImage(const QString& path);
  // The current filter applied to `files`, outputs into `folder`: a dialog lists each outcome.
  BatchFilterDialog* applyToFiles(const QStringList& files, const QString& folder);
  // The current filter on every frame of a video (File > Filter Video…), in a dialog of its own.
  VideoFilterDialog* filterVideo(const QString& input, const QString& output);
  // A video file, or the first camera, as the live source; false (and the reason in the
  // workspace's message bar) when it cannot start.
  bool openLiveVideo(const QString& path);
  bool openCamera();
  bool openCamera(const QCameraDevice& device);
  // Any live source (a file, a camera, or frames a test feeds a camera's sink) into live video.
  bool startLiveSource(std::unique_ptr<LiveVideoSource> source);

 signals:
  void saved(const QString& path, const QString& error);  // error empty on success

 private:
  void chooseAndOpen();
  void chooseAndSaveFiltered();
  void chooseAndSaveSpectrum(bool withMaskTint);
  void chooseAndSaveMask();
  void chooseAndApplyToFiles();
  void chooseAndFilterVideo();
  void chooseAndOpenLiveVideo();
  void fillCameraMenu(QMenu* menu);  // the cameras there are now, or "No camera found"
  QString lastDirectoryOrHome() const;
  QString askSavePath(const QString& title, const QString& suggestedName, const QString& filters);
  void runSave(const QString& what, const QString& path, std::function<void()> write);

  ImageWorkspace* workspace_;
  ImageSession* session_;
  Settings* settings_;
  LiveVideoBar* liveVideo_;
  QList<QAction*> openActions_, saveActions_;
};

}  // namespace fftscope::gui
