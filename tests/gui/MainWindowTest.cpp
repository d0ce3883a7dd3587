// The application window, offscreen: it opens on the sample, names the device in the status bar
// and the About box, shows the per-kernel timings in a tooltip, keeps recent files and settings,
// and has the usual shortcuts.
#include "shell/AboutDialog.h"
#include "engine/EngineService.h"
#include "shell/EngineStatus.h"
#include "image/FilterPanel.h"
#include "GuiTestSupport.h"
#include "image/ImageWorkspace.h"
#include "image/ImageFileActions.h"
#include "shell/MainWindow.h"
#include "shell/Settings.h"
#include "signal/SignalDocument.h"
#include "signal/SignalWorkspace.h"
#include "imaging/ImageReader.h"
#include "imaging/ImageWriter.h"
#include "imaging/SampleImage.h"
#include "signal/AudioWriter.h"
#include "signal/Generators.h"

#include <QAction>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace fftscope;
using namespace fftscope::gui;

namespace {
constexpr int kWait = 120000;
}

class MainWindowTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    testing::isolateSettings();
    QCoreApplication::setOrganizationName(QStringLiteral("FFTScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("fftscope-tests"));
  }

  // Each function starts from the default settings, whatever an earlier one saved.
  void init() { testing::forgetSettings(); }

  void opensOnTheSampleAndShowsTheEngine() {
    MainWindow window;
    window.show();
    ImageWorkspace* workspace = window.imageWorkspace();
    QTRY_VERIFY_WITH_TIMEOUT(workspace->lastOutcome() && workspace->lastSpectrum(), kWait);
    QVERIFY(workspace->currentImage()->name.contains(QStringLiteral("Sample")));
    QVERIFY(window.engine()->isReady());
    const EngineInfo& info = window.engine()->info();
    QVERIFY(!info.deviceName.isEmpty());
    QVERIFY(window.engineStatus()->deviceText().contains(info.openCl ? info.deviceName : QStringLiteral("FFTW")));
    QVERIFY(window.engineStatus()->timeText().contains(QStringLiteral("ms")));
    if (info.openCl) {
      // The per-kernel breakdown from the engine's timing records.
      QVERIFY2(window.engineStatus()->timeToolTip().contains(QStringLiteral("transpose")) ||
                   window.engineStatus()->timeToolTip().contains(QStringLiteral("stockham")) ||
                   window.engineStatus()->timeToolTip().contains(QStringLiteral("local_fft")),
               qPrintable(window.engineStatus()->timeToolTip()));
    }
    // Without an OpenCL platform the engine falls back to FFTW and says so where it is seen.
    if (!info.openCl) QVERIFY2(workspace->lastMessage().contains(QStringLiteral("FFTW")), qPrintable(workspace->lastMessage()));
    AboutDialog about(info, true, &window);
    const QLabel* text = about.findChild<QLabel*>(QStringLiteral("aboutText"));
    QVERIFY(text);
    QVERIFY(text->text().contains(info.openCl ? info.deviceName.toHtmlEscaped() : QStringLiteral("FFTW")));
  }

  void savesWhatIsOnScreen() {
    QTemporaryDir folder;
    MainWindow window;
    window.show();
    ImageWorkspace* workspace = window.imageWorkspace();
    QTRY_VERIFY_WITH_TIMEOUT(workspace->lastOutcome() && workspace->lastSpectrum(), kWait);
    imaging::BaseFilter base;
    base.kind = imaging::FilterKind::HighPass;
    base.cutoff = 0.05;
    workspace->filterPanel()->editBaseFilter(base);
    QTRY_VERIFY_WITH_TIMEOUT(workspace->isFilterCurrent(), kWait);
    const FilterOutcomePtr outcome = workspace->lastOutcome();

    QSignalSpy saved(window.imageWorkspace()->fileActions(), &ImageFileActions::saved);
    for (const QString& name : {QStringLiteral("filtered.png"), QStringLiteral("filtered.tif")}) {
      const QString path = folder.filePath(name);
      QVERIFY(window.imageWorkspace()->fileActions()->saveFilteredImage(path));
      QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, kWait);
      QCOMPARE(saved.takeFirst().at(1).toString(), QString());
      const imaging::Image back = imaging::readImage(path.toStdString());
      QCOMPARE(back.width, outcome->filtered.width);
      QCOMPARE(back.bitDepth, outcome->filtered.bitDepth);
      QCOMPARE(back.channels, outcome->filtered.channels);
      QVERIFY(back.data == outcome->filtered.data);
    }
    QVERIFY(window.imageWorkspace()->fileActions()->saveSpectrumImage(folder.filePath(QStringLiteral("spectrum.png"))));
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, kWait);
    QCOMPARE(QImage(folder.filePath(QStringLiteral("spectrum.png"))).size(), QSize(512, 512));
    saved.clear();
    QVERIFY(window.imageWorkspace()->fileActions()->saveMaskImage(folder.filePath(QStringLiteral("mask.png"))));
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, kWait);
    const imaging::Image mask = imaging::readImage(folder.filePath(QStringLiteral("mask.png")).toStdString());
    QCOMPARE(mask.bitDepth, 16);
    QCOMPARE(mask.data[256 * 512 + 256], 0.0f);  // a high-pass removes DC, in the centre
    saved.clear();
    // A folder that does not exist: a message, nothing lost.
    QVERIFY(window.imageWorkspace()->fileActions()->saveFilteredImage(folder.filePath(QStringLiteral("no/such/folder/x.png"))));
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, kWait);
    QVERIFY(!saved.first().at(1).toString().isEmpty());
    QVERIFY(workspace->lastMessage().contains(QStringLiteral("Could not save")));
  }

  void opensADroppedFile() {
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("dropped.png"));
    imaging::writeImage(imaging::makeSampleImage().clean, path.toStdString());
    MainWindow window;
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->currentImage(), kWait);
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->currentImage()->path == path, kWait);
  }

  // A file given at start (the desktop entry's %f) opens by its type: a recording in the Signal
  // workspace, with the sample image behind it in the Image workspace.
  void opensARecordingGivenAtStart() {
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("tone.wav"));
    signal::writeAudio(signal::sumOfSines({8000.0, 0.25}, {{440.0, 0.5, 0.0}}), path.toStdString(),
                       signal::SignalFormat{signal::Container::Wav, signal::Encoding::Pcm16, false});
    StartOptions options;
    options.files = {path};
    MainWindow window(options);
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(window.signalWorkspace()->document()->current(), kWait);
    QCOMPARE(window.signalWorkspace()->document()->current()->path, path);
    QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->currentImage(), kWait);
    QVERIFY(window.imageWorkspace()->currentImage()->name.contains(QStringLiteral("Sample")));
  }

  void menusHaveTheUsualShortcuts() {
    MainWindow window;
    QStringList shortcuts;
    for (QAction* menu : window.menuBar()->actions())
      for (QAction* action : menu->menu()->actions())
        if (!action->shortcut().isEmpty()) shortcuts << action->shortcut().toString();
    for (const QKeySequence& expected : {QKeySequence(QKeySequence::Open), QKeySequence(QKeySequence::Save),
                                         QKeySequence(QKeySequence::Undo), QKeySequence(QStringLiteral("Ctrl+Q")),
                                         QKeySequence(QKeySequence::ZoomIn)})
      QVERIFY2(shortcuts.contains(expected.toString()),
               qPrintable(expected.toString() + QStringLiteral(" not in ") + shortcuts.join(QStringLiteral(", "))));
  }

  void remembersRecentFilesAndSettings() {
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("striped.png"));
    imaging::writeImage(imaging::makeSampleImage().clean, path.toStdString());
    {
      MainWindow window;
      window.show();
      QSignalSpy changed(window.imageWorkspace(), &ImageWorkspace::imageChanged);
      window.openFile(path);
      QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->currentImage() &&
                                   window.imageWorkspace()->currentImage()->path == path,
                               kWait);
      window.imageWorkspace()->setTabbedViews(true);
      window.resize(1234, 777);
      window.close();
    }
    gui::Settings settings;
    QVERIFY(!settings.recentFiles().isEmpty());
    QCOMPARE(settings.recentFiles().first(), QFileInfo(path).absoluteFilePath());
    QVERIFY(settings.tabbedViews());
    QVERIFY(!settings.windowGeometry().isEmpty());
    MainWindow again;
    QVERIFY(again.imageWorkspace()->tabbedAction()->isChecked());
    again.imageWorkspace()->setTabbedViews(false);
    again.close();
  }
};

QTEST_MAIN(MainWindowTest)
#include "MainWindowTest.moc"
