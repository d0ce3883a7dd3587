// The application window: one workspace per task in tabs (Image, Signal, Performance, Butterfly),
// the menus, drag-and-drop of files, recent files, and the engine's status. It makes the
// workspaces, then knows them only as Workspace (Workspace.h): what they add to the menus, the
// files they open, and what they tell it.
#pragma once

#include "shell/ShortcutList.h"
#include "shell/StartOptions.h"

#include <QCameraDevice>
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

  // In the workspace that opens it (Workspace::opens); a session (.fftscope) too with openAnyFile:
  // a file given at start (the desktop entry's %f) or dropped on the window.
  void openFile(const QString& path);
  void openAnyFile(const QString& path);
  void openSignalFile(const QString& path);  // in the Signal workspace, whatever its kind
  // Every shortcut of the window and its workspaces, as Help > Keyboard Shortcuts lists them.
  std::vector<ShortcutEntry> shortcuts() const;

 protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void addWorkspace(Workspace* workspace, QWidget* widget, const QString& title);
  void listenTo(Workspace* workspace);
  void openIn(Workspace* workspace, const QString& path);
  Workspace* workspaceFor(const QString& path) const;  // the first that opens it, or none
  Workspace* workspaceNamed(const QString& name) const;
  Workspace* currentWorkspace() const;
  void makeMenus();
  void rebuildRecentMenu();
  QString askSavePath(const QString& title, const QString& suggestedName, const QString& filters);
  void showAbout();
  void showShortcuts();
  void chooseDevices();
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
  PerformanceWorkspace* performanceWorkspace_;
  ButterflyWorkspace* butterflyWorkspace_;
  SignalWorkspace* signalWorkspace_;
  std::vector<Workspace*> workspaceList_;  // every workspace, as what they all share, in tab order
  std::vector<QString> workspaceTitles_;   // their tabs' titles, kept while a tab is detached
  Workspace* resultOwner_ = nullptr;       // whose result the engine status shows
  QUndoGroup* undoGroup_;
  EngineStatus* status_;
  WorkspaceWindows* workspaceWindows_;
  SessionManager* sessions_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  StartOptions options_;
};

}  // namespace fftscope::gui
