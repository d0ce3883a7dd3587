// File > Filter Video…'s dialog: the frames it writes equal the file mode's result for the same
// decoded frames (FFV1, lossless: within rounding), at the input's count, size and rate; Cancel
// and a refused output leave nothing behind; the event loop runs while it works.
#include "../io/ScratchFolder.h"
#include "../video/VideoTestSupport.h"
#include "image/VideoFilterDialog.h"
#include "imaging/FftwBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/Mask.h"

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

bool runToEnd(gui::VideoFilterDialog& dialog, int* ticks = nullptr) {
  QSignalSpy done(&dialog, &gui::VideoFilterDialog::videoFinished);
  QTimer timer;
  if (ticks) QObject::connect(&timer, &QTimer::timeout, [ticks] { ++*ticks; });
  timer.start(1);
  return dialog.isFinished() || done.wait(60000);
}

}  // namespace

class VideoFilterDialogTest : public QObject {
  Q_OBJECT

 private slots:
  void framesMatchFileMode() {
    for (bool grey : {false, true}) {
      io::test::ScratchFolder folder;
      video::test::makeStripesVideo(folder / "in.mkv", "FFV1", 40, 24, 16, 20, grey);
      const auto output = folder / "out.mkv";
      gui::VideoFilterDialog dialog(QString::fromStdString((folder / "in.mkv").string()),
                                    QString::fromStdString(output.string()), notchSettings());
      int ticks = 0;
      QVERIFY(runToEnd(dialog, &ticks));
      QVERIFY2(dialog.succeeded(), qPrintable(dialog.summary()));
      QVERIFY(dialog.summary().contains(QStringLiteral("16 frames")));
      QVERIFY(ticks > 0);  // the window's timers ran while the frames were filtered
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
    gui::VideoFilterDialog dialog(QString::fromStdString((folder / "in.mkv").string()),
                                  QString::fromStdString((folder / "out.mkv").string()), notchSettings());
    dialog.cancel();
    QVERIFY(runToEnd(dialog));
    QVERIFY(!dialog.succeeded());
    QVERIFY2(dialog.summary().contains(QStringLiteral("Cancelled")), qPrintable(dialog.summary()));
    QCOMPARE(folder.entries(), std::vector<std::string>{"in.mkv"});
  }

  void refusalIsShown() {
    io::test::ScratchFolder folder;
    video::test::makeStripesVideo(folder / "in.mkv", "FFV1", 32, 32, 3, 25, false);
    const QString input = QString::fromStdString((folder / "in.mkv").string());
    gui::VideoFilterDialog dialog(input, input, notchSettings());
    QVERIFY(runToEnd(dialog));
    QVERIFY(!dialog.succeeded());
    QVERIFY2(dialog.summary().contains(QStringLiteral("it is the input")), qPrintable(dialog.summary()));
    QCOMPARE(folder.entries(), std::vector<std::string>{"in.mkv"});
  }
};

QTEST_MAIN(VideoFilterDialogTest)
#include "VideoFilterDialogTest.moc"
