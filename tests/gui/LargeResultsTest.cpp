// Saved results that hold more than a chart can show open and close in bounded time on the GUI
// thread: one result of 10,000 passes, and 4,000 variants opened or overlaid. What is drawn is
// counted (series, legend entries, stacked layers), which is what bounds the time; the time itself
// is checked loosely, well above what it takes, far below what it took when everything was drawn
// (minutes).
#include "bench/ResultJson.h"
#include "io/AtomicWrite.h"
#include "performance/SweepCharts.h"
#include "performance/SweepPanel.h"

#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

constexpr qint64 kLooseMs = 5000;

bench::BenchResult result(const std::string& variant, std::size_t passes) {
  bench::BenchResult r;
  r.device = "pthread";
  r.driver = "3.1";
  r.date = "2026-11-27T00:00:00Z";
  r.variant = variant;
  r.precision = "f32";
  r.cols = 1024;
  r.points = 1024;
  r.verified = true;
  r.relL2 = 1e-7;
  r.l2Gate = 1e-6;
  r.hostMs = r.kernelMs = {0.1, 0.2, 0.3};
  r.gflops = r.gbs = r.copyGbs = r.copyFraction = 1;
  for (std::size_t k = 0; k < passes; ++k) r.passes.push_back({"stockham r2 p=" + std::to_string(k), 0.001});
  return r;
}

QString saved(const QTemporaryDir& folder, const QString& name, const std::vector<bench::BenchResult>& results) {
  const QString path = folder.filePath(name);
  bench::BenchReport report;
  report.results = results;
  io::writeFileAtomically(path.toStdString(), bench::toJson(report));
  return path;
}

}  // namespace

class LargeResultsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
  void tenThousandPassesOpenAndCloseInBoundedTime();
  void fourThousandVariantsOpenOverlayAndCloseInBoundedTime();

 private:
  QTemporaryDir folder_;
};

void LargeResultsTest::tenThousandPassesOpenAndCloseInBoundedTime() {
  const QString many = saved(folder_, QStringLiteral("passes.json"), {result("r2", 10000)});
  const QString small = saved(folder_, QStringLiteral("small.json"), {result("r4", 5)});
  auto* panel = new SweepPanel(nullptr);
  panel->show();
  QElapsedTimer clock;
  clock.start();
  QCOMPARE(panel->openResults(many), QString());
  QCustomPlot* passes = panel->charts()->passesPlot();
  QVERIFY2(passes->plottableCount() <= 48, qPrintable(QString::number(passes->plottableCount())));
  QCOMPARE(passes->legend->itemCount(), 0);
  QVERIFY2(panel->charts()->note().contains(QStringLiteral("at most 48 passes")), qPrintable(panel->charts()->note()));
  // The stack still adds up to the whole: 10,000 passes of 0.001 ms.
  double total = 0;
  for (int i = 0; i < passes->plottableCount(); ++i)
    total += qobject_cast<QCPBars*>(passes->plottable(i))->data()->at(0)->value;
  QVERIFY2(std::abs(total - 10.0) < 1e-6, qPrintable(QString::number(total)));
  QCOMPARE(panel->openResults(small), QString());  // the next file replaces every layer
  QCOMPARE(passes->plottableCount(), 5);
  QVERIFY(panel->charts()->note().isEmpty());
  QCOMPARE(panel->openResults(many), QString());
  delete panel;
  QVERIFY2(clock.elapsed() < kLooseMs, qPrintable(QString::number(clock.elapsed())));
}

void LargeResultsTest::fourThousandVariantsOpenOverlayAndCloseInBoundedTime() {
  std::vector<bench::BenchResult> results;
  for (int i = 0; i < 4000; ++i) results.push_back(result("v" + std::to_string(i), 1));
  const QString path = saved(folder_, QStringLiteral("variants.json"), results);
  for (const bool overlay : {false, true}) {
    auto* panel = new SweepPanel(nullptr);
    panel->show();
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(overlay ? panel->openOverlay(path) : panel->openResults(path), QString());
    QCustomPlot* time = panel->charts()->timePlot();
    QCOMPARE(time->graphCount(), 24);
    QVERIFY(time->legend->itemCount() <= 24);
    QVERIFY2(panel->charts()->note().contains(QStringLiteral("Showing 24 of 4000 series")),
             qPrintable(panel->charts()->note()));
    QVERIFY(panel->charts()->passesPlot()->plottableCount() <= 48);
    delete panel;
    QVERIFY2(clock.elapsed() < kLooseMs, qPrintable(QString::number(clock.elapsed())));
  }
}

QTEST_MAIN(LargeResultsTest)
#include "LargeResultsTest.moc"
