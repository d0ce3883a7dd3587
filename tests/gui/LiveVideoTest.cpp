// Live video in the Image workspace from a video file: frames are shown one after another with
// the filter and notches kept, each result equal to the file mode's for that frame; frames per
// second and dropped frames counted; pause, step and snapshot; a bad file and a missing camera
// refused with a message.
#include "../io/ScratchFolder.h"
#include "../video/VideoTestSupport.h"
#include "GuiTestSupport.h"
#include "image/ImageWorkspace.h"
#include "image/ImageFileActions.h"
#include "image/LiveVideoBar.h"
#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/Mask.h"
#include "shell/MainWindow.h"

#include <QCameraDevice>
#include <QMediaDevices>
#include <QtTest>

using namespace fftscope;
using namespace fftscope::gui;

class LiveVideoTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { testing::isolateSettings(); }

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

    // The result on screen is the file mode's for the frame on screen, notch included.
    bar->setPaused(true);
    QTest::qWait(300);  // a frame in flight lands
    const FilterOutcomePtr outcome = workspace->lastOutcome();
    const WorkspaceImagePtr frame = workspace->currentImage();
    QVERIFY(outcome && frame && outcome->imageId == frame->id);
    QCOMPARE(int(outcome->spec.notches.size()), 1);
    QVERIFY(frame->name.contains(QStringLiteral("(live)")));
    imaging::FftwBackend fftw;
    const imaging::SpectralImage analysed = imaging::analyseImage(*frame->image, frame->padMode, frame->channelMode, fftw);
    const imaging::Mask mask = imaging::buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, outcome->spec);
    const imaging::Image expected = imaging::mapOutputRange(imaging::synthesiseSamples(analysed, mask, fftw), outcome->range);
    QVERIFY(video::test::difference(outcome->filtered, expected).max <= 1);

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
