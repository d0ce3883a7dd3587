#include "shell/MainWindow.h"
#include "shell/SessionManager.h"

#include "image/BatchFilterDialog.h"
#include "image/VideoFilterDialog.h"
#include "image/LiveVideoBar.h"

#include "shell/AboutDialog.h"
#include "engine/EngineService.h"
#include "image/ImageSession.h"
#include "shell/EngineStatus.h"
#include "image/FilterPanel.h"
#include "image/ImageWorkspace.h"
#include "butterfly/ButterflyWorkspace.h"
#include "image/MaskEditor.h"
#include "performance/PerformanceWorkspace.h"
#include "shell/PlaceholderWorkspace.h"
#include "signal/SignalDocument.h"
#include "signal/LiveMode.h"
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
#include <QUndoGroup>
#include <QUndoStack>


// The icon lives in the static library's resources, which a linking program must register.
static void registerResources() { Q_INIT_RESOURCE(fftscope); }

namespace fftscope::gui {
namespace {

const char* kImageFilters =
    "Images (*.png *.jpg *.jpeg *.tif *.tiff *.bmp *.pgm *.ppm *.pnm *.webp);;All files (*)";

bool isImageFile(const QString& path) {
  static const QStringList imageSuffixes{"png", "jpg", "jpeg", "tif", "tiff", "bmp", "pgm", "ppm", "pnm", "webp"};
  return imageSuffixes.contains(QFileInfo(path).suffix().toLower());
}

}  // namespace

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
  workspaces_->addTab(imageWorkspace_, tr("Image"));
  liveVideo_ = new LiveVideoBar(imageWorkspace_, this);
  addToolBar(Qt::TopToolBarArea, liveVideo_);
  signalWorkspace_ = new SignalWorkspace(engine_);
  workspaces_->addTab(signalWorkspace_, tr("Signal"));
  performanceWorkspace_ = new PerformanceWorkspace(engine_);
  workspaces_->addTab(performanceWorkspace_, tr("Performance"));
  butterflyWorkspace_ = new ButterflyWorkspace(engine_);
  // A row of the image open in the Image workspace, as an input to follow through the passes.
  butterflyWorkspace_->addInputSource(tr("a row of the image"), [this](std::size_t n) {
    ComplexVector row(n);
    if (WorkspaceImagePtr image = imageWorkspace_->currentImage()) {
      const imaging::Image& im = *image->image;
      const int y = im.height / 2;
      for (std::size_t x = 0; x < n && int(x) < im.width; ++x)
        row[x] = im.data[(std::size_t(y) * std::size_t(im.width) + x) * std::size_t(im.channels)];
    }
    return row;
  });
  // The first samples of the Signal workspace's selection (its first channel), likewise.
  butterflyWorkspace_->addInputSource(tr("a slice of the signal"), [this](std::size_t n) {
    ComplexVector slice(n);
    if (LoadedSignalPtr loaded = signalWorkspace_->document()->current()) {
      const std::vector<float>& samples = loaded->signal->channels.front();
      const std::size_t start = std::min(signalWorkspace_->document()->selection().first, samples.size());
      for (std::size_t i = 0; i < n && start + i < samples.size(); ++i) slice[i] = samples[start + i];
    }
    return slice;
  });
  workspaces_->addTab(butterflyWorkspace_, tr("Butterfly"));
  setCentralWidget(workspaces_);
  workspaceList_ = {imageWorkspace_, signalWorkspace_, performanceWorkspace_, butterflyWorkspace_};
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
  connect(imageWorkspace_, &ImageWorkspace::resultShown, this,
          [this](FilterOutcomePtr outcome, double roundTripMs) { status_->showResult(*outcome, roundTripMs); });
  // The kernels and times there are the Image workspace's: not under another workspace.
  connect(workspaces_, &QTabWidget::currentChanged, status_,
          [this] { status_->setResultVisible(workspaces_->currentWidget() == imageWorkspace_); });
  connect(imageWorkspace_, &ImageWorkspace::imageChanged, this, [this](WorkspaceImagePtr image) {
    setWindowTitle(tr("%1 — FFTScope").arg(image->name));
    if (!image->path.isEmpty()) {
      settings_->addRecentFile(image->path);
      settings_->setLastDirectory(QFileInfo(image->path).absolutePath());
      rebuildRecentMenu();
    }
    statusBar()->showMessage(tr("Opened %1 in %2 ms").arg(image->name).arg(image->analyseMs, 0, 'f', 0), 4000);
  });
  connect(imageWorkspace_, &ImageWorkspace::openCancelled, this, [this] {
    if (statusBar()->currentMessage().startsWith(tr("Opening "))) statusBar()->clearMessage();
  });
  connect(imageWorkspace_, &ImageWorkspace::openFailed, this,
          [this](const QString& message) { statusBar()->showMessage(message, 8000); });

  // Edit > Undo acts on the workspace in front.
  undoGroup_ = new QUndoGroup(this);
  for (Workspace* workspace : workspaceList_)
    if (QUndoStack* stack = workspace->undoStack()) undoGroup_->addStack(stack);
  auto activateUndo = [this] {
    QUndoStack* active = imageWorkspace_->undoStack();
    for (Workspace* workspace : workspaceList_)
      if (workspace->workspaceWidget() == workspaces_->currentWidget() && workspace->undoStack()) active = workspace->undoStack();
    undoGroup_->setActiveStack(active);
  };
  connect(workspaces_, &QTabWidget::currentChanged, this, activateUndo);
  activateUndo();
  connect(signalWorkspace_, &SignalWorkspace::signalChanged, this, [this](LoadedSignalPtr signal) {
    setWindowTitle(tr("%1 — FFTScope").arg(signal->name));
    statusBar()->showMessage(tr("Opened %1 in %2 ms").arg(signal->name).arg(signal->loadMs, 0, 'f', 0), 4000);
  });

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
  if (options.workspace == QLatin1String("live")) {
    workspaces_->setCurrentWidget(signalWorkspace_);
    signalWorkspace_->setLive(true);
    signalWorkspace_->liveMode()->start();
  }
  status_->setResultVisible(workspaces_->currentWidget() == imageWorkspace_);

  if (options.files.isEmpty() || !isImageFile(options.files.first())) imageWorkspace_->openSample();
  if (!options.files.isEmpty()) openAnyFile(options.files.first());
  if (!options.signalFile.isEmpty()) openSignalFile(options.signalFile);
  if (options.baseFilter) {
    auto once = std::make_shared<QMetaObject::Connection>();
    const imaging::BaseFilter base = *options.baseFilter;
    *once = connect(imageWorkspace_, &ImageWorkspace::imageChanged, this, [this, once, base] {
      disconnect(*once);
      imageWorkspace_->filterPanel()->editBaseFilter(base);
    });
  }
  if (options.autoNotch) {
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(imageWorkspace_, &ImageWorkspace::spectrumShown, this, [this, once] {
      disconnect(*once);
      imageWorkspace_->requestAutoNotch();
    });
  }
  if (!options.liveVideo.isEmpty())
    QTimer::singleShot(0, this, [this, path = options.liveVideo] { openLiveVideo(path); });
  if (!options.screenshot.isEmpty()) takeScreenshotWhenReady(options.screenshot);
  makeSessions();
  applyPreferences();
}

MainWindow::~MainWindow() = default;

void MainWindow::openFile(const QString& path) {
  workspaceWindows_->bringForward(imageWorkspace_);
  statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
  imageWorkspace_->openFile(path);
}

void MainWindow::openAnyFile(const QString& path) {
  if (path.endsWith(QStringLiteral(".fftscope"), Qt::CaseInsensitive)) openSession(path);
  else if (isImageFile(path)) openFile(path);
  else openSignalFile(path);
}

void MainWindow::openSignalFile(const QString& path) {
  workspaceWindows_->bringForward(signalWorkspace_);
  statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
  signalWorkspace_->openFile(path);
}

void MainWindow::chooseAndOpen() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Image"), settings_->lastDirectory(),
                                                    tr(kImageFilters));
  if (!path.isEmpty()) openFile(path);
}

void MainWindow::chooseAndApplyToFiles() {
  const QString directory = settings_->lastDirectory().isEmpty() ? QDir::homePath() : settings_->lastDirectory();
  const QStringList files = QFileDialog::getOpenFileNames(this, tr("Apply the Filter to Files"), directory,
                                                          tr(kImageFilters));
  if (files.isEmpty()) return;
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the Filtered Files"),
                                                           QFileInfo(files.first()).absolutePath());
  if (folder.isEmpty()) return;
  settings_->setLastDirectory(folder);
  applyToFiles(files, folder);
}

BatchFilterDialog* MainWindow::applyToFiles(const QStringList& files, const QString& folder) {
  auto* dialog = new BatchFilterDialog(imageSession_, files, folder, imageWorkspace_->batchSettings(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();  // not modal: the window stays usable while the files are filtered
  return dialog;
}

void MainWindow::chooseAndFilterVideo() {
  const QString directory = settings_->lastDirectory().isEmpty() ? QDir::homePath() : settings_->lastDirectory();
  const QString input = QFileDialog::getOpenFileName(this, tr("Filter a Video"), directory,
                                                     tr("Videos (*.mp4 *.m4v *.mov *.avi *.mkv *.webm);;All files (*)"));
  if (input.isEmpty()) return;
  const QFileInfo info(input);
  const QString suggested = info.absolutePath() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral("-filtered.mp4");
  const QString output = QFileDialog::getSaveFileName(this, tr("Save the Filtered Video"), suggested,
                                                      tr("MPEG-4 (*.mp4);;Motion JPEG (*.avi);;FFV1, lossless (*.mkv)"));
  if (output.isEmpty()) return;
  settings_->setLastDirectory(QFileInfo(output).absolutePath());
  filterVideo(input, output);
}

VideoFilterDialog* MainWindow::filterVideo(const QString& input, const QString& output) {
  auto* dialog = new VideoFilterDialog(input, output, imageWorkspace_->batchSettings(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();  // not modal: the window stays usable while the frames are filtered
  return dialog;
}

void MainWindow::chooseAndOpenLiveVideo() {
  const QString directory = settings_->lastDirectory().isEmpty() ? QDir::homePath() : settings_->lastDirectory();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open a Video as the Live Source"), directory,
                                                    tr("Videos (*.mp4 *.m4v *.mov *.avi *.mkv *.webm);;All files (*)"));
  if (path.isEmpty()) return;
  settings_->setLastDirectory(QFileInfo(path).absolutePath());
  openLiveVideo(path);
}

bool MainWindow::openLiveVideo(const QString& path) {
  workspaces_->setCurrentWidget(imageWorkspace_);
  try {
    liveVideo_->start(LiveVideoSource::openFile(path));
    return true;
  } catch (const std::exception& error) {
    imageWorkspace_->showMessage(QString::fromStdString(error.what()));
    return false;
  }
}

bool MainWindow::openCamera() {
  workspaces_->setCurrentWidget(imageWorkspace_);
  QString why;
  std::unique_ptr<LiveVideoSource> camera = LiveVideoSource::openCamera(&why);
  if (!camera) {
    imageWorkspace_->showMessage(tr("Live camera: %1.").arg(why));
    return false;
  }
  liveVideo_->start(std::move(camera));
  return true;
}

void MainWindow::showAbout() {
  AboutDialog dialog(engine_->info(), engine_->isReady(), this);
  dialog.exec();
}

std::vector<ShortcutEntry> MainWindow::shortcuts() const {
  return collectShortcuts(this, {{tr("Image workspace"), imageWorkspace_},
                                {tr("Signal workspace"), signalWorkspace_},
                                {tr("Performance workspace"), performanceWorkspace_},
                                {tr("Butterfly workspace"), butterflyWorkspace_}});
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
  const bool signalGiven = !options_.signalFile.isEmpty() || (!options_.files.isEmpty() && !isImageFile(options_.files.first()));
  if (signalGiven) {
    *once = connect(signalWorkspace_, &SignalWorkspace::analysisShown, this, [once, shoot] {
      disconnect(*once);
      shoot();
    });
    return;
  }
  if (!options_.liveVideo.isEmpty()) {
    // Live: once enough frames were shown for the rate to be measured.
    *once = connect(liveVideo_, &LiveVideoBar::statsChanged, this, [this, once, shoot] {
      if (liveVideo_->shownFrames() < 40) return;
      disconnect(*once);
      shoot();
    });
    return;
  }
  *once = connect(imageWorkspace_, &ImageWorkspace::resultShown, this, [this, once, shoot] {
    // With --auto-notch, wait for the result that has the notches in it.
    if (options_.autoNotch && imageWorkspace_->maskEditor()->spec().notches.empty()) return;
    if (!imageWorkspace_->isFilterCurrent() || !imageWorkspace_->lastSpectrum()) return;
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
