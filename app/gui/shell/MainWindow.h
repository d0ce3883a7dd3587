// The application window: one workspace per task in tabs (Image, Signal, Performance, Butterfly),
// the menus, drag-and-drop of image files, recent files, and the engine's status.
#pragma once

#include "imaging/ColourMap.h"
#include "imaging/FilterSpec.h"
#include "shell/ShortcutList.h"

#include <QMainWindow>
#include <QStringList>

#include <functional>

#include <memory>
#include <optional>
#include <vector>

class QMenu;
class QTabWidget;
class QUndoGroup;

namespace fftscope::gui {

class EngineService;
class ImageSession;
class EngineStatus;
class ButterflyWorkspace;
class ImageWorkspace;
class PerformanceWorkspace;
class SignalWorkspace;
class Settings;
class WorkspaceWindows;
class Workspace;
class SessionManager;
struct SessionOutcome;

struct StartOptions {
  QStringList files;       // the first opened as openAnyFile does; the sample image when empty
  QString device;          // engine device selector ("" = as Settings says, or the default)
  bool useFftw = false;    // compute with FFTW instead of the engine
  bool autoNotch = false;  // run auto notch once the first image is shown
  std::optional<imaging::BaseFilter> baseFilter;  // applied to the first image
  std::optional<imaging::ColourMap> colourMap;     // for the spectrum (and remembered)
  QString screenshot;      // save the window to this PNG once the first result shows, then quit
  QString workspace;       // the tab to show first: image, signal or performance ("" = as last time)
  QString signalFile;      // opened in the Signal workspace
  QString liveVideo;       // a video file as the Image workspace's live source
  QString session;         // a session (.fftscope) opened once the window is up
  // A session left by a crash (SessionManager.h): offered in a prompt, restored, or left alone.
  enum class CrashedSession { Ignore, Offer, Restore };
  CrashedSession crashedSession = CrashedSession::Ignore;
  QString autosaveFolder;  // "" = the application's data folder
};

class BatchFilterDialog;
class VideoFilterDialog;
class LiveVideoBar;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(const StartOptions& options = {}, QWidget* parent = nullptr);
  ~MainWindow() override;

  ImageWorkspace* imageWorkspace() const { return imageWorkspace_; }
  PerformanceWorkspace* performanceWorkspace() const { return performanceWorkspace_; }
  ButterflyWorkspace* butterflyWorkspace() const { return butterflyWorkspace_; }
  SignalWorkspace* signalWorkspace() const { return signalWorkspace_; }
  EngineService* engine() const { return engine_; }
  ImageSession* imageSession() const { return imageSession_; }
  EngineStatus* engineStatus() const { return status_; }
  WorkspaceWindows* workspaceWindows() const { return workspaceWindows_; }
  SessionManager* sessions() const { return sessions_; }

  // MainWindowSessions.cpp. Each reports its outcome in the status bar; the menu's versions also
  // in a message box.
  QString saveSession(const QString& path);  // empty, or the problem
  SessionOutcome openSession(const QString& path);

  void openFile(const QString& path);
  void openSignalFile(const QString& path);
  // An image by its extension into the Image workspace, anything else into the Signal workspace: a
  // file given at start (the desktop entry's %f) or dropped on the window.
  void openAnyFile(const QString& path);
  // Save what is on screen to `path` (off the GUI thread); `saved` reports the outcome. False when
  // there is nothing to save yet.
  bool saveFilteredImage(const QString& path);
  // The spectrum as rendered; with the mask's tint over it only when asked.
  bool saveSpectrumImage(const QString& path, bool withMaskTint = false);
  bool saveMaskImage(const QString& path);
  // Every shortcut of the window and its workspaces, as Help > Keyboard Shortcuts lists them.
  std::vector<ShortcutEntry> shortcuts() const;
  // The current filter applied to `files`, outputs into `folder`: a dialog lists each outcome.
  BatchFilterDialog* applyToFiles(const QStringList& files, const QString& folder);
  // The current filter on every frame of a video (File > Filter Video…), in a dialog of its own.
  VideoFilterDialog* filterVideo(const QString& input, const QString& output);
  // A video file, or the first camera, as the Image workspace's live source; false (and the
  // reason in the workspace's message bar) when it cannot start.
  bool openLiveVideo(const QString& path);
  bool openCamera();
  LiveVideoBar* liveVideoBar() const { return liveVideo_; }

 signals:
  void saved(const QString& path, const QString& error);  // error empty on success

 protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void makeMenus();
  void rebuildRecentMenu();
  void chooseAndOpen();
  void chooseAndSaveFiltered();
  void chooseAndSaveSpectrum(bool withMaskTint);
  void chooseAndSaveMask();
  void chooseAndApplyToFiles();
  void chooseAndFilterVideo();
  void chooseAndOpenLiveVideo();
  QString askSavePath(const QString& title, const QString& suggestedName, const QString& filters);
  void runSave(const QString& what, const QString& path, std::function<void()> write);
  void showAbout();
  void showShortcuts();
  void exportView();       // File > Export…: the view in front, in the one Export dialog
  void showPreferences();  // Edit > Preferences…
  void applyPreferences();  // what Preferences stored, to the workspaces now
  void takeScreenshotWhenReady(const QString& path);
  void makeSessions();
  void chooseAndSaveSession();
  void chooseAndOpenSession();
  void offerCrashedSession(const QString& path, bool ask);

  std::unique_ptr<Settings> settings_;
  EngineService* engine_;
  ImageSession* imageSession_;
  QTabWidget* workspaces_;
  ImageWorkspace* imageWorkspace_;
  LiveVideoBar* liveVideo_ = nullptr;
  PerformanceWorkspace* performanceWorkspace_;
  ButterflyWorkspace* butterflyWorkspace_;
  SignalWorkspace* signalWorkspace_;
  std::vector<Workspace*> workspaceList_;  // every workspace, as what they all share
  QUndoGroup* undoGroup_;
  EngineStatus* status_;
  WorkspaceWindows* workspaceWindows_;
  SessionManager* sessions_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  StartOptions options_;
};

}  // namespace fftscope::gui
