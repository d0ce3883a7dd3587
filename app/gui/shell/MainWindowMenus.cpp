// The window's menus (File, Edit, View, the workspaces' own, Window, Help), each workspace's
// actions in their places (Workspace::menus), and the recent files list rebuilt from the settings.
#include "shell/MainWindow.h"

#include "export/ExportDialog.h"
#include "shell/DeviceChoiceDialog.h"
#include "shell/Settings.h"
#include "shell/Workspace.h"
#include "shell/WorkspaceWindows.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>
#include <QTabWidget>
#include <QUndoGroup>

namespace fftscope::gui {

namespace {

// The platform's keys for a standard action, else `fallback`: where the platform names none
// (Windows, and Linux outside KDE and GNOME) the action still has a key.
QList<QKeySequence> keysOr(QKeySequence::StandardKey key, const QKeySequence& fallback) {
  const QList<QKeySequence> keys = QKeySequence::keyBindings(key);
  return keys.isEmpty() ? QList<QKeySequence>{fallback} : keys;
}

}  // namespace

void MainWindow::makeMenus() {
  std::vector<WorkspaceMenus> contributed;
  for (Workspace* workspace : workspaceList_) contributed.push_back(workspace->menus());
  auto addEach = [&contributed](QMenu* menu, QList<QAction*> WorkspaceMenus::*place) {
    for (const WorkspaceMenus& menus : contributed) menu->addActions(menus.*place);
  };

  QMenu* file = menuBar()->addMenu(tr("&File"));
  addEach(file, &WorkspaceMenus::open);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  rebuildRecentMenu();
  file->addSeparator();
  addEach(file, &WorkspaceMenus::save);
  file->addSeparator();
  file->addAction(tr("&Export…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportView)
      ->setObjectName(QStringLiteral("exportView"));
  file->addSeparator();
  file->addAction(tr("Open Sessio&n…"), this, &MainWindow::chooseAndOpenSession)->setObjectName(QStringLiteral("openSession"));
  file->addAction(tr("Save Session&…"), this, &MainWindow::chooseAndSaveSession)->setObjectName(QStringLiteral("saveSession"));
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence(tr("Ctrl+Q")), this, &QWidget::close);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = undoGroup_->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  QAction* redo = undoGroup_->createRedoAction(this, tr("&Redo"));
  QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
  if (!redoKeys.contains(QKeySequence(tr("Ctrl+Shift+Z")))) redoKeys << QKeySequence(tr("Ctrl+Shift+Z"));
  redo->setShortcuts(redoKeys);
  edit->addAction(undo);
  edit->addAction(redo);
  edit->addSeparator();
  addEach(edit, &WorkspaceMenus::edit);
  edit->addSeparator();
  edit->addAction(tr("Compute &Devices…"), this, &MainWindow::chooseDevices)->setObjectName(QStringLiteral("chooseDevices"));
  QAction* preferences = edit->addAction(tr("&Preferences…"), this, &MainWindow::showPreferences);
  preferences->setMenuRole(QAction::PreferencesRole);  // FFTScope > Settings on macOS
  preferences->setShortcuts(keysOr(QKeySequence::Preferences, QKeySequence(tr("Ctrl+,"))));
  preferences->setObjectName(QStringLiteral("showPreferences"));

  QMenu* view = menuBar()->addMenu(tr("&View"));
  addEach(view, &WorkspaceMenus::view);
  view->addSeparator();
  QAction* fullScreen = view->addAction(tr("F&ull Screen"));
  fullScreen->setShortcuts(keysOr(QKeySequence::FullScreen, QKeySequence(Qt::Key_F11)));
  fullScreen->setCheckable(true);
  connect(fullScreen, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });

  for (const WorkspaceMenus& menus : contributed) {
    if (menus.menu) menuBar()->addMenu(menus.menu);
    if (menus.toolBar) addToolBar(Qt::TopToolBarArea, menus.toolBar);
  }

  // Any workspace in a window of its own, e.g. the Live timeline beside filtering in another.
  QMenu* windows = menuBar()->addMenu(tr("&Window"));
  for (int i = 0; i < workspaces_->count(); ++i) {
    QWidget* workspace = workspaces_->widget(i);
    QAction* action = windows->addAction(tr("Open %1 in Its Own Window").arg(workspaces_->tabText(i)), this,
                                         [this, workspace] { workspaceWindows_->detach(workspace); });
    action->setObjectName(QStringLiteral("detach%1").arg(workspaces_->tabText(i)));
  }

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts)->setObjectName(QStringLiteral("showShortcuts"));
  help->addAction(tr("&About FFTScope"), this, &MainWindow::showAbout);
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::rebuildRecentMenu() {
  recentMenu_->clear();
  const QStringList files = settings_->recentFiles();
  for (int i = 0; i < files.size(); ++i) {
    const QString path = files[i];
    QAction* action = recentMenu_->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
    action->setToolTip(path);
    connect(action, &QAction::triggered, this, [this, path] { openFile(path); });
  }
  if (!files.isEmpty()) {
    recentMenu_->addSeparator();
    recentMenu_->addAction(tr("Clear List"), this, [this] {
      for (const QString& path : settings_->recentFiles()) settings_->removeRecentFile(path);
      rebuildRecentMenu();
    });
  }
  recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::chooseDevices() {
  std::vector<cl::DeviceInfo> devices;
  try {
    devices = cl::listDevices();
  } catch (const std::exception&) {
    // No platform: the dialog says FFTW computes.
  }
  DeviceChoiceDialog dialog(devices, settings_->deviceSelector(), this);
  if (dialog.exec() != QDialog::Accepted) return;
  settings_->setDeviceSelector(dialog.selector());
  statusBar()->showMessage(
      dialog.selector().isEmpty() ? tr("The default device is used when FFTScope starts again.")
                                  : tr("Devices %1 are used when FFTScope starts again.").arg(dialog.selector()),
      8000);
}

// The workspace in front (a detached one's own window, else the current tab) says which view.
void MainWindow::exportView() {
  Workspace* front = currentWorkspace();
  for (Workspace* workspace : workspaceList_)
    if (QWidget* window = workspace->workspaceWidget()->window(); window != this && window == QApplication::activeWindow())
      front = workspace;
  QWidget* view = front ? front->exportableView() : nullptr;
  if (view) ExportDialog::open(view);
  else statusBar()->showMessage(tr("Nothing to export here: open something first"), 5000);
}

}  // namespace fftscope::gui
