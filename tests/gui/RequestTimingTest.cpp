// A request's time from the user's action to the picture: a filter edit made in the Image
// workspace through the real engine service reaches the Performance workspace's view with parts
// that are never negative, in the order they happened, and add up to the total; its drawing is
// there once the filtered view painted it (and a Signal workspace spectrum's once its plot did); a
// superseded or cancelled request never appears as finished; and device time beyond the engine
// thread's is scaled to fit it.
#include "GuiTestSupport.h"
#include "engine/EngineService.h"
#include "engine/RequestChannel.h"
#include "engine/RequestClock.h"
#include "image/ImageWorkspace.h"
#include "image/MaskEditor.h"
#include "performance/PerformanceWorkspace.h"
#include "performance/RequestBreakdown.h"
#include "shell/MainWindow.h"
#include "signal/Generators.h"
#include "signal/SignalDocument.h"
#include "signal/SignalWorkspace.h"

#include <QTabWidget>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>

using namespace fftscope;
using namespace fftscope::gui;

namespace {
constexpr int kWait = 300000;

const RequestTiming* shown(const RequestBreakdown* view, quint64 id) {
  for (const RequestTiming& r : view->requests())
    if (r.id == id) return &r;
  return nullptr;
}

// Never negative, in the order they happened, adding up to the total; drawn after it arrived.
void checkParts(const RequestTiming& t) {
  QVERIFY(t.finished());
  QVERIFY(t.drawn());
  QVERIFY(t.madeNs <= t.engine.startedNs);
  QVERIFY(t.engine.startedNs <= t.sentNs);
  QVERIFY(t.sentNs <= t.arrivedNs);
  QVERIFY(t.arrivedNs < t.drawnNs);
  const RequestParts parts = t.parts();
  for (double ms : parts) QVERIFY(ms >= 0);
  const double sum = std::accumulate(parts.begin(), parts.end(), 0.0);
  QVERIFY2(std::abs(sum - t.totalMs()) < 1e-3, qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(t.totalMs())));
  QVERIFY(t.totalMs() > 0);
  QVERIFY(parts[std::size_t(RequestPart::Drawing)] > 0);
}

// Holds a job on the engine thread until the test opens it (or ten seconds pass).
struct Gate {
  std::atomic<bool> open{false};
  std::atomic<bool> reached{false};
  void wait() {
    reached.store(true);
    for (int i = 0; i < 10000 && !open.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
};
}  // namespace

class RequestTimingTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void aFilterEditReachesTheViewPartByPart();
  void aSignalSpectrumIsDrawnOnItsPlot();
  void supersededAndCancelledRequestsNeverFinish();
  void deviceTimeBeyondTheEngineTimeIsScaledToIt();
  void cleanupTestCase() { window_.reset(); }

 private:
  std::unique_ptr<MainWindow> window_;
};

void RequestTimingTest::initTestCase() {
  testing::isolateSettings();
  window_ = std::make_unique<MainWindow>();
  window_->resize(1366, 768);
  window_->show();
  QTRY_VERIFY_WITH_TIMEOUT(window_->engine()->isReady(), kWait);
}

void RequestTimingTest::aFilterEditReachesTheViewPartByPart() {
  ImageWorkspace* image = window_->imageWorkspace();
  QTRY_VERIFY_WITH_TIMEOUT(image->currentImage() && image->isFilterCurrent(), kWait);
  imaging::FilterSpec spec = image->maskEditor()->spec();
  spec.base = {imaging::FilterKind::LowPass, imaging::FilterShape::Butterworth, 0.17, 0.3, 3};
  image->maskEditor()->apply(spec);
  QTRY_VERIFY_WITH_TIMEOUT(image->isFilterCurrent() && image->lastOutcome()->spec.base.cutoff == 0.17, kWait);
  const quint64 id = image->lastOutcome()->requestId;
  QVERIFY(id != 0);
  RequestBreakdown* view = window_->performanceWorkspace()->requests();
  // Drawn once the filtered view (in front) painted the result.
  QTRY_VERIFY_WITH_TIMEOUT(shown(view, id) && shown(view, id)->drawn(), 10000);
  const RequestTiming& t = *shown(view, id);
  checkParts(t);
  QCOMPARE(t.workspace, QStringLiteral("image"));
  QCOMPARE(t.kind, QStringLiteral("filter"));
  const RequestParts parts = t.parts();
  if (window_->engine()->info().openCl) {
    // The inverse transforms ran on the device: kernels are timed, and the result came back.
    QVERIFY(t.engine.onDevice);
    QVERIFY(parts[std::size_t(RequestPart::Kernels)] > 0);
    QVERIFY(t.engine.device.downloadMs > 0);
  } else {
    QVERIFY(!t.engine.onDevice);
    QCOMPARE(t.engine.device.totalMs(), 0.0);
    QVERIFY(parts[std::size_t(RequestPart::Host)] > 0);
  }
  // The table shows the newest request; the chart has a bar for it.
  view->select(-1);
  view->redraw();
  QVERIFY(view->detailsText().contains(QStringLiteral("image")));
}

void RequestTimingTest::aSignalSpectrumIsDrawnOnItsPlot() {
  SignalWorkspace* workspace = window_->signalWorkspace();
  window_->findChild<QTabWidget*>()->setCurrentWidget(workspace);
  SignalDocument* document = workspace->document();
  document->load(QStringLiteral("a tone"), {}, [](const signal::ReadControl&) {
    return signal::sumOfSines({48000.0, 1.0}, {{1000.0, 0.5, 0.0}});
  });
  QTRY_VERIFY_WITH_TIMEOUT(document->current() && document->lastSpectrum(), kWait);
  const quint64 id = document->lastSpectrum()->requestId;
  RequestBreakdown* view = window_->performanceWorkspace()->requests();
  QTRY_VERIFY_WITH_TIMEOUT(shown(view, id) && shown(view, id)->drawn(), 10000);
  checkParts(*shown(view, id));
  QCOMPARE(shown(view, id)->kind, QStringLiteral("spectrum"));
}

void RequestTimingTest::supersededAndCancelledRequestsNeverFinish() {
  EngineService* service = window_->engine();
  RequestChannel channel(service, QStringLiteral("test"));
  RequestBreakdown* view = window_->performanceWorkspace()->requests();
  int answers = 0;
  // The first is running when the second supersedes it: its answer is not taken.
  Gate running;
  const RequestTicket first = channel.begin();
  channel.run(first, [&](EngineRuntime&, const RequestTicket& ticket) {
    running.wait();
    ticket.deliver([&answers] { ++answers; });
  });
  QTRY_VERIFY_WITH_TIMEOUT(running.reached.load(), 10000);
  const RequestTicket second = channel.begin();
  channel.run(second, [&](EngineRuntime&, const RequestTicket& ticket) { ticket.deliver([&answers] { ++answers; }); });
  running.open.store(true);
  QTRY_VERIFY_WITH_TIMEOUT(shown(view, second.id()), 10000);
  // The third is cancelled while it runs, and stops without an answer.
  Gate cancelled;
  const RequestTicket third = channel.begin();
  channel.run(third, [&](EngineRuntime&, const RequestTicket& ticket) {
    cancelled.wait();
    if (!ticket.stopped()) ticket.deliver([&answers] { ++answers; });
  });
  QTRY_VERIFY_WITH_TIMEOUT(cancelled.reached.load(), 10000);
  channel.cancel();
  cancelled.open.store(true);
  QTRY_VERIFY_WITH_TIMEOUT(service->pendingJobs() == 0, 10000);
  QTest::qWait(200);  // what the jobs sent has arrived
  QCOMPARE(answers, 1);
  const RequestClock* clock = service->requestClock();
  for (quint64 never : {first.id(), third.id()}) {
    QVERIFY(!shown(view, never));
    QVERIFY(clock->find(never));
    QVERIFY(!clock->find(never)->finished());
  }
  QVERIFY(clock->find(second.id())->finished());
  QVERIFY(!clock->find(second.id())->drawn());  // nothing painted it
}

void RequestTimingTest::deviceTimeBeyondTheEngineTimeIsScaledToIt() {
  RequestTiming t;
  t.madeNs = 1'000'000;
  t.engine.startedNs = 2'000'000;  // 1 ms queued
  t.sentNs = 12'000'000;           // 10 ms on the engine thread
  t.arrivedNs = 13'000'000;
  t.drawnNs = 15'000'000;
  t.ran = true;
  t.engine.buildMs = 4;
  t.engine.device = {3, 6, 3};  // 12 ms of device records, overlapping: 6 ms are left for them
  const RequestParts parts = t.parts();
  QCOMPARE(parts[std::size_t(RequestPart::Queue)], 1.0);
  QCOMPARE(parts[std::size_t(RequestPart::Build)], 4.0);
  QCOMPARE(parts[std::size_t(RequestPart::Upload)], 1.5);
  QCOMPARE(parts[std::size_t(RequestPart::Kernels)], 3.0);
  QCOMPARE(parts[std::size_t(RequestPart::Download)], 1.5);
  QCOMPARE(parts[std::size_t(RequestPart::Host)], 0.0);
  QCOMPARE(parts[std::size_t(RequestPart::Delivery)], 1.0);
  QCOMPARE(parts[std::size_t(RequestPart::Drawing)], 2.0);
  QCOMPARE(t.totalMs(), 14.0);
  // Without a paint the total ends at the answer's arrival.
  t.drawnNs = 0;
  QCOMPARE(t.totalMs(), 12.0);
  QCOMPARE(t.parts()[std::size_t(RequestPart::Drawing)], 0.0);
}

QTEST_MAIN(RequestTimingTest)
#include "RequestTimingTest.moc"
