// Live filtering round trip in the Image workspace: from a parameter change on the GUI thread to
// the new image shown, for a 1024 x 1024 image. Prints numbers (for docs/performance-history.md);
// asserts nothing. Also drives a slider drag and a brush stroke at 60 edits a second while a 5 ms
// heartbeat on the GUI thread measures how long the event loop is ever kept from running.
//   fftscope-roundtrip-bench [--size N] [--edits N] [--fftw]
#include "engine/EngineService.h"
#include "image/ImageSession.h"
#include "image/FilterPanel.h"
#include "GuiTestSupport.h"
#include "image/ImageWorkspace.h"
#include "image/MaskEditor.h"
#include "shell/Settings.h"
#include "engine/TimingSummary.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

bool waitUntil(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  while (!done()) {
    if (clock.elapsed() > timeoutMs) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  }
  return true;
}

struct Quartiles {
  double q1, median, q3, max;
};

Quartiles quartiles(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  auto at = [&](double q) { return v[std::size_t(q * double(v.size() - 1) + 0.5)]; };
  return {at(0.25), at(0.5), at(0.75), v.back()};
}

// Runs `edit(i)` every 16 ms for `durationMs` while a 5 ms heartbeat records the event loop's gaps.
struct LiveRun {
  int edits = 0;
  int results = 0;
  double maxGapMs = 0;
  double p99GapMs = 0;
  double settleMs = 0;  // from the last edit to its result on screen
};

LiveRun liveRun(ImageWorkspace& workspace, int durationMs, const std::function<void(int)>& edit) {
  LiveRun run;
  QElapsedTimer clock;
  clock.start();
  std::vector<double> gaps;
  qint64 lastBeat = clock.nsecsElapsed();
  QTimer heartbeat;
  heartbeat.setTimerType(Qt::PreciseTimer);
  QObject::connect(&heartbeat, &QTimer::timeout, [&] {
    const qint64 now = clock.nsecsElapsed();
    gaps.push_back(double(now - lastBeat) / 1e6);
    lastBeat = now;
  });
  QTimer editor;
  editor.setTimerType(Qt::PreciseTimer);
  QObject::connect(&editor, &QTimer::timeout, [&] { edit(run.edits++); });
  auto counter = QObject::connect(&workspace, &ImageWorkspace::resultShown, [&] { ++run.results; });
  heartbeat.start(5);
  editor.start(16);
  waitUntil([&] { return clock.elapsed() >= durationMs; }, durationMs + 1000);
  editor.stop();
  const qint64 lastEdit = clock.nsecsElapsed();
  waitUntil([&] { return workspace.isFilterCurrent(); }, 60000);
  run.settleMs = double(clock.nsecsElapsed() - lastEdit) / 1e6;
  heartbeat.stop();
  QObject::disconnect(counter);
  std::vector<double> sorted = gaps;
  std::sort(sorted.begin(), sorted.end());
  run.maxGapMs = sorted.empty() ? 0 : sorted.back();
  run.p99GapMs = sorted.empty() ? 0 : sorted[std::size_t(0.99 * double(sorted.size() - 1))];
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  int size = 1024, edits = 30;
  bool useFftw = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--size") && i + 1 < argc) size = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--edits") && i + 1 < argc) edits = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--fftw")) useFftw = true;
  }
  if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  testing::isolateSettings();
  QTemporaryDir folder;
  gui::Settings settings(folder.filePath(QStringLiteral("settings.ini")));
  EngineService service(QString(), useFftw);
  ImageSession engine(&service);
  ImageWorkspace workspace(&engine, &settings);
  workspace.resize(1500, 900);
  workspace.show();
  if (!waitUntil([&] { return engine.isReady(); }, 120000)) return 1;

  auto image = std::make_shared<imaging::Image>(testing::stripedImage(size, size, size / 6, size / 10, 16.0, nullptr));
  QElapsedTimer openClock;
  openClock.start();
  workspace.openImage(image, QStringLiteral("bench"));
  if (!waitUntil([&] { return workspace.isFilterCurrent() && workspace.lastSpectrum(); }, 300000)) return 1;
  const double openMs = double(openClock.nsecsElapsed()) / 1e6;

  // 1. One edit at a time, each waited for: the round trip of a single parameter change.
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  base.shape = imaging::FilterShape::Gaussian;
  std::vector<double> roundTrip, worker, kernels;
  for (int i = 0; i < edits + 3; ++i) {
    base.cutoff = 0.05 + 0.004 * i;
    workspace.filterPanel()->editBaseFilter(base);
    if (!waitUntil([&] { return workspace.isFilterCurrent(); }, 60000)) return 1;
    if (i < 3) continue;  // warm-up
    roundTrip.push_back(workspace.lastRoundTripMs());
    worker.push_back(workspace.lastOutcome()->computeMs);
    kernels.push_back(totalMilliseconds(workspace.lastOutcome()->timings));
  }
  const Quartiles rt = quartiles(roundTrip), wk = quartiles(worker), kn = quartiles(kernels);

  // 2. A cutoff slider dragged at 60 positions a second for 3 s.
  const LiveRun drag = liveRun(workspace, 3000, [&](int i) {
    base.cutoff = 0.03 + 0.002 * (i % 100);
    workspace.filterPanel()->editBaseFilter(base);
  });
  // 3. A brush stroke painted at 60 discs a second for 2 s.
  workspace.maskEditor()->beginStroke();
  const LiveRun paint = liveRun(workspace, 2000, [&](int i) {
    workspace.maskEditor()->addStrokeDisc({0.1 + 0.002 * i, 0.2 - 0.001 * i, 0.01, imaging::StrokeAction::Remove});
  });
  workspace.maskEditor()->endStroke();

  const EngineInfo& info = engine.info();
  std::printf("device: %s | platform: %s | driver: %s\n", qPrintable(info.deviceName), qPrintable(info.platformName),
              qPrintable(info.driverVersion));
  std::printf("image: %d x %d grey 8-bit; plan: %s\n", size, size, qPrintable(workspace.lastOutcome()->plan));
  std::printf("open (read, pad, forward FFT, spectrum, first filter): %.1f ms\n\n", openMs);
  std::printf("| measure (%zu single edits) | median ms | quartiles ms | max ms |\n| --- | --- | --- | --- |\n",
              roundTrip.size());
  std::printf("| parameter change -> new image on screen | %.1f | %.1f - %.1f | %.1f |\n", rt.median, rt.q1, rt.q3,
              rt.max);
  std::printf("| worker: mask + kernels + crop/clip + display images | %.1f | %.1f - %.1f | %.1f |\n", wk.median,
              wk.q1, wk.q3, wk.max);
  std::printf("| engine kernels (profiling events: mask product, inverse FFT, real part) | %.2f | %.2f - %.2f | %.2f |\n\n", kn.median, kn.q1,
              kn.q3, kn.max);
  std::printf("| live run | edits | results shown | results/s | last edit -> result ms | GUI loop max gap ms | p99 gap ms |\n"
              "| --- | --- | --- | --- | --- | --- | --- |\n");
  std::printf("| cutoff slider dragged, 3 s | %d | %d | %.1f | %.1f | %.1f | %.1f |\n", drag.edits, drag.results,
              drag.results / 3.0, drag.settleMs, drag.maxGapMs, drag.p99GapMs);
  std::printf("| brush stroke painted, 2 s | %d | %d | %.1f | %.1f | %.1f | %.1f |\n", paint.edits, paint.results,
              paint.results / 2.0, paint.settleMs, paint.maxGapMs, paint.p99GapMs);
  return 0;
}
