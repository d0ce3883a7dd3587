// Filtering in the Signal workspace: a band-stop lowers the tone by 40 dB and undoes, a newer edit
// supersedes an older one, the spectrogram shows the filtered signal, a drawn gain curve scales it.
#include "SignalWorkspaceTest.h"

void SignalWorkspaceTest::aBandStopLowersTheToneByFortyDecibelsAndUndoes() {
  SignalDocument* document = workspace_->document();
  applyBandStop();
  QVERIFY(document->filtered());
  const SpectrumOutcomePtr spectrum = document->lastSpectrum();
  QVERIFY(spectrum->filtered);
  const double before = workspace_->spectrumPlot()->levelAt(1000.0);
  const double after = workspace_->spectrumPlot()->levelAt(1000.0, true);
  qInfo("1 kHz: %.2f dBFS before, %.2f dBFS after the band-stop", before, after);
  QVERIFY(before - after >= 40.0);
  QCOMPARE(document->undoStack()->count(), 1);

  document->undoStack()->undo();
  QCOMPARE(document->filterSpec().base.kind, imaging::FilterKind::AllPass);
  waitForAnalysis();
  QTRY_VERIFY_WITH_TIMEOUT(!document->lastSpectrum()->filtered, kWait);
  document->undoStack()->redo();
  waitForAnalysis();
  QTRY_VERIFY_WITH_TIMEOUT(document->lastSpectrum()->filtered, kWait);
  QVERIFY(before - workspace_->spectrumPlot()->levelAt(1000.0, true) >= 40.0);
}

void SignalWorkspaceTest::aNewerFilterEditSupersedesAnOlderOne() {
  SignalDocument* document = workspace_->document();
  applyBandStop();
  const signal::SignalFilterSpec kept = document->filterSpec();
  QSignalSpy shown(document, &SignalDocument::filterShown);
  signal::SignalFilterSpec spec = kept;
  for (double cutoff : {500.0, 700.0, 900.0}) {
    spec.base.cutoff = cutoff;
    document->editFilter(spec, QStringLiteral("Cutoff"));
  }
  waitForAnalysis();
  // Only the last edit's result is shown; the earlier two were cancelled or dropped.
  QCOMPARE(shown.count(), 1);
  QCOMPARE(document->lastFilter()->spec.base.cutoff, 900.0);
  for (int i = 0; i < 3; ++i) document->undoStack()->undo();
  QCOMPARE(document->filterSpec().base.cutoff, kept.base.cutoff);
  waitForAnalysis();
}

void SignalWorkspaceTest::theSpectrogramCanShowTheFilteredSignal() {
  SignalDocument* document = workspace_->document();
  applyBandStop();
  QVERIFY(document->filtered());
  const SpectrogramOutcomePtr original = document->lastSpectrogram();
  QVERIFY(!original->ofFiltered);
  workspace_->analysisPanel()->setSpectrogramOfFiltered(true);
  QTRY_VERIFY_WITH_TIMEOUT(document->lastSpectrogram()->ofFiltered, kWait);
  const signal::Spectrogram& filtered = document->lastSpectrogram()->spectrogram;
  QCOMPARE(filtered.rows, original->spectrogram.rows);
  // The tone's bins (21 and 22) in a frame in the middle.
  for (std::size_t bin : {21, 22}) {
    qInfo("bin %zu: %.1f dBFS, filtered %.1f dBFS", bin, double(original->spectrogram.at(90, bin)),
          double(filtered.at(90, bin)));
    QVERIFY(original->spectrogram.at(90, bin) - filtered.at(90, bin) >= 40.0f);
  }
  workspace_->analysisPanel()->setSpectrogramOfFiltered(false);
  QTRY_VERIFY_WITH_TIMEOUT(!document->lastSpectrogram()->ofFiltered, kWait);
}

void SignalWorkspaceTest::aDrawnGainCurveScalesTheTone() {
  // No other filter, then a point on the curve editor at 1 kHz and -20 dB (what a click there does): the curve
  // is flat at -20 dB everywhere (held beyond its only point), so the tone reads -26.02 dBFS.
  SignalDocument* document = workspace_->document();
  const signal::SignalFilterSpec kept = document->filterSpec();
  document->editFilter(signal::SignalFilterSpec{}, QStringLiteral("None"));
  GainCurveEditor* editor = workspace_->filterPanel()->gainCurveEditor();
  editor->addPoint(1000.0, -20.0);
  QCOMPARE(document->filterSpec().gainCurve.size(), std::size_t(1));
  const double gain = document->filterSpec().gainCurve.front().gainDb;
  qInfo("clicked gain %.2f dB at %.1f Hz", gain, document->filterSpec().gainCurve.front().frequencyHz);
  QVERIFY(std::abs(gain + 20.0) < 1.0);
  waitForAnalysis();
  const double level = workspace_->spectrumPlot()->levelAt(1000.0, true);
  qInfo("1 kHz through the curve: %.2f dBFS", level);
  QVERIFY(std::abs(level - (-6.0206 + gain)) < 0.2);
  for (int i = 0; i < 2; ++i) document->undoStack()->undo();
  QCOMPARE(document->filterSpec().base.kind, kept.base.kind);
  QVERIFY(document->filterSpec().gainCurve.empty());
  waitForAnalysis();
}
