// The Signal workspace's spectrum plot: tones at 200 Hz and 23.8 kHz in noise are the only peaks
// marked; every peak label lies whole inside the plot, also at its right edge; the readout has
// its own line, clear of the plot and its labels, and is cleared when the pointer leaves.
#include "signal/SpectrumPlot.h"

#include "signal/Generators.h"
#include "signal/PeakPicking.h"

#include <QtTest>

using namespace fftscope;
using namespace fftscope::gui;

class SpectrumPlotTest : public QObject {
  Q_OBJECT

 private slots:
  void labelsStayInsideAndTheReadoutClearsOnLeave();
};

void SpectrumPlotTest::labelsStayInsideAndTheReadoutClearsOnLeave() {
  const signal::Timebase timebase{48000.0, 1.0};
  signal::Signal s = signal::sumOfSines(timebase, {signal::Tone{200.0, 0.5}, signal::Tone{23800.0, 0.25}});
  const signal::Signal noise = signal::whiteNoise(timebase, 0.001, 5);
  for (std::size_t i = 0; i < s.channels[0].size(); ++i) s.channels[0][i] += noise.channels[0][i];
  auto outcome = std::make_shared<SpectrumOutcome>();
  outcome->original = signal::estimateSpectrum(s.channels[0], s.sampleRate, signal::SpectrumSettings{});
  outcome->peaks = signal::findPeaks(outcome->original, 8, -100.0);
  QCOMPARE(outcome->peaks.size(), std::size_t(2));  // the tones, not the noise

  SpectrumPlot plot;
  plot.resize(700, 300);
  plot.show();
  plot.replot();
  plot.showSpectrum(outcome);
  plot.replot();
  QCOMPARE(plot.peakLabels().size(), 2);
  const QRect area = plot.axisRect()->rect().adjusted(-1, -1, 1, 1);
  for (QCPItemText* label : plot.peakLabels()) {
    const QRectF drawn(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
    qInfo("label '%s' at %.0f,%.0f..%.0f,%.0f in %d,%d..%d,%d", qPrintable(label->text().replace('\n', ' ')), drawn.left(),
          drawn.top(), drawn.right(), drawn.bottom(), area.left(), area.top(), area.right(), area.bottom());
    QVERIFY(area.contains(drawn.toRect()));
    QVERIFY(label->text().contains(QStringLiteral("dBFS")));
  }

  const QPointF at(plot.xAxis->coordToPixel(10000.0), plot.axisRect()->center().y());
  QMouseEvent move(QEvent::MouseMove, at, plot.mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
  QApplication::sendEvent(&plot, &move);
  plot.replot();
  QVERIFY(plot.readout().contains(QStringLiteral("dBFS")));
  QVERIFY(!plot.readoutElement()->outerRect().intersects(plot.axisRect()->rect()));
  QEvent leave(QEvent::Leave);
  QApplication::sendEvent(&plot, &leave);
  QVERIFY(plot.readout().isEmpty());
}

QTEST_MAIN(SpectrumPlotTest)
#include "SpectrumPlotTest.moc"
