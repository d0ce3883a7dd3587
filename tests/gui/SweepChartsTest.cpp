// A sweep's charts as a report would use them: sizes labelled 2^k, times labelled at every decade
// below a millisecond too, legends beside the data rather than over it, no point on the edge of
// its chart, the passes chart with axis labels and "1 pass"; a saved SVG carries a title and its
// text at twice the layout's scale; the save dialog offers the format of the name it suggests.
#include "performance/SweepCharts.h"

#include "widgets/PlotExport.h"

#include <QFileDialog>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <qcustomplot.h>

using namespace fftscope;
using namespace fftscope::gui;

class SweepChartsTest : public QObject {
  Q_OBJECT

 private slots:
  void chartsAReportCanUse();
  void theSaveDialogOffersTheSuggestedFormat();
};

namespace {

std::vector<bench::BenchResult> sweep() {
  std::vector<bench::BenchResult> results;
  for (int k = 6; k <= 12; ++k)
    for (const char* variant : {"r2", "r16"}) {
      bench::BenchResult r;
      r.variant = variant;
      r.precision = "f32";
      r.device = "test device";
      r.cols = std::size_t(1) << k;
      r.verified = true;
      r.relL2 = 1e-7;
      r.l2Gate = 1e-5;
      const double ms = 0.004 * double(r.cols) / 64.0 * (variant[1] == '2' ? 2.0 : 1.0);
      r.hostMs = {ms * 0.9, ms, ms * 1.1};
      r.gflops = 5.0 * double(r.cols) * k / (ms * 1e6);
      r.gbs = 16.0 * double(r.cols) / (ms * 1e6);
      r.copyGbs = 100.0;
      r.passes.resize(variant[1] == '2' ? std::size_t(k) : 1, bench::PassTime{"pass", ms / k});
      results.push_back(r);
    }
  return results;
}

}  // namespace

void SweepChartsTest::chartsAReportCanUse() {
  SweepCharts charts;
  charts.resize(900, 500);
  charts.show();
  charts.setResults(sweep(), {});
  QCustomPlot* time = charts.timePlot();
  time->replot();
  const QVector<QString> sizes = time->xAxis->tickVectorLabels();
  qInfo("size labels: %s", qPrintable(QStringList(sizes.begin(), sizes.end()).join(' ')));
  QVERIFY(sizes.size() >= 7);
  for (const QString& label : sizes) QVERIFY2(QRegularExpression(QStringLiteral("^2\\^\\d+$")).match(label).hasMatch(), qPrintable(label));
  const QVector<QString> times = time->yAxis->tickVectorLabels();
  qInfo("time labels: %s", qPrintable(QStringList(times.begin(), times.end()).join(' ')));
  QVERIFY(times.contains(QStringLiteral("0.01")) && times.contains(QStringLiteral("0.1")) && times.contains(QStringLiteral("1")));
  QVERIFY(!time->legend->outerRect().intersects(time->axisRect()->rect()));
  for (int g = 0; g < time->graphCount(); ++g)
    for (auto it = time->graph(g)->data()->constBegin(); it != time->graph(g)->data()->constEnd(); ++it) {
      QVERIFY(it->key > time->xAxis->range().lower * 1.1 && it->key < time->xAxis->range().upper / 1.1);
      QVERIFY(it->value > time->yAxis->range().lower && it->value < time->yAxis->range().upper);
    }

  auto* tabs = charts.findChild<QTabWidget*>();
  tabs->setCurrentIndex(4);
  QCustomPlot* passes = charts.currentPlot();
  passes->replot();
  QVERIFY(!passes->xAxis->label().isEmpty() && !passes->yAxis->label().isEmpty());
  const QVector<QString> variants = passes->xAxis->tickVectorLabels();
  qInfo("passes labels: %s", qPrintable(QStringList(variants.begin(), variants.end()).join(" | ").replace('\n', ' ')));
  QVERIFY(std::any_of(variants.begin(), variants.end(), [](const QString& l) { return l.endsWith(QStringLiteral("\n1 pass")); }));
  QVERIFY(std::none_of(variants.begin(), variants.end(), [](const QString& l) { return l.contains(QStringLiteral("1 passes")); }));

  tabs->setCurrentIndex(0);
  QTemporaryDir folder;
  const QString path = folder.filePath(QStringLiteral("sweep.svg"));
  const QString title = charts.currentTitle();
  QVERIFY(title.contains(QStringLiteral("test device")));
  QCOMPARE(exportPlot(charts.currentPlot(), path, 1600, 900, title), QString());
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QString svg = QString::fromUtf8(file.readAll());
  QVERIFY(svg.contains(QStringLiteral("<title>%1</title>").arg(title.toHtmlEscaped())));
  QVERIFY(svg.contains(QStringLiteral("FFT sweep")));  // drawn, not only named
  QVERIFY(svg.contains(QStringLiteral("viewBox=\"0 0 800 450\"")));
}

void SweepChartsTest::theSaveDialogOffersTheSuggestedFormat() {
  QString offered;
  QTimer::singleShot(200, [&offered] {
    for (QWidget* w : QApplication::topLevelWidgets())
      if (auto* dialog = qobject_cast<QFileDialog*>(w); dialog && dialog->isVisible()) {
        offered = dialog->selectedNameFilter();
        dialog->reject();
      }
  });
  QWidget parent;
  const QString path = askPlotPath(&parent, QStringLiteral("Save chart"), QStringLiteral("sweep.svg"));
  QVERIFY(path.isEmpty());
  qInfo("offered: %s", qPrintable(offered));
  QVERIFY(offered.contains(QStringLiteral("*.svg")));
}

QTEST_MAIN(SweepChartsTest)
#include "SweepChartsTest.moc"
