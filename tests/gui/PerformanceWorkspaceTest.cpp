// The Performance workspace: the live charts follow the device work of another workspace, and a
// sweep of small sizes yields verified, finite, positive times for every variant and peer, flags
// a planted wrong result without charting it, round-trips its results through CSV and JSON, and
// exports its charts as PNG and SVG. A peer that crashes or hangs fails its case only (in red), and
// the cases a sweep measured are shown again by the next start, even when the sweep never ended.
#include "GuiTestSupport.h"
#include "bench/ResultCsv.h"
#include "bench/ResultFile.h"
#include "io/AtomicWrite.h"
#include "bench/ResultJson.h"
#include "engine/EngineService.h"
#include "engine/TimingFeed.h"
#include "image/ImageWorkspace.h"
#include "image/MaskEditor.h"
#include "performance/KernelKinds.h"
#include "performance/LiveTimeline.h"
#include "performance/PerformanceWorkspace.h"
#include "performance/SweepCharts.h"
#include "performance/SweepForm.h"
#include "performance/SweepPanel.h"
#include "performance/SweepStore.h"
#include "performance/TransformHistory.h"
#include "shell/MainWindow.h"

#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

using namespace fftscope;
using namespace fftscope::gui;

namespace {
constexpr int kWait = 300000;
}

class PerformanceWorkspaceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void theLiveChartsFollowTheImageWorkspace();
  void aSmallSweepGivesVerifiedTimesForEveryVariantAndPeer();
  void aPlantedWrongResultIsFlaggedAndNotCharted();
  void resultsRoundTripThroughCsvAndJson();
  void chartsExportAsPngAndSvg();
  void convolutionStepsAreTheirOwnKind();
  void aCrashedOrHungPeerFailsItsCaseOnly();
  void storedCasesAreShownAfterARestart();

 private:
  void runSweep(const QStringList& variants, const QStringList& peers);

  // Each function gets a window of its own and an empty sweep store, so that none depends on another.
  QTemporaryDir folder_;
  std::unique_ptr<MainWindow> window_;
  SweepPanel* sweeps_ = nullptr;
};

void PerformanceWorkspaceTest::initTestCase() {
  testing::isolateSettings();
}

void PerformanceWorkspaceTest::init() {
  testing::forgetSettings();
  QFile::remove(SweepStore().path());  // a store left by an earlier function or run of this test
  window_ = std::make_unique<MainWindow>();
  window_->resize(1366, 768);
  window_->show();
  QTRY_VERIFY_WITH_TIMEOUT(window_->engine()->isReady(), kWait);
  if (!window_->engine()->info().openCl) QSKIP("no OpenCL device: the engine's charts have nothing to show");
  sweeps_ = window_->performanceWorkspace()->sweeps();
  // Peer cases run in the application's own hidden command, as in the window.
  sweeps_->setPeerHelper(QStringLiteral(FFTSCOPE_GUI_PROGRAM));
}

void PerformanceWorkspaceTest::theLiveChartsFollowTheImageWorkspace() {
  ImageWorkspace* image = window_->imageWorkspace();
  QTRY_VERIFY_WITH_TIMEOUT(image->currentImage() && image->isFilterCurrent(), kWait);
  const std::uint64_t before = window_->engine()->timingFeed()->recordsSeen();
  imaging::FilterSpec spec = image->maskEditor()->spec();
  spec.base = {imaging::FilterKind::LowPass, imaging::FilterShape::Butterworth, 0.15, 0.3, 3};
  image->maskEditor()->apply(spec);
  QTRY_VERIFY_WITH_TIMEOUT(image->isFilterCurrent() && image->lastOutcome()->spec.base.cutoff == 0.15, kWait);
  QTRY_VERIFY_WITH_TIMEOUT(window_->engine()->timingFeed()->recordsSeen() > before, 10000);
  PerformanceWorkspace* performance = window_->performanceWorkspace();
  performance->timeline()->redraw();
  QTRY_VERIFY_WITH_TIMEOUT(performance->timeline()->barsShown() > 0, 5000);
  QVERIFY(performance->history()->requestsShown() > 0);
  // The requests' legend sits beside their bars, in two columns, not over them.
  QCustomPlot* requests = performance->history()->plot();
  requests->replot();
  QVERIFY(requests->legend->visible());
  QVERIFY(!requests->legend->outerRect().intersects(requests->axisRect()->rect()));
  QCOMPARE(requests->legend->columnCount(), 2);
}

void PerformanceWorkspaceTest::runSweep(const QStringList& variants, const QStringList& peers) {
  sweeps_->form()->select(variants, peers, 4, 6);
  sweeps_->form()->setPoints(1 << 10);
  sweeps_->form()->setRepetitions(1, 3);
  QSignalSpy finished(sweeps_, &SweepPanel::finished);
  sweeps_->run();
  QVERIFY2(sweeps_->isRunning(), qPrintable(sweeps_->statusText()));
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWait);
  QCOMPARE(finished.first().first().toBool(), false);
}

void PerformanceWorkspaceTest::aSmallSweepGivesVerifiedTimesForEveryVariantAndPeer() {
  const QStringList variants{QStringLiteral("r2"), QStringLiteral("r16"), QStringLiteral("local"), QStringLiteral("auto")};
  const QStringList peers{QStringLiteral("fftw"), QStringLiteral("clfft"), QStringLiteral("vkfft")};
  runSweep(variants, peers);
  const auto& results = sweeps_->results();
  QCOMPARE(results.size(), std::size_t(3 * (variants.size() + peers.size())));  // 3 sizes
  for (const bench::BenchResult& r : results) {
    QVERIFY2(r.verified, (r.variant + ": " + r.error).c_str());
    QVERIFY2(std::isfinite(r.hostMs.median) && r.hostMs.median > 0, r.variant.c_str());
    QVERIFY(r.hostMs.q1 <= r.hostMs.median && r.hostMs.median <= r.hostMs.q3);
    QVERIFY(r.relL2 <= r.l2Gate);
  }
  QCOMPARE(sweeps_->charts()->timePointsDrawn(), int(results.size()));
  // The sweep's timed launches reached the application's feed like any other workspace's.
  int sweepRecords = 0;
  for (const TimingRecord& r : window_->engine()->timingFeed()->recent())
    if (r.workspace == "performance" && r.pass.kind != PassKind::Upload && r.pass.kind != PassKind::Download)
      ++sweepRecords;
  QVERIFY(sweepRecords >= 3 * 4 * 3);  // 3 sizes x 4 variants x 3 repetitions, at least one launch each
}

void PerformanceWorkspaceTest::aPlantedWrongResultIsFlaggedAndNotCharted() {
  sweeps_->plantWrongResult(QStringLiteral("r4"));
  runSweep({QStringLiteral("r4"), QStringLiteral("r8")}, {});
  sweeps_->plantWrongResult({});
  int flagged = 0;
  for (const bench::BenchResult& r : sweeps_->results()) {
    if (r.variant == "r4") {
      QVERIFY(!r.verified);
      QVERIFY(r.relL2 > r.l2Gate);
      QVERIFY(!std::isfinite(r.hostMs.median));  // never timed
      ++flagged;
    } else {
      QVERIFY(r.verified);
    }
  }
  QCOMPARE(flagged, 3);
  // Only r8's three sizes are drawn as times.
  QCOMPARE(sweeps_->charts()->timePointsDrawn(), 3);
}

void PerformanceWorkspaceTest::resultsRoundTripThroughCsvAndJson() {
  runSweep({QStringLiteral("r4"), QStringLiteral("r8")}, {});
  QVERIFY(!sweeps_->results().empty());
  for (const QString& name : {QStringLiteral("sweep.json"), QStringLiteral("sweep.csv")}) {
    const QString path = folder_.filePath(name);
    QCOMPARE(sweeps_->saveResults(path), QString());
    const std::string text = bench::readTextFile(path.toStdString());
    const bench::BenchReport back = name.endsWith(QLatin1String(".csv")) ? bench::reportFromCsv(text)
                                                                          : bench::reportFromJson(text);
    QCOMPARE(back.results.size(), sweeps_->results().size());
    for (std::size_t i = 0; i < back.results.size(); ++i)
      QVERIFY2(bench::sameRecord(back.results[i], sweeps_->results()[i]), qPrintable(name));
    // Opened again, it overlays the current run as series of its own.
    QCOMPARE(sweeps_->openOverlay(path), QString());
    QVERIFY(sweeps_->charts()->timeSeriesNames().join(QLatin1Char(';')).contains(name));
  }
  // A file that is not a sweep is refused with its name.
  const QString bad = folder_.filePath(QStringLiteral("bad.json"));
  io::writeFileAtomically(bad.toStdString(), "{\"format\": 3}");
  QVERIFY(sweeps_->openOverlay(bad).contains(QStringLiteral("bad.json")));
}

void PerformanceWorkspaceTest::chartsExportAsPngAndSvg() {
  runSweep({QStringLiteral("r4"), QStringLiteral("r8")}, {});
  const QString png = folder_.filePath(QStringLiteral("time.png")), svg = folder_.filePath(QStringLiteral("time.svg"));
  QCOMPARE(sweeps_->saveChart(png), QString());
  QCOMPARE(sweeps_->saveChart(svg), QString());
  const QImage image(png);
  QCOMPARE(image.size(), QSize(1600, 900));
  QFile file(svg);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray text = file.readAll();
  QVERIFY(text.contains("<svg"));
  QVERIFY(text.size() > 2000);  // axes, ticks and series, not an empty page
  QVERIFY(!sweeps_->saveChart(folder_.filePath(QStringLiteral("time.bmp"))).isEmpty());
}

// Bluestein's and Rader's element-wise steps are charted as convolution, not as filtering.
void PerformanceWorkspaceTest::convolutionStepsAreTheirOwnKind() {
  TimingRecord record;
  record.pass.kind = PassKind::Elementwise;
  record.pass.padded = 65536;
  for (const char* name : {"chirp_pad", "spectrum_product", "chirp_unpad", "rader_permute"}) {
    record.pass.elementwise.name = name;
    QCOMPARE(kernelKind(record), QStringLiteral("convolution"));
  }
  record.pass.padded = 0;
  record.pass.elementwise.name = "mask_product";
  QCOMPARE(kernelKind(record), QStringLiteral("filter"));
  record.pass.elementwise.name = "centred_measure";
  QCOMPARE(kernelKind(record), QStringLiteral("spectrum"));
  QVERIFY(kernelKinds().contains(QStringLiteral("convolution")));
  QVERIFY(kernelKindColour(QStringLiteral("convolution")) != kernelKindColour(QStringLiteral("filter")));
}

void PerformanceWorkspaceTest::aCrashedOrHungPeerFailsItsCaseOnly() {
  const QStringList peers{QStringLiteral("fftw"), QStringLiteral("clfft")};
  for (const auto& [simulated, expected] : {std::pair{QStringLiteral("crash"), QStringLiteral("clFFT crashed (SIGSEGV)")},
                                            std::pair{QStringLiteral("hang"), QStringLiteral("clFFT did not finish")}}) {
    sweeps_->simulatePeer(QStringLiteral("clfft"), {QStringLiteral("--simulate"), simulated});
    sweeps_->form()->setPeerLimitSeconds(5);
    runSweep({QStringLiteral("r4")}, peers);
    sweeps_->simulatePeer({}, {});
    sweeps_->form()->setPeerLimitSeconds(300);
    const auto& results = sweeps_->results();
    QCOMPARE(results.size(), std::size_t(3 * 3));
    auto* table = sweeps_->findChild<QTableWidget*>();
    for (std::size_t i = 0; i < results.size(); ++i) {
      const bench::BenchResult& r = results[i];
      const QColor colour = table->item(int(i), 0)->foreground().color();
      if (r.variant == "clfft") {
        QVERIFY2(!r.verified && QString::fromStdString(r.error).startsWith(expected), r.error.c_str());
        QCOMPARE(colour, QColor(200, 0, 0));  // shown in red
      } else {
        QVERIFY2(r.verified, (r.variant + ": " + r.error).c_str());
        QVERIFY(colour != QColor(200, 0, 0));
      }
    }
    QVERIFY2(sweeps_->statusText().contains(QStringLiteral("3 failed")), qPrintable(sweeps_->statusText()));
  }
}

// A second panel on the same store is the next start of the application.
void PerformanceWorkspaceTest::storedCasesAreShownAfterARestart() {
  runSweep({QStringLiteral("r4")}, {QStringLiteral("fftw"), QStringLiteral("clfft")});  // 3 sizes x 3: 9 cases
  {
    SweepPanel restarted(window_->engine());
    QCOMPARE(restarted.results().size(), sweeps_->results().size());
    for (std::size_t i = 0; i < restarted.results().size(); ++i)
      QVERIFY(bench::sameRecord(restarted.results()[i], sweeps_->results()[i]));
    QVERIFY2(restarted.statusText().contains(QStringLiteral("last sweep's 9 cases")), qPrintable(restarted.statusText()));
  }
  // Stopped mid-sweep (as by a kill), here while a peer hangs after the first case: that case is
  // on disk, and the next start says the sweep did not end.
  sweeps_->form()->select({QStringLiteral("r2")}, {QStringLiteral("clfft")}, 4, 6);
  sweeps_->form()->setPoints(1 << 10);
  sweeps_->form()->setRepetitions(1, 3);
  sweeps_->simulatePeer(QStringLiteral("clfft"), {QStringLiteral("--simulate"), QStringLiteral("hang")});
  QSignalSpy finished(sweeps_, &SweepPanel::finished);
  sweeps_->run();
  QTRY_VERIFY_WITH_TIMEOUT(!sweeps_->results().empty(), kWait);
  {
    // Every case the window holds is on disk (on a loaded machine a second may have ended too).
    SweepPanel restarted(window_->engine());
    QVERIFY(!restarted.results().empty());
    QCOMPARE(restarted.results().front().variant, std::string("r2"));
    const std::size_t both = std::min(restarted.results().size(), sweeps_->results().size());
    for (std::size_t i = 0; i < both; ++i) QVERIFY(bench::sameRecord(restarted.results()[i], sweeps_->results()[i]));
    QVERIFY2(restarted.statusText().contains(QStringLiteral("did not end")), qPrintable(restarted.statusText()));
  }
  sweeps_->cancel();  // stops the hanging child too, long before its limit
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
  sweeps_->simulatePeer({}, {});
}

void PerformanceWorkspaceTest::cleanup() {
  // A function that failed mid-sweep leaves no hanging peer behind to stall the next one.
  if (sweeps_ && sweeps_->isRunning()) {
    sweeps_->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!sweeps_->isRunning(), 30000);
  }
  sweeps_ = nullptr;
  window_.reset();
}

QTEST_MAIN(PerformanceWorkspaceTest)
#include "PerformanceWorkspaceTest.moc"
