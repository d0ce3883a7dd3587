// The Signal workspace's filter panel offscreen: its plot draws the whole filter's response |H(f)|
// in dB, the curve the FIR is designed from, so a Butterworth band-stop of order 4 at
// 900 .. 1100 Hz shows its -3 dB edges and a notch more than 40 dB deep at 1 kHz, and a
// band-pass its pass band; choosing the band in the panel's own controls redraws it.
#include "signal/GainCurveEditor.h"
#include "signal/SignalFilterPanel.h"

#include "signal/FilterDesign.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QtTest>

#include <cmath>

using namespace fftscope;
using namespace fftscope::gui;

class SignalFilterPlotTest : public QObject {
  Q_OBJECT

 private slots:
  void init();
  void cleanup();
  void theBandStopsNotchAndEdgesAreDrawn();
  void aBandPassIsDrawnAsDesigned();
  void choosingABandInThePanelRedrawsTheResponse();

 private:
  static signal::SignalFilterSpec band(imaging::FilterKind kind, double f1, double f2, int order);
  SignalFilterPanel* panel_ = nullptr;
};

signal::SignalFilterSpec SignalFilterPlotTest::band(imaging::FilterKind kind, double f1, double f2, int order) {
  signal::SignalFilterSpec spec;
  spec.base = {kind, imaging::FilterShape::Butterworth, f1, f2, order};
  return spec;
}

void SignalFilterPlotTest::init() {
  panel_ = new SignalFilterPanel;
  panel_->resize(360, 700);
  panel_->show();
  panel_->setSampleRate(48000.0);
  // As the document does: every edit comes back as the spec to show.
  connect(panel_, &SignalFilterPanel::specEdited, panel_, [this](const signal::SignalFilterSpec& spec) {
    panel_->showSpec(spec);
  });
}

void SignalFilterPlotTest::cleanup() {
  delete panel_;
  panel_ = nullptr;
}

void SignalFilterPlotTest::theBandStopsNotchAndEdgesAreDrawn() {
  panel_->showSpec(band(imaging::FilterKind::BandStop, 900.0, 1100.0, 4));
  GainCurveEditor* plot = panel_->gainCurveEditor();
  const double halfPower = -10.0 * std::log10(2.0);
  qInfo("drawn: 900 Hz %.3f dB, 1 kHz %.1f dB, 1100 Hz %.3f dB, 300 Hz %.4f dB", plot->plottedResponseDb(900.0),
        plot->plottedResponseDb(1000.0), plot->plottedResponseDb(1100.0), plot->plottedResponseDb(300.0));
  QVERIFY(std::abs(plot->plottedResponseDb(900.0) - halfPower) < 0.1);
  QVERIFY(std::abs(plot->plottedResponseDb(1100.0) - halfPower) < 0.1);
  QVERIFY(plot->plottedResponseDb(1000.0) < -40.0);
  QVERIFY(std::abs(plot->plottedResponseDb(300.0)) < 0.01);
  QVERIFY(std::abs(plot->plottedResponseDb(10000.0)) < 0.01);
}

void SignalFilterPlotTest::aBandPassIsDrawnAsDesigned() {
  const signal::SignalFilterSpec spec = band(imaging::FilterKind::BandPass, 300.0, 3400.0, 2);
  panel_->showSpec(spec);
  GainCurveEditor* plot = panel_->gainCurveEditor();
  // The plotted samples are the design's own values (signal::filterGain), wherever they lie.
  for (const double f : {50.0, 300.0, 1000.0, 3400.0, 12000.0}) {
    const double drawn = plot->plottedResponseDb(f);
    QVERIFY2(std::abs(drawn - 20.0 * std::log10(signal::filterGain(spec, f, 48000.0))) < 0.2,
             qPrintable(QStringLiteral("%1 Hz: %2 dB").arg(f).arg(drawn)));
  }
  QVERIFY(plot->plottedResponseDb(50.0) < -30.0);  // SciPy's butter: -32.7 dB
  QVERIFY(std::abs(plot->plottedResponseDb(1000.0)) < 0.01);
}

void SignalFilterPlotTest::choosingABandInThePanelRedrawsTheResponse() {
  GainCurveEditor* plot = panel_->gainCurveEditor();
  QVERIFY(std::abs(plot->plottedResponseDb(1000.0)) < 1e-9);  // no filter: flat at 0 dB
  const auto combos = panel_->findChildren<QComboBox*>();
  const auto spins = panel_->findChildren<QDoubleSpinBox*>();
  QVERIFY(combos.size() >= 2 && spins.size() >= 2);
  spins[0]->setValue(900.0);   // cutoff / f1
  spins[1]->setValue(1100.0);  // f2
  panel_->findChildren<QSpinBox*>().front()->setValue(4);
  QComboBox* kind = combos[0];
  kind->setCurrentIndex(kind->findData(int(imaging::FilterKind::BandStop)));
  qInfo("after choosing a band-stop: 1 kHz drawn at %.1f dB", plot->plottedResponseDb(1000.0));
  QVERIFY(plot->plottedResponseDb(1000.0) < -40.0);
  QVERIFY(std::abs(plot->plottedResponseDb(1100.0) + 10.0 * std::log10(2.0)) < 0.1);
}

QTEST_MAIN(SignalFilterPlotTest)
#include "SignalFilterPlotTest.moc"
