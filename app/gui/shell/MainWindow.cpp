#include "shell/MainWindow.h"
#include "shell/SessionManager.h"

#include "shell/AboutDialog.h"
#include "engine/EngineService.h"
#include "engine/RequestClock.h"
#include "image/ImageSession.h"
#include "shell/EngineStatus.h"
#include "image/ImageWorkspace.h"
#include "butterfly/ButterflyWorkspace.h"
#include "performance/PerformanceWorkspace.h"
#include "signal/SignalWorkspace.h"
#include "shell/Settings.h"
#include "shell/ShortcutsDialog.h"
#include "shell/WorkspaceWindows.h"
#include "widgets/ElidingStatusBar.h"
#include "widgets/WheelNeedsFocus.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>


// The icon lives in the static library's resources, which a linking program must register.
static void registerResources() { Q_INIT_RESOURCE(fftscope); }

namespace fftscope::gui {

MainWindow::MainWindow(const StartOptions& options, QWidget* parent)
    : QMainWindow(parent), settings_(std::make_unique<Settings>()), options_(options) {
  registerResources();
  setWindowTitle(QStringLiteral("FFTScope"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/fftscope.svg")));
  setAcceptDrops(true);
  WheelNeedsFocus::install();

  const QString device = options.device.isEmpty() ? settings_->deviceSelector() : options.device;
  engine_ = new EngineService(device, options.useFftw, this);
  imageSession_ = new ImageSession(engine_, this);

  workspaces_ = new QTabWidget;
  workspaces_->setDocumentMode(true);
  if (options.colourMap) {
    imaging::DisplaySettings display = settings_->display();
    display.colourMap = *options.colourMap;
    settings_->setDisplay(display);
  }
  imageWorkspace_ = new ImageWorkspace(imageSession_, settings_.get());
  addWorkspace(imageWorkspace_, imageWorkspace_, tr("Image"));
  signalWorkspace_ = new SignalWorkspace(engine_);
  addWorkspace(signalWorkspace_, signalWorkspace_, tr("Signal"));
  performanceWorkspace_ = new PerformanceWorkspace(engine_);
  addWorkspace(performanceWorkspace_, performanceWorkspace_, tr("Performance"));
  butterflyWorkspace_ = new ButterflyWorkspace(engine_);
  // Samples the other workspaces offer, as inputs to follow through the passes.
  for (Workspace* workspace : workspaceList_)
    for (const SampleSource& source : workspace->sampleSources()) butterflyWorkspace_->addInputSource(source.name, source.take);
  addWorkspace(butterflyWorkspace_, butterflyWorkspace_, tr("Butterfly"));
  setCentralWidget(workspaces_);
  workspaceWindows_ = new WorkspaceWindows(workspaces_, this);

  setStatusBar(new ElidingStatusBar);
  status_ = new EngineStatus;
  statusBar()->addPermanentWidget(status_);
  connect(engine_, &EngineService::engineStarted, status_, &EngineStatus::showEngine);
  // While a sweep holds the device, other workspaces' requests wait behind it: say why.
  connect(engine_, &EngineService::holderChanged, this, [this](const QString& holder) {
    if (holder.isEmpty())
      statusBar()->clearMessage();
    else
      statusBar()->showMessage(tr("The device is busy with %1; other work waits until it ends.").arg(holder));
  });
  // The kernels and times there are one workspace's: not under another workspace.
  resultOwner_ = workspaceList_.front();
  auto showOwnersResult = [this] { status_->setResultVisible(currentWorkspace() == resultOwner_); };
  connect(workspaces_, &QTabWidget::currentChanged, status_, showOwnersResult);
  for (Workspace* workspace : workspaceList_) listenTo(workspace);

  // Edit > Undo acts on the workspace in front, or on the first that has a stack.
  undoGroup_ = new QUndoGroup(this);
  QUndoStack* firstStack = nullptr;
  for (Workspace* workspace : workspaceList_)
    if (QUndoStack* stack = workspace->undoStack()) {
      undoGroup_->addStack(stack);
      if (!firstStack) firstStack = stack;
    }
  auto activateUndo = [this, firstStack] {
    Workspace* current = currentWorkspace();
    undoGroup_->setActiveStack(current && current->undoStack() ? current->undoStack() : firstStack);
  };
  connect(workspaces_, &QTabWidget::currentChanged, this, activateUndo);
  activateUndo();

  makeMenus();

  if (!restoreGeometry(settings_->windowGeometry())) {
    // A first run: most of the screen, centred.
    const QRect screen = QApplication::primaryScreen() ? QApplication::primaryScreen()->availableGeometry()
                                                       : QRect(0, 0, 1600, 1000);
    // Never smaller than the window can be, never larger than the screen: centred on the size it gets.
    const QSize size = QSize(std::min(1500, screen.width() * 9 / 10), std::min(900, screen.height() * 9 / 10))
                           .expandedTo(minimumSizeHint())
                           .boundedTo(screen.size());
    resize(size);
    QRect placed(QPoint(), size);
    placed.moveCenter(screen.center());
    move(placed.topLeft());
  }
  restoreState(settings_->windowState());
  workspaces_->setCurrentIndex(std::clamp(settings_->currentWorkspace(), 0, workspaces_->count() - 1));
  for (Workspace* workspace : workspaceList_)
    if (options.workspace == workspace->workspaceName()) workspaces_->setCurrentWidget(workspace->workspaceWidget());
  showOwnersResult();

  for (Workspace* workspace : workspaceList_) workspace->applyStartOptions(options);
  if (!options.files.isEmpty()) openAnyFile(options.files.first());
  if (!options.signalFile.isEmpty()) openSignalFile(options.signalFile);
  if (!options.screenshot.isEmpty()) takeScreenshotWhenReady(options.screenshot);
  makeSessions();
  applyPreferences();
}

MainWindow::~MainWindow() = default;

void MainWindow::addWorkspace(Workspace* workspace, QWidget* widget, const QString& title) {
  workspaces_->addTab(widget, title);
  workspaceList_.push_back(workspace);
  workspaceTitles_.push_back(title);
}

// What every workspace tells the window: the same for all.
void MainWindow::listenTo(Workspace* workspace) {
  WorkspaceEvents* events = workspace->events();
  connect(events, &WorkspaceEvents::opened, this, [this](const QString& name, const QString& path, double openMs) {
    setWindowTitle(tr("%1 — FFTScope").arg(name));
    if (!path.isEmpty()) {
      settings_->addRecentFile(path);
      settings_->setLastDirectory(QFileInfo(path).absolutePath());
      rebuildRecentMenu();
    }
    statusBar()->showMessage(tr("Opened %1 in %2 ms").arg(name).arg(openMs, 0, 'f', 0), 4000);
  });
  connect(events, &WorkspaceEvents::openCancelled, this, [this] {
    if (statusBar()->currentMessage().startsWith(tr("Opening "))) statusBar()->clearMessage();
  });
  connect(events, &WorkspaceEvents::openFailed, this, [this](const QString& message) { statusBar()->showMessage(message, 8000); });
  connect(events, &WorkspaceEvents::statusMessage, this,
          [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
  connect(events, &WorkspaceEvents::fileChosen, this, [this, workspace](const QString& path) { openIn(workspace, path); });
  connect(events, &WorkspaceEvents::frontWanted, this,
          [this, workspace] { workspaceWindows_->bringForward(workspace->workspaceWidget()); });
  connect(events, &WorkspaceEvents::pictureDrawn, engine_->requestClock(), &RequestClock::drawn);
  connect(events, &WorkspaceEvents::resultTimed, this, [this, workspace](const ResultTiming& timing) {
    resultOwner_ = workspace;
    status_->showResult(timing);
    status_->setResultVisible(currentWorkspace() == workspace);
  });
}

Workspace* MainWindow::workspaceFor(const QString& path) const {
  for (Workspace* workspace : workspaceList_)
    if (workspace->opens(path)) return workspace;
  return nullptr;
}

Workspace* MainWindow::workspaceNamed(const QString& name) const {
  for (Workspace* workspace : workspaceList_)
    if (workspace->workspaceName() == name) return workspace;
  return nullptr;
}

Workspace* MainWindow::currentWorkspace() const {
  for (Workspace* workspace : workspaceList_)
    if (workspace->workspaceWidget() == workspaces_->currentWidget()) return workspace;
  return nullptr;
}

void MainWindow::openIn(Workspace* workspace, const QString& path) {
  if (!workspace) return;
  workspaceWindows_->bringForward(workspace->workspaceWidget());
  statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
  workspace->openFile(path);
}

void MainWindow::openFile(const QString& path) { openIn(workspaceFor(path), path); }

void MainWindow::openAnyFile(const QString& path) {
  if (path.endsWith(QStringLiteral(".fftscope"), Qt::CaseInsensitive)) openSession(path);
  else openFile(path);
}

void MainWindow::openSignalFile(const QString& path) { openIn(workspaceNamed(QStringLiteral("signal")), path); }

void MainWindow::showAbout() {
  AboutDialog dialog(engine_->info(), engine_->isReady(), this);
  dialog.exec();
}

std::vector<ShortcutEntry> MainWindow::shortcuts() const {
  std::vector<std::pair<QString, const QWidget*>> areas;
  for (std::size_t i = 0; i < workspaceList_.size(); ++i)
    areas.emplace_back(tr("%1 workspace").arg(workspaceTitles_[i]), workspaceList_[i]->workspaceWidget());
  return collectShortcuts(this, areas);
}

void MainWindow::showShortcuts() {
  auto* dialog = new ShortcutsDialog(shortcuts(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();  // not modal: it can stay open beside the window
}

void MainWindow::takeScreenshotWhenReady(const QString& path) {
  auto once = std::make_shared<QMetaObject::Connection>();
  auto shoot = [this, path] {
    // Let the last result paint first.
    QTimer::singleShot(400, this, [this, path] {
      const QPixmap shot = grab();
      if (!shot.save(path)) qWarning("could not save the screenshot to %s", qPrintable(path));
      close();
    });
  };
  if (options_.workspace == QLatin1String("live")) {
    // A few seconds of the input, so that the spectrogram has scrolled in.
    QTimer::singleShot(6000, this, shoot);
    return;
  }
  // The workspace the start options gave a file to, else the first: once what it shows settled.
  Workspace* shown = workspaceList_.front();
  if (!options_.signalFile.isEmpty()) shown = workspaceNamed(QStringLiteral("signal"));
  else if (!options_.files.isEmpty()) shown = workspaceFor(options_.files.first());
  *once = connect(shown->events(), &WorkspaceEvents::settled, this, [once, shoot] {
    disconnect(*once);
    shoot();
  });
}

void MainWindow::closeEvent(QCloseEvent* event) {
  workspaceWindows_->reattachAll();  // the tabs as they were, for the next start
  settings_->setWindowGeometry(saveGeometry());
  settings_->setWindowState(saveState());
  settings_->setCurrentWorkspace(workspaces_->currentIndex());
  for (Workspace* workspace : workspaceList_) workspace->saveSettings();
  settings_->sync();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls())
    for (const QUrl& url : event->mimeData()->urls())
      if (url.isLocalFile()) {
        event->acceptProposedAction();
        return;
      }
}

void MainWindow::dropEvent(QDropEvent* event) {
  for (const QUrl& url : event->mimeData()->urls())
    if (url.isLocalFile()) {
      openAnyFile(url.toLocalFile());
      event->acceptProposedAction();
      return;
    }
}

}  // namespace fftscope::gui
