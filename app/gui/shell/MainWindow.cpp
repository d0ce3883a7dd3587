#include "shell/MainWindow.h"

#include "image/BatchFilterDialog.h"

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
#include "signal/SignalWorkspace.h"
#include "shell/Settings.h"
#include "imaging/ImageWriter.h"
#include "widgets/ElidingStatusBar.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QScreen>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoGroup>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>

// The icon lives in the static library's resources, which a linking program must register.
static void registerResources() { Q_INIT_RESOURCE(fftscope); }

namespace fftscope::gui {
namespace {

const char* kImageFilters =
    "Images (*.png *.jpg *.jpeg *.tif *.tiff *.bmp *.pgm *.ppm *.pnm *.webp);;All files (*)";

}  // namespace

MainWindow::MainWindow(const StartOptions& options, QWidget* parent)
    : QMainWindow(parent), settings_(std::make_unique<Settings>()), options_(options) {
  registerResources();
  setWindowTitle(QStringLiteral("FFTScope"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/fftscope.svg")));
  setAcceptDrops(true);

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
  undoGroup_->addStack(imageWorkspace_->undoStack());
  undoGroup_->addStack(signalWorkspace_->undoStack());
  auto activateUndo = [this] {
    undoGroup_->setActiveStack(workspaces_->currentWidget() == signalWorkspace_ ? signalWorkspace_->undoStack()
                                                                               : imageWorkspace_->undoStack());
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
    const QSize size(std::min(1500, screen.width() * 9 / 10), std::min(900, screen.height() * 9 / 10));
    resize(size);
    move(screen.center() - QPoint(size.width() / 2, size.height() / 2));
  }
  restoreState(settings_->windowState());
  workspaces_->setCurrentIndex(std::clamp(settings_->currentWorkspace(), 0, workspaces_->count() - 1));
  if (options.workspace == QLatin1String("image")) workspaces_->setCurrentWidget(imageWorkspace_);
  if (options.workspace == QLatin1String("signal")) workspaces_->setCurrentWidget(signalWorkspace_);
  if (options.workspace == QLatin1String("performance")) workspaces_->setCurrentWidget(performanceWorkspace_);
  if (options.workspace == QLatin1String("butterfly")) workspaces_->setCurrentWidget(butterflyWorkspace_);

  if (options.files.isEmpty()) imageWorkspace_->openSample();
  else openFile(options.files.first());
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
  if (!options.screenshot.isEmpty()) takeScreenshotWhenReady(options.screenshot);
}

MainWindow::~MainWindow() = default;

void MainWindow::makeMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open Image…"), QKeySequence::Open, this, &MainWindow::chooseAndOpen);
  file->addAction(tr("Open &Sample Image"), this, [this] { imageWorkspace_->openSample(); });
  file->addAction(tr("Open S&ignal…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
    workspaces_->setCurrentWidget(signalWorkspace_);
    signalWorkspace_->chooseAndOpen();
  });
  file->addAction(tr("&Generate Signal…"), this, [this] {
    workspaces_->setCurrentWidget(signalWorkspace_);
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

  QMenu* help = menuBar()->addMenu(tr("&Help"));
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

void MainWindow::openFile(const QString& path) {
  workspaces_->setCurrentWidget(imageWorkspace_);
  statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
  imageWorkspace_->openFile(path);
}

void MainWindow::openSignalFile(const QString& path) {
  workspaces_->setCurrentWidget(signalWorkspace_);
  statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
  signalWorkspace_->openFile(path);
}

void MainWindow::chooseAndOpen() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Image"), settings_->lastDirectory(),
                                                    tr(kImageFilters));
  if (!path.isEmpty()) openFile(path);
}

QString MainWindow::askSavePath(const QString& title, const QString& suggestedName, const QString& filters) {
  const QString directory = settings_->lastDirectory().isEmpty() ? QDir::homePath() : settings_->lastDirectory();
  return QFileDialog::getSaveFileName(this, title, QDir(directory).filePath(suggestedName), filters);
}

void MainWindow::runSave(const QString& what, const QString& path, std::function<void()> write) {
  // Encoding a large PNG takes a moment: off the GUI thread, with the outcome reported after.
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, what, path] {
    const QString error = watcher->result();
    watcher->deleteLater();
    if (error.isEmpty()) statusBar()->showMessage(tr("Saved %1 to %2").arg(what, path), 6000);
    else imageWorkspace_->showMessage(tr("Could not save %1: %2").arg(what, error));
    emit saved(path, error);
  });
  watcher->setFuture(QtConcurrent::run([write = std::move(write)]() -> QString {
    try {
      write();
      return {};
    } catch (const std::exception& error) {
      return QString::fromStdString(error.what());
    }
  }));
  settings_->setLastDirectory(QFileInfo(path).absolutePath());
}

void MainWindow::chooseAndSaveFiltered() {
  WorkspaceImagePtr image = imageWorkspace_->currentImage();
  if (!image || !imageWorkspace_->lastOutcome()) return;
  const QString base = image->path.isEmpty() ? QStringLiteral("sample") : QFileInfo(image->path).completeBaseName();
  // A float result needs TIFF: the dialog offers it first.
  const bool floating = imageWorkspace_->lastOutcome()->range == imaging::OutputRange::Float;
  const QString path = askSavePath(tr("Save Filtered Image"), base + (floating ? QStringLiteral("-filtered.tif") : QStringLiteral("-filtered.png")),
                                   floating ? tr("32-bit float TIFF (*.tif *.tiff)") : tr("PNG (*.png);;TIFF (*.tif *.tiff)"));
  if (!path.isEmpty()) saveFilteredImage(path);
}

void MainWindow::chooseAndSaveSpectrum(bool withMaskTint) {
  if (!imageWorkspace_->lastSpectrum()) return;
  const QString path = askSavePath(withMaskTint ? tr("Save Spectrum with Mask Tint") : tr("Save Spectrum"),
                                   QStringLiteral("spectrum.png"), tr("PNG (*.png)"));
  if (!path.isEmpty()) saveSpectrumImage(path, withMaskTint);
}

void MainWindow::chooseAndSaveMask() {
  if (!imageWorkspace_->lastOutcome()) return;
  const QString path = askSavePath(tr("Save Mask"), QStringLiteral("mask.png"), tr("16-bit PNG (*.png)"));
  if (!path.isEmpty()) saveMaskImage(path);
}

bool MainWindow::saveFilteredImage(const QString& path) {
  FilterOutcomePtr outcome = imageWorkspace_->lastOutcome();
  if (!outcome) return false;
  runSave(tr("the filtered image"), path, [outcome, path] {
    if (outcome->range == imaging::OutputRange::Float) imaging::writeFilteredImage(outcome->exact, outcome->range, path.toStdString());
    else imaging::writeImage(outcome->filtered, path.toStdString());
  });
  return true;
}

bool MainWindow::saveSpectrumImage(const QString& path, bool withMaskTint) {
  SpectrumRenderingPtr spectrum = imageWorkspace_->lastSpectrum();
  if (!spectrum) return false;
  QImage view = spectrum->view.convertToFormat(QImage::Format_RGB32);
  FilterOutcomePtr outcome = imageWorkspace_->lastOutcome();
  if (withMaskTint && outcome && outcome->maskOverlay.size() == view.size()) {
    QPainter painter(&view);
    painter.drawImage(0, 0, outcome->maskOverlay);
  }
  runSave(tr("the spectrum"), path, [view, path] {
    if (!view.convertToFormat(QImage::Format_RGB888).save(path, "PNG"))
      throw std::runtime_error(path.toStdString() + ": could not write the PNG file");
  });
  return true;
}

bool MainWindow::saveMaskImage(const QString& path) {
  FilterOutcomePtr outcome = imageWorkspace_->lastOutcome();
  if (!outcome) return false;
  runSave(tr("the mask"), path, [outcome, path] { imaging::writeMaskPng(outcome->mask(), path.toStdString()); });
  return true;
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

void MainWindow::showAbout() {
  AboutDialog dialog(engine_->info(), engine_->isReady(), this);
  dialog.exec();
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
  if (!options_.signalFile.isEmpty()) {
    *once = connect(signalWorkspace_, &SignalWorkspace::analysisShown, this, [once, shoot] {
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
  settings_->setWindowGeometry(saveGeometry());
  settings_->setWindowState(saveState());
  settings_->setCurrentWorkspace(workspaces_->currentIndex());
  imageWorkspace_->saveSettings();
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
  static const QStringList imageSuffixes{"png", "jpg", "jpeg", "tif", "tiff", "bmp", "pgm", "ppm", "pnm", "webp"};
  for (const QUrl& url : event->mimeData()->urls())
    if (url.isLocalFile()) {
      const QString path = url.toLocalFile();
      if (imageSuffixes.contains(QFileInfo(path).suffix().toLower())) openFile(path);
      else openSignalFile(path);
      event->acceptProposedAction();
      return;
    }
}

}  // namespace fftscope::gui
