// Live video in the Image workspace from a video file: frames are shown one after another with
// the filter and notches kept, each result equal to the file mode's for that frame; frames per
// second and dropped frames counted; pause, step and snapshot; a bad file and a missing camera
// refused with a message. The camera's path is fed a video file's frames through its sink, as Qt
// Multimedia's camera feeds it, so that its code runs on a machine with no camera.
#include "../io/ScratchFolder.h"
#include "../video/VideoTestSupport.h"
#include "CameraFeed.h"
#include "GuiTestSupport.h"
#include "image/CameraSource.h"
#include "image/ImageWorkspace.h"
#include "engine/EngineService.h"
#include "image/ImageFileActions.h"
#include "image/LiveVideoBar.h"
#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/Mask.h"
#include "shell/MainWindow.h"
#include "video/VideoFile.h"

#include <QCameraDevice>
#include <QMediaDevices>
#include <QMenu>
#include <QVideoSink>
#include <QTimer>
#include <QtTest>

#include <algorithm>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

// Whether the filtered result on screen is the file mode's for the frame on screen.
bool shownIsFileModeResult(ImageWorkspace* workspace) {
  const FilterOutcomePtr outcome = workspace->lastOutcome();
  const WorkspaceImagePtr frame = workspace->currentImage();
  if (!outcome || !frame || outcome->imageId != frame->id) return false;
  imaging::FftwBackend fftw;
  const imaging::SpectralImage analysed = imaging::analyseImage(*frame->image, frame->padMode, frame->channelMode, fftw);
  const imaging::Mask mask = imaging::buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, outcome->spec);
  const imaging::Image expected = imaging::mapOutputRange(imaging::synthesiseSamples(analysed, mask, fftw), outcome->range);
  return video::test::difference(outcome->filtered, expected).max <= 1;
}

}  // namespace

class LiveVideoTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { testing::isolateSettings(); }

  // Each function starts from the default settings, whatever an earlier one saved.
  void init() { testing::forgetSettings(); }

  void framesFilteredLive() {
    io::test::ScratchFolder folder;
    video::test::makeStripesVideo(folder / "live.mkv", "FFV1", 64, 48, 40, 50, false);
    MainWindow window;
    window.show();
    ImageWorkspace* workspace = window.findChild<ImageWorkspace*>();
    LiveVideoBar* bar = window.imageWorkspace()->fileActions()->liveVideoBar();
    QVERIFY(window.imageWorkspace()->fileActions()->openLiveVideo(QString::fromStdString((folder / "live.mkv").string())));
    QVERIFY(bar->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(bar->shownFrames() >= 3, 30000);
    workspace->placeNotch(0.125, 0.0625);
    const qint64 before = bar->shownFrames();
    QTRY_VERIFY_WITH_TIMEOUT(bar->shownFrames() >= before + 5, 30000);
    QVERIFY(bar->statsText().contains(QStringLiteral("frames/s")));
    QVERIFY(bar->statsText().contains(QStringLiteral("dropped")));
    // On a device, a frame's upload, kernels and download are shown apart.
    if (window.engine()->info().openCl) {
      const LiveVideoBar::DeviceTimes device = bar->deviceTimesPerFrame();
      QVERIFY(device.uploadMs > 0 && device.kernelMs > 0 && device.downloadMs > 0);
      QVERIFY2(bar->statsText().contains(QStringLiteral("upload")), qPrintable(bar->statsText()));
    }

    // The result on screen is the file mode's for the frame on screen, notch included.
    bar->setPaused(true);
    QTest::qWait(300);  // a frame in flight lands
    const FilterOutcomePtr outcome = workspace->lastOutcome();
    const WorkspaceImagePtr frame = workspace->currentImage();
    QVERIFY(outcome && frame && outcome->imageId == frame->id);
    QCOMPARE(int(outcome->spec.notches.size()), 1);
    QVERIFY(frame->name.contains(QStringLiteral("(live)")));
    QVERIFY(shownIsFileModeResult(workspace));

    // Paused, frames stop; a step shows one more.
    const qint64 paused = bar->shownFrames();
    QTest::qWait(300);
    QCOMPARE(bar->shownFrames(), paused);
    bar->step();
    QTRY_COMPARE_WITH_TIMEOUT(bar->shownFrames(), paused + 1, 10000);

    // A snapshot is an ordinary image; live video stops.
    const std::shared_ptr<const imaging::Image> shown = workspace->currentImage()->image;
    bar->snapshot();
    QVERIFY(!bar->isLive());
    QVERIFY(!bar->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(workspace->currentImage()->name.contains(QStringLiteral("frame")), 10000);
    QCOMPARE(workspace->currentImage()->image->data, shown->data);
  }

  void cameraPathFedFromAFile() {
    io::test::ScratchFolder folder;
    video::test::makeStripesVideo(folder / "feed.mkv", "FFV1", 64, 48, 200, 50, false);
    MainWindow window;
    window.show();
    ImageWorkspace* workspace = window.findChild<ImageWorkspace*>();
    LiveVideoBar* bar = window.imageWorkspace()->fileActions()->liveVideoBar();
    auto camera = std::make_unique<CameraSource>(QStringLiteral("test camera"));
    QVideoSink* sink = camera->sink();
    QVERIFY(window.imageWorkspace()->fileActions()->startLiveSource(std::move(camera)));
    // The file's frames into the camera's sink, one every 20 ms, as a camera delivers them.
    testing::CameraFeed feed(folder / "feed.mkv", sink, 20);
    QTRY_VERIFY_WITH_TIMEOUT(bar->shownFrames() >= 5, 30000);
    QVERIFY(bar->statsText().contains(QStringLiteral("test camera")));
    bar->setPaused(true);
    QTest::qWait(300);
    // The frame on screen is one of those fed, sample for sample, and filtered as the file mode.
    const WorkspaceImagePtr shown = workspace->currentImage();
    QVERIFY(shown && shown->name.contains(QStringLiteral("test camera")));
    QVERIFY(std::any_of(feed.fed().begin(), feed.fed().end(),
                        [&](const imaging::Image& f) { return f.data == shown->image->data; }));
    QVERIFY(shownIsFileModeResult(workspace));
    // Paused, the camera's frames are let go; a step shows one more.
    const qint64 paused = bar->shownFrames();
    QTest::qWait(200);
    QCOMPARE(bar->shownFrames(), paused);
    bar->step();
    QTRY_COMPARE_WITH_TIMEOUT(bar->shownFrames(), paused + 1, 10000);
    feed.stop();
    bar->stop();
  }

  void cameraMenuListsCamerasOrSaysThereIsNone() {
    MainWindow window;
    auto* menu = window.findChild<QMenu*>(QStringLiteral("cameraMenu"));
    QVERIFY(menu);
    emit menu->aboutToShow();
    const QList<QCameraDevice> cameras = QMediaDevices::videoInputs();
    if (cameras.isEmpty()) {
      QCOMPARE(menu->actions().size(), 1);
      QCOMPARE(menu->actions().first()->text(), QStringLiteral("No camera found"));
      QVERIFY(!menu->actions().first()->isEnabled());
    } else {
      QCOMPARE(menu->actions().size(), cameras.size());
    }
  }

  void refusals() {
    io::test::ScratchFolder folder;
    MainWindow window;
    QVERIFY(!window.imageWorkspace()->fileActions()->openLiveVideo(QString::fromStdString((folder / "missing.mp4").string())));
    QVERIFY(!window.imageWorkspace()->fileActions()->liveVideoBar()->isLive());
    if (QMediaDevices::videoInputs().isEmpty()) QVERIFY(!window.imageWorkspace()->fileActions()->openCamera());
  }
};

QTEST_MAIN(LiveVideoTest)
#include "LiveVideoTest.moc"
