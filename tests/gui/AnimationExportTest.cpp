// Animations as video and as PNG frames: every frame written at the size asked for, drawn on the
// GUI thread while the encoding runs on another, the sweep revealing the plot from empty to whole;
// a cancel and a refused size or length leave nothing behind.
#include "export/AnimationExport.h"
#include "export/ViewPicture.h"
#include "video/VideoFile.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

constexpr int kWait = 60000;
const QDir::Filters kAll = QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot;

QString runToEnd(AnimationExport& animation) {
  QSignalSpy finished(&animation, &AnimationExport::finished);
  animation.start();
  if (!finished.wait(kWait)) return QStringLiteral("timed out");
  return finished.front().front().toString();
}

}  // namespace

class AnimationExportTest : public QObject {
  Q_OBJECT

 private slots:
  void init();  // a fresh plot for each function
  void cleanup();
  void aVideoHoldsEveryFrameAtItsSize();
  void framesGoIntoANewFolderDrawnOnTheGuiThread();
  void theSweepRevealsThePlotFromEmptyToWhole();
  void aCancelLeavesNothing();
  void sizesAndLengthsAreBounded();

 private:
  std::unique_ptr<QCustomPlot> plotOwner_;
  QCustomPlot* plot_ = nullptr;
};

void AnimationExportTest::init() {
  plotOwner_ = std::make_unique<QCustomPlot>();
  plot_ = plotOwner_.get();
  auto* colours = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  colours->data()->setSize(64, 32);
  colours->data()->setRange(QCPRange(0, 10), QCPRange(0, 1000));
  for (int k = 0; k < 64; ++k)
    for (int v = 0; v < 32; ++v) colours->data()->setCell(k, v, std::sin(k * 0.3) * std::cos(v * 0.2));
  colours->setGradient(QCPColorGradient::gpThermal);
  colours->rescaleDataRange();
  plot_->rescaleAxes();
  plot_->resize(640, 360);
}

void AnimationExportTest::cleanup() {
  plotOwner_.reset();
  plot_ = nullptr;
}

void AnimationExportTest::aVideoHoldsEveryFrameAtItsSize() {
  QTemporaryDir folder;
  const QString path = folder.filePath(QStringLiteral("sweep.mkv"));
  AnimationExport animation(plotSweep(plot_), path, {QSize(320, 240), 10, 12});
  QCOMPARE(runToEnd(animation), QString());
  video::VideoReader reader(path.toStdString());
  QCOMPARE(reader.info().width, 320);
  QCOMPARE(reader.info().height, 240);
  imaging::Image frame;
  int frames = 0;
  while (reader.read(frame)) ++frames;
  QCOMPARE(frames, 12);
  QCOMPARE(QDir(folder.path()).entryList(kAll), QStringList{QStringLiteral("sweep.mkv")});
}

void AnimationExportTest::framesGoIntoANewFolderDrawnOnTheGuiThread() {
  QTemporaryDir folder;
  const QString path = folder.filePath(QStringLiteral("stages"));
  bool onGuiThread = true;
  int drawn = 0;
  AnimationExport animation(
      [&](int index, int count, QSize size) {
        onGuiThread = onGuiThread && QThread::currentThread() == qApp->thread();
        ++drawn;
        QImage image(size, QImage::Format_RGB32);
        image.fill(QColor::fromHsv(index * 359 / count, 255, 255));
        return image;
      },
      path, {QSize(160, 90), 2, 5});
  QSignalSpy progress(&animation, &AnimationExport::progress);
  QCOMPARE(runToEnd(animation), QString());
  QVERIFY(onGuiThread);
  QCOMPARE(drawn, 5);
  QVERIFY(!progress.isEmpty());
  QCOMPARE(progress.back().at(0).toInt(), 5);
  const QStringList names = QDir(path).entryList(kAll);
  QCOMPARE(names.size(), 5);
  QCOMPARE(names.front(), QStringLiteral("frame-0000.png"));
  QCOMPARE(QImage(QDir(path).filePath(names.back())).size(), QSize(160, 90));
  QCOMPARE(QImage(QDir(path).filePath(names.back())).pixelColor(5, 5).rgb(), QColor::fromHsv(4 * 359 / 5, 255, 255).rgb());
  QCOMPARE(QDir(folder.path()).entryList(kAll), QStringList{QStringLiteral("stages")});
  AnimationExport again([](int, int, QSize size) { return QImage(size, QImage::Format_RGB32); }, path, {QSize(160, 90), 2, 5});
  QVERIFY(!again.check().isEmpty());  // an existing folder is not written into
}

void AnimationExportTest::theSweepRevealsThePlotFromEmptyToWhole() {
  const FrameRenderer sweep = plotSweep(plot_);
  const QSize size(320, 180);
  const QImage whole = renderPicture(plot_, {}, {320, 180, 96, false}, {});
  const QImage last = sweep(9, 10, size).convertToFormat(whole.format());
  QCOMPARE(last, whole);
  const QImage first = sweep(0, 10, size).convertToFormat(whole.format());
  QVERIFY(first != whole);
  QImage middle = sweep(5, 10, size).convertToFormat(whole.format());
  // Left of the line the middle frame is the whole plot, right of it the first frame.
  QCOMPARE(middle.copy(0, 0, 60, 180), whole.copy(0, 0, 60, 180));
  QCOMPARE(middle.copy(300, 0, 20, 180), first.copy(300, 0, 20, 180));
}

void AnimationExportTest::aCancelLeavesNothing() {
  QTemporaryDir folder;
  for (const QString& name : {QStringLiteral("long.mkv"), QStringLiteral("long-frames")}) {
    AnimationExport animation(plotSweep(plot_), folder.filePath(name), {QSize(320, 240), 10, 400});
    QSignalSpy finished(&animation, &AnimationExport::finished);
    QSignalSpy progress(&animation, &AnimationExport::progress);
    animation.start();
    QTRY_VERIFY_WITH_TIMEOUT(progress.size() > 3, kWait);
    animation.cancel();
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.front().front().toString(), QStringLiteral("cancelled"));
    QVERIFY(!animation.isRunning());
    QCOMPARE(QDir(folder.path()).entryList(kAll), QStringList());
  }
}

void AnimationExportTest::sizesAndLengthsAreBounded() {
  QTemporaryDir folder;
  const QString path = folder.filePath(QStringLiteral("bounded.mkv"));
  const FrameRenderer sweep = plotSweep(plot_);
  for (const AnimationOptions& options : {AnimationOptions{QSize(3840, 2160), 10, 10}, AnimationOptions{QSize(320, 240), 10, 0},
                                          AnimationOptions{QSize(320, 240), 10, AnimationExport::kMaxFrames + 1},
                                          AnimationOptions{QSize(321, 240), 10, 10}, AnimationOptions{QSize(320, 240), 0, 10}}) {
    AnimationExport animation(sweep, path, options);
    QVERIFY(!animation.check().isEmpty());
    QVERIFY(!runToEnd(animation).isEmpty());
  }
  AnimationExport notAVideo(sweep, folder.filePath(QStringLiteral("clip.gif")), {QSize(320, 240), 10, 10});
  QVERIFY(!runToEnd(notAVideo).isEmpty());
  QCOMPARE(QDir(folder.path()).entryList(kAll), QStringList());
}

QTEST_MAIN(AnimationExportTest)
#include "AnimationExportTest.moc"
