// File > Filter Video…'s dialog: the frames it writes equal the file mode's result for the same
// decoded frames (FFV1, lossless: within rounding), at the input's count, size and rate; Cancel
// and a refused output leave nothing behind; the work is a request of the engine service, and the
// event loop keeps running while it works (no gap between a timer's ticks near a frame's time).
#include "../io/ScratchFolder.h"
#include "../video/VideoTestSupport.h"
#include "engine/EngineService.h"
#include "image/VideoFilterDialog.h"
#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/Mask.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

using namespace fftscope;

namespace {

imaging::BatchSettings notchSettings() {
  imaging::BatchSettings s;
  s.spec.base.kind = imaging::FilterKind::BandStop;
  s.spec.base.shape = imaging::FilterShape::Gaussian;
  s.spec.base.cutoff = 0.1;
  s.spec.base.upperCutoff = 0.25;
  s.padMode = imaging::PadMode::Mirror;
  return s;
}

// Runs the dialog to its end with a 1 ms timer going; *longestGapMs gets the longest time
// between two of its ticks: how long the event loop was ever held.
bool runToEnd(gui::VideoFilterDialog& dialog, qint64* longestGapMs = nullptr) {
  QSignalSpy done(&dialog, &gui::VideoFilterDialog::videoFinished);
  QTimer timer;
  QElapsedTimer clock;
  clock.start();
  qint64 last = 0;
  if (longestGapMs) {
    *longestGapMs = 0;
    QObject::connect(&timer, &QTimer::timeout, [&] {
      *longestGapMs = std::max(*longestGapMs, clock.elapsed() - last);
      last = clock.elapsed();
    });
  }
  timer.start(1);
  return dialog.isFinished() || done.wait(120000);
}

}  // namespace

class VideoFilterDialogTest : public QObject {
  Q_OBJECT

 private:
  gui::EngineService* engine_ = nullptr;

 private slots:
  void initTestCase() {
    engine_ = new gui::EngineService(QString(), false, this);  // the application's one engine
    QTRY_VERIFY_WITH_TIMEOUT(engine_->isReady(), 60000);
  }

  void framesMatchFileMode() {
    for (bool grey : {false, true}) {
      io::test::ScratchFolder folder;
      video::test::makeStripesVideo(folder / "in.mkv", "FFV1", 40, 24, 16, 20, grey);
      const auto output = folder / "out.mkv";
      gui::VideoFilterDialog dialog(engine_, QString::fromStdString((folder / "in.mkv").string()),
                                    QString::fromStdString(output.string()), notchSettings());
      QVERIFY(runToEnd(dialog));
      QVERIFY2(dialog.succeeded(), qPrintable(dialog.summary()));
      QVERIFY(dialog.summary().contains(QStringLiteral("16 frames")));
      const auto in = video::test::decodeAll(folder / "in.mkv");
      const auto out = video::test::decodeAll(output);
      QCOMPARE(out.frames.size(), std::size_t(16));
      QCOMPARE(out.width, 40);
      QCOMPARE(out.height, 24);
      QCOMPARE(out.fps, 20.0);
      imaging::FftwBackend fftw;
      const imaging::BatchSettings s = notchSettings();
      for (std::size_t i = 0; i < in.frames.size(); ++i) {
        const imaging::SpectralImage analysed = imaging::analyseImage(in.frames[i], s.padMode, s.channelMode, fftw);
        const imaging::Mask mask =
            imaging::buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, s.spec);
        const imaging::Image expected = imaging::mapOutputRange(imaging::synthesiseSamples(analysed, mask, fftw), s.range);
        QCOMPARE(out.frames[i].channels, grey ? 1 : 3);
        QVERIFY2(video::test::difference(out.frames[i], expected).max <= 1, qPrintable(QString::number(i)));
      }
    }
  }

  void cancelLeavesNothing() {
    io::test::ScratchFolder folder;
    video::test::makeStripesVideo(folder / "in.mkv", "FFV1", 64, 64, 200, 25, false);
    gui::VideoFilterDialog dialog(engine_, QString::fromStdString((folder / "in.mkv").string()),
                                  QString::fromStdString((folder / "out.mkv").string()), notchSettings());
    dialog.cancel();
    QVERIFY(runToEnd(dialog));
    QVERIFY(!dialog.succeeded());
    QVERIFY2(dialog.summary().contains(QStringLiteral("Cancelled")), qPrintable(dialog.summary()));
    QCOMPARE(folder.entries(), std::vector<std::string>{"in.mkv"});
  }

  // A long filter (300 frames, the device held throughout) never holds the event loop: the
  // timer's longest gap stays far below the whole run and below a quarter of a second.
  void eventLoopRunsThroughALongFilter() {
    io::test::ScratchFolder folder;
    video::test::makeStripesVideo(folder / "in.mkv", "FFV1", 96, 64, 300, 25, false);
    QElapsedTimer whole;
    whole.start();
    gui::VideoFilterDialog dialog(engine_, QString::fromStdString((folder / "in.mkv").string()),
                                  QString::fromStdString((folder / "out.mkv").string()), notchSettings());
    // The work is the engine service's: it says the dialog holds the device while it runs.
    bool held = false;
    QTimer watch;
    connect(&watch, &QTimer::timeout, [&] { held = held || engine_->holder() == QStringLiteral("filtering a video"); });
    watch.start(5);
    qint64 longestGap = 0;
    QVERIFY(runToEnd(dialog, &longestGap));
    QVERIFY(held);
    QVERIFY(engine_->holder().isEmpty());
    QVERIFY2(dialog.succeeded(), qPrintable(dialog.summary()));
    qInfo("filtered in %lld ms; the event loop's longest gap %lld ms", whole.elapsed(), longestGap);
    QVERIFY(longestGap * 4 < whole.elapsed());
    QVERIFY2(longestGap < 250, qPrintable(QString::number(longestGap)));
  }

  void refusalIsShown() {
    io::test::ScratchFolder folder;
    video::test::makeStripesVideo(folder / "in.mkv", "FFV1", 32, 32, 3, 25, false);
    const QString input = QString::fromStdString((folder / "in.mkv").string());
    gui::VideoFilterDialog dialog(engine_, input, input, notchSettings());
    QVERIFY(runToEnd(dialog));
    QVERIFY(!dialog.succeeded());
    QVERIFY2(dialog.summary().contains(QStringLiteral("it is the input")), qPrintable(dialog.summary()));
    QCOMPARE(folder.entries(), std::vector<std::string>{"in.mkv"});
  }
};

QTEST_MAIN(VideoFilterDialogTest)
#include "VideoFilterDialogTest.moc"
