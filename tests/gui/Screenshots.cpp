// Screenshots of the real window for the README: drives the application to the states the README
// shows and saves what the window draws (run it under Xvfb for the X11 look). Not a test.
//   fftscope-screenshots OUTDIR [--sweep RESULTS.json] [--size WxH] [--image-only | --butterfly-only |
//                        --shortcuts-only | --requests-only]
#include "GuiTestSupport.h"
#include "bench/PeerCaseCommand.h"
#include "butterfly/ButterflyWorkspace.h"
#include "butterfly/FlowGraphView.h"
#include "engine/EngineService.h"
#include "image/ImageFileActions.h"
#include "image/ImageWorkspace.h"
#include "image/MaskEditor.h"
#include "image/SpectrumView.h"
#include "performance/PerformanceWorkspace.h"
#include "performance/SweepForm.h"
#include "performance/SweepPanel.h"
#include "image/BatchFilterDialog.h"
#include "imaging/ImageWriter.h"
#include "shell/DeviceChoiceDialog.h"
#include "shell/MainWindow.h"
#include "shell/Settings.h"
#include "shell/ShortcutsDialog.h"

#include "image/RegionAnalysis.h"

#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QSemaphore>
#include <QDir>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QThread>

#include <cstdio>
#include <cstring>
#include <functional>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

bool waitUntil(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  while (!done()) {
    if (clock.elapsed() > timeoutMs) return false;
    QApplication::processEvents(QEventLoop::AllEvents, 20);
    QThread::msleep(5);
  }
  return true;
}

void settle(int ms) { waitUntil([] { return false; }, ms); }

void save(QWidget& window, const QString& path) {
  settle(400);  // queued replots land
  if (!window.grab().save(path)) std::fprintf(stderr, "cannot save %s\n", qPrintable(path));
  else std::printf("saved %s\n", qPrintable(path));
}

// The Image workspace: auto notch, a line profile through a stripe's peak; then the spectrum of
// a selection of the original.
void saveImageShots(MainWindow& window, ImageWorkspace* image, const QDir& out, const QString& suffix) {
  window.findChild<QTabWidget*>()->setCurrentWidget(image);
  image->requestAutoNotch();
  waitUntil([&] { return !image->maskEditor()->spec().notches.empty() && image->isFilterCurrent(); }, 60000);
  image->spectrumView()->setProfileLine(0.0, 0.0, 0.3, 0.18);
  save(window, out.filePath(QStringLiteral("image") + suffix));
  image->selectRegion(QRect(40, 300, 160, 160));
  waitUntil([&] { return image->regionShown() != nullptr; }, 60000);
  save(window, out.filePath(QStringLiteral("image-selection") + suffix));
  image->clearSelection();

  // A slow result: the engine is held while the cutoff changes; the busy mark shows over the
  // filtered view and its caption still names the picture shown.
  auto gate = std::make_shared<QSemaphore>(0);
  window.engine()->post(QStringLiteral("screenshot"), 0, [gate](EngineRuntime&) { gate->tryAcquire(1, 20000); });
  imaging::FilterSpec spec = image->maskEditor()->spec();
  spec.base.cutoff = 0.07;
  image->maskEditor()->apply(spec);
  settle(1500);
  save(window, out.filePath(QStringLiteral("image-busy") + suffix));
  gate->release();
  waitUntil([&] { return image->isFilterCurrent(); }, 60000);
}

// The Butterfly explorer: radix 4 on 16 points after one launch; 64 points as it opens (fitted to
// the width) and fitted whole.
void saveButterflyShots(MainWindow& window, const QDir& out, const QString& suffix) {
  ButterflyWorkspace* butterfly = window.butterflyWorkspace();
  window.findChild<QTabWidget*>()->setCurrentWidget(butterfly);
  butterfly->setSize(16);
  butterfly->setVariant(Variant::R4);
  butterfly->setInputBin(3);
  waitUntil([&] { return butterfly->isPrepared(); }, 60000);
  butterfly->nextPass();
  waitUntil([&] { return butterfly->position() == 1; }, 60000);
  save(window, out.filePath(QStringLiteral("butterfly") + suffix));
  butterfly->setSize(64);
  waitUntil([&] { return butterfly->isPrepared(); }, 60000);
  butterfly->nextPass();
  waitUntil([&] { return butterfly->position() == 1; }, 60000);
  save(window, out.filePath(QStringLiteral("butterfly-64") + suffix));
  butterfly->graphView()->fit();
  save(window, out.filePath(QStringLiteral("butterfly-64-fit") + suffix));
}

}  // namespace

// With several devices: the device choice, and the timeline after Apply to Files spread its
// files over them (a row per device).
void saveDeviceShots(MainWindow& window, const QDir& out, const QString& suffix) {
  QTimer::singleShot(500, &window, [&window, out] {
    if (auto* dialog = window.findChild<DeviceChoiceDialog*>()) {
      save(*dialog, out.filePath(QStringLiteral("compute-devices.png")));
      dialog->reject();
    }
  });
  window.menuBar()->findChild<QAction*>(QStringLiteral("chooseDevices"))->trigger();
  QTemporaryDir folder;
  QStringList files;
  for (int i = 0; i < 12; ++i) {
    files << folder.filePath(QStringLiteral("in%1.png").arg(i));
    imaging::writeImage(testing::stripedImage(512, 384 + 32 * (i % 3), 5 + i, 7, 30.0, nullptr), files.back().toStdString());
  }
  BatchFilterDialog* batch = window.imageWorkspace()->fileActions()->applyToFiles(files, folder.path());
  waitUntil([&] { return batch->isFinished(); }, 300000);
  batch->close();
  window.findChild<QTabWidget*>()->setCurrentWidget(window.performanceWorkspace());
  settle(300);
  save(window, out.filePath(QStringLiteral("performance-devices") + suffix));
}

int main(int argc, char** argv) {
  // The sweep's peer cases run in this program's own peer-case command, as in the application.
  if (argc > 1 && std::string_view(argv[1]) == bench::kPeerCaseCommand) return bench::runPeerCaseCommand(argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: fftscope-screenshots OUTDIR [--sweep RESULTS.json] [--size WxH] [--devices SEL]\n");
    return 2;
  }
  QString sweep;
  QSize size(1366, 768);
  bool imageOnly = false, butterflyOnly = false, shortcutsOnly = false, requestsOnly = false;
  QString devices;  // --devices SEL: only the device shots, on those devices
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--image-only")) imageOnly = true;
    else if (!std::strcmp(argv[i], "--butterfly-only")) butterflyOnly = true;
    else if (!std::strcmp(argv[i], "--shortcuts-only")) shortcutsOnly = true;
    else if (!std::strcmp(argv[i], "--requests-only")) requestsOnly = true;
    else if (i + 1 == argc) break;
    else if (!std::strcmp(argv[i], "--devices")) devices = QString::fromLocal8Bit(argv[++i]);
    else if (!std::strcmp(argv[i], "--sweep")) sweep = QString::fromLocal8Bit(argv[++i]);
    else if (!std::strcmp(argv[i], "--size")) {
      const QStringList wh = QString::fromLocal8Bit(argv[++i]).split(QLatin1Char('x'));
      size = QSize(wh.value(0).toInt(), wh.value(1).toInt());
    }
  }
  QApplication app(argc, argv);
  testing::isolateSettings();
  if (!devices.isEmpty()) gui::Settings().setDeviceSelector(devices);
  const QDir out(QString::fromLocal8Bit(argv[1]));
  const QString suffix = QStringLiteral("-%1x%2.png").arg(size.width()).arg(size.height());
  MainWindow window;
  window.resize(size);
  window.show();
  if (!waitUntil([&] { return window.engine()->isReady(); }, 120000)) return 1;
  ImageWorkspace* image = window.imageWorkspace();
  if (!waitUntil([&] { return image->currentImage() && image->isFilterCurrent(); }, 300000)) return 1;

  if (!devices.isEmpty()) {
    saveDeviceShots(window, out, suffix);
    return 0;
  }
  if (shortcutsOnly) {  // Help > Keyboard Shortcuts, opened from its menu
    window.menuBar()->findChild<QAction*>(QStringLiteral("showShortcuts"))->trigger();
    auto* dialog = window.findChild<ShortcutsDialog*>();
    dialog->resize(600, 800);
    save(*dialog, out.filePath(QStringLiteral("keyboard-shortcuts.png")));
    return 0;
  }

  // Live: a few filter edits, as a person dragging the cutoff would make.
  auto* tabs = window.findChild<QTabWidget*>();
  for (int step = 0; step < 12; ++step) {
    imaging::FilterSpec spec = image->maskEditor()->spec();
    spec.base = {imaging::FilterKind::LowPass, imaging::FilterShape::Butterworth, 0.05 + 0.02 * step, 0.4, 3};
    image->maskEditor()->apply(spec);
    waitUntil([&] { return image->isFilterCurrent(); }, 60000);
    settle(60);
  }
  if (imageOnly) {
    saveImageShots(window, image, out, suffix);
    return 0;
  }
  if (butterflyOnly) {
    saveButterflyShots(window, out, suffix);
    return 0;
  }
  tabs->setCurrentWidget(window.performanceWorkspace());
  // Those edits from the action to the picture, part by part.
  window.performanceWorkspace()->showRequests();
  save(window, out.filePath(QStringLiteral("performance-breakdown") + suffix));
  if (requestsOnly) return 0;
  window.performanceWorkspace()->showLive();
  save(window, out.filePath(QStringLiteral("performance-live") + suffix));

  SweepPanel* sweeps = window.performanceWorkspace()->sweeps();
  window.performanceWorkspace()->showSweeps();
  if (!sweep.isEmpty()) {
    const QString error = sweeps->openResults(sweep);
    if (!error.isEmpty()) std::fprintf(stderr, "%s\n", qPrintable(error));
  } else {
    sweeps->form()->select({QStringLiteral("r2"), QStringLiteral("r4"), QStringLiteral("r16"), QStringLiteral("local"),
                            QStringLiteral("auto")},
                           {QStringLiteral("fftw"), QStringLiteral("vkfft"), QStringLiteral("clfft")}, 6, 12);
    sweeps->form()->setPoints(std::size_t(1) << 16);
    sweeps->form()->setRepetitions(2, 5);
    sweeps->run();
    waitUntil([&] { return !sweeps->isRunning(); }, 600000);
  }
  save(window, out.filePath(QStringLiteral("performance-sweep") + suffix));

  saveButterflyShots(window, out, suffix);

  tabs->setCurrentWidget(image);
  saveImageShots(window, image, out, suffix);
  return 0;
}
