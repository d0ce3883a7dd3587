// Pictures of the video windows from the real window (run under Xvfb): live video from the
// camera's path (a test video played into its sink, as a camera would), with File > Open Camera
// showing the cameras there are; and File > Filter Video…'s dialog at its end, with the device's
// batches timed apart. Not a test.
//   fftscope-video-screenshots OUTDIR WIDTHxHEIGHT
#include "../video/VideoTestSupport.h"
#include "CameraFeed.h"
#include "image/CameraSource.h"
#include "image/ImageFileActions.h"
#include "image/ImageWorkspace.h"
#include "image/LiveVideoBar.h"
#include "image/VideoFilterDialog.h"
#include "shell/MainWindow.h"

#include "WaitUntil.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QTemporaryDir>

#include <cstdio>
#include <functional>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

bool saveScreen(const QString& path) {
  const QPixmap shot = QApplication::primaryScreen()->grabWindow(0);
  return shot.save(path) && (std::printf("wrote %s\n", qPrintable(path)), true);
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("FFTScope"));
  QApplication::setApplicationName(QStringLiteral("fftscope-screenshots"));
  const QStringList size = argc > 2 ? QString::fromLocal8Bit(argv[2]).split(QLatin1Char('x')) : QStringList();
  if (size.size() != 2) {
    std::fprintf(stderr, "usage: fftscope-video-screenshots OUTDIR WIDTHxHEIGHT\n");
    return 2;
  }
  const QDir out(QString::fromLocal8Bit(argv[1]));
  const QString tag = QString::fromLocal8Bit(argv[2]);
  QTemporaryDir work;
  const std::filesystem::path video = work.filePath(QStringLiteral("stripes.mkv")).toStdString();
  video::test::makeStripesVideo(video, "FFV1", 320, 240, 400, 25, false);

  MainWindow window;
  window.setGeometry(0, 0, size[0].toInt(), size[1].toInt());
  window.show();
  auto camera = std::make_unique<CameraSource>(QStringLiteral("camera (a test video fed to its sink)"));
  QVideoSink* sink = camera->sink();
  window.imageWorkspace()->fileActions()->startLiveSource(std::move(camera));
  testing::CameraFeed feed(video, sink, 40);
  if (!waitUntil([&] { return window.imageWorkspace()->fileActions()->liveVideoBar()->shownFrames() >= 20; })) return 1;
  QMenu* file = window.menuBar()->actions().first()->menu();
  auto* cameras = window.findChild<QMenu*>(QStringLiteral("cameraMenu"));
  file->popup(window.mapToGlobal(QPoint(0, window.menuBar()->height())));
  waitUntil([] { return false; }, 300);
  cameras->popup(file->mapToGlobal(file->actionGeometry(cameras->menuAction()).topRight()));
  waitUntil([] { return false; }, 500);
  if (!saveScreen(out.filePath(QStringLiteral("live-camera-%1.png").arg(tag)))) return 1;
  cameras->hide();
  file->hide();
  feed.stop();
  window.imageWorkspace()->fileActions()->liveVideoBar()->stop();

  imaging::BatchSettings settings = window.findChild<ImageWorkspace*>()->batchSettings();
  settings.padMode = imaging::PadMode::None;  // frames batched on the device
  settings.range = imaging::OutputRange::Clip;
  auto* dialog = new VideoFilterDialog(window.engine(), QString::fromStdString(video.string()),
                                       work.filePath(QStringLiteral("filtered.mkv")), settings, &window);
  dialog->show();
  if (!waitUntil([&] { return dialog->isFinished(); })) return 1;
  waitUntil([] { return false; }, 300);
  return saveScreen(out.filePath(QStringLiteral("filter-video-%1.png").arg(tag))) ? 0 : 1;
}
