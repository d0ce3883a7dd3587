// The window's menus (File, Edit, View, Filter, Window, Help), the workspaces' actions among them, and the
// recent files list rebuilt from the settings.
#include "shell/MainWindow.h"

#include "export/ExportDialog.h"
#include "export/ExportTargets.h"
#include "image/ImageWorkspace.h"
#include "shell/Settings.h"
#include "shell/WorkspaceWindows.h"
#include "signal/SignalWorkspace.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoGroup>

namespace fftscope::gui {

void MainWindow::makeMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open Image…"), QKeySequence::Open, this, &MainWindow::chooseAndOpen);
  file->addAction(tr("Open &Sample Image"), this, [this] { imageWorkspace_->openSample(); });
  file->addAction(tr("Open S&ignal…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
    workspaceWindows_->bringForward(signalWorkspace_);
    signalWorkspace_->chooseAndOpen();
  });
  file->addAction(tr("&Generate Signal…"), this, [this] {
    workspaceWindows_->bringForward(signalWorkspace_);
    signalWorkspace_->chooseAndGenerate();
  });
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  rebuildRecentMenu();
  file->addSeparator();
  file->addAction(tr("&Save Filtered Image…"), QKeySequence::Save, this, &MainWindow::chooseAndSaveFiltered);
  file->addAction(tr("Save S&pectrum…"), QKeySequence(tr("Ctrl+Shift+S")), this, [this] { chooseAndSaveSpectrum(false); });
  file->addAction(tr("Save Spectrum with Mask &Tint…"), this, [this] { chooseAndSaveSpectrum(true); });
  file->addAction(tr("Save &Mask…"), this, &MainWindow::chooseAndSaveMask);
  file->addAction(tr("&Apply to Files…"), this, &MainWindow::chooseAndApplyToFiles);
  file->addAction(tr("Filter &Video…"), this, &MainWindow::chooseAndFilterVideo);
  file->addAction(tr("Open &Live Video…"), this, &MainWindow::chooseAndOpenLiveVideo);
  file->addAction(tr("Open &Camera"), this, &MainWindow::openCamera);
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
  edit->addAction(imageWorkspace_->clearMaskAction());
  edit->addSeparator();
  QAction* preferences = edit->addAction(tr("&Preferences…"), this, &MainWindow::showPreferences);
  preferences->setMenuRole(QAction::PreferencesRole);  // FFTScope > Settings on macOS
  preferences->setShortcut(QKeySequence::Preferences);
  preferences->setObjectName(QStringLiteral("showPreferences"));

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, imageWorkspace_, &ImageWorkspace::zoomIn);
  view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, imageWorkspace_, &ImageWorkspace::zoomOut);
  view->addAction(tr("&Fit to Window"), QKeySequence(tr("Ctrl+0")), imageWorkspace_, &ImageWorkspace::fitToWindow);
  view->addAction(tr("&Actual Size"), QKeySequence(tr("Ctrl+1")), imageWorkspace_, &ImageWorkspace::zoomToActualSize);
  view->addSeparator();
  view->addAction(imageWorkspace_->tabbedAction());
  view->addAction(imageWorkspace_->overlayAction());
  view->addSeparator();
  QAction* fullScreen = view->addAction(tr("F&ull Screen"));
  fullScreen->setShortcut(QKeySequence::FullScreen);
  fullScreen->setCheckable(true);
  connect(fullScreen, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });

  QMenu* filter = menuBar()->addMenu(tr("F&ilter"));
  for (QAction* tool : imageWorkspace_->toolActions()) filter->addAction(tool);
  filter->addSeparator();
  QAction* autoNotch = imageWorkspace_->autoNotchAction();
  autoNotch->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
  filter->addAction(autoNotch);

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

// The view in front in the workspace in front (or the window in front, for a detached one).
void MainWindow::exportView() {
  QWidget* root = QApplication::activeWindow() && QApplication::activeWindow() != this ? QApplication::activeWindow()
                                                                                         : workspaces_->currentWidget();
  QWidget* view = exportableIn(root);
  if (!view) view = exportableIn(workspaces_->currentWidget());
  if (view) ExportDialog::open(view);
  else statusBar()->showMessage(tr("Nothing to export here: open something first"), 5000);
}

}  // namespace fftscope::gui
