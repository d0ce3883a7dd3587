// The Signal workspace's views: one spectrogram column per frame, the selection is what the
// spectrum analyses, the envelope brackets every sample, an hour of audio draws from a few blocks
// per pixel, a typed FFT size gives its bins, and where the size is not the one used (not averaged) the
// panel and the status say what was.
#include "SignalWorkspaceTest.h"

void SignalWorkspaceTest::theSpectrogramHasOneColumnPerFrame() {
  // Defaults: 1024-point frames, 75 % overlap (hop 256) over 48000 samples.
  const SpectrogramOutcomePtr gram = workspace_->document()->lastSpectrogram();
  QVERIFY(gram);
  qInfo("spectrogram %zu x %zu with %s", gram->spectrogram.rows, gram->spectrogram.bins, qPrintable(gram->backend));
  QCOMPARE(gram->spectrogram.rows, std::size_t(1 + (48000 - 1024) / 256));
  QCOMPARE(gram->spectrogram.bins, std::size_t(513));
  // The map holds one cell per pixel of the axis rect (SpectrogramTest draws it).
  SpectrogramView* view = workspace_->spectrogramView();
  view->replot();
  QCOMPARE(view->colourMap()->data()->keySize(), view->axisRect()->width());
  QCOMPARE(view->colourMap()->data()->valueSize(), view->axisRect()->height());
  // The brightest row is the tone's: bin 1000 / (48000 / 1024) = 21.3.
  const signal::Spectrogram& s = gram->spectrogram;
  std::size_t brightest = 0;
  for (std::size_t bin = 0; bin < s.bins; ++bin)
    if (s.at(90, bin) > s.at(90, brightest)) brightest = bin;
  QVERIFY(brightest == 21 || brightest == 22);
}

void SignalWorkspaceTest::aSelectionIsWhatTheSpectrumAnalyses() {
  emit workspace_->timePlot()->selectionChanged(0.25, 0.5);
  QCOMPARE(workspace_->document()->selection().first, std::size_t(12000));
  QCOMPARE(workspace_->document()->selection().count, std::size_t(12000));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->lastSpectrum()->original.segmentLength == 12000, kWait);
  waitForAnalysis();
  QVERIFY(std::abs(workspace_->document()->lastSpectrum()->peaks.front().levelDbfs - (-6.0206)) < 0.05);
  // Shift+drag on the time plot selects: from 0.2 s to 0.6 s, to within a pixel.
  TimePlot* plot = workspace_->timePlot();
  plot->showWhole();
  const QPoint from(int(plot->xAxis->coordToPixel(0.2)), plot->axisRect()->center().y());
  const QPoint to(int(plot->xAxis->coordToPixel(0.6)), from.y());
  QTest::mousePress(plot, Qt::LeftButton, Qt::ShiftModifier, from);
  QTest::mouseRelease(plot, Qt::LeftButton, Qt::ShiftModifier, to);
  const double samplesPerPixel = 48000.0 / plot->axisRect()->width();
  const SampleRange dragged = workspace_->document()->selection();
  qInfo("dragged selection: %zu + %zu samples (a pixel is %.0f samples)", dragged.first, dragged.count, samplesPerPixel);
  QVERIFY(std::abs(double(dragged.first) - 9600.0) <= samplesPerPixel);
  QVERIFY(std::abs(double(dragged.count) - 19200.0) <= 2 * samplesPerPixel);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->lastSpectrum()->original.segmentLength == dragged.count, kWait);

  emit workspace_->timePlot()->selectionChanged(0.0, 0.0);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->lastSpectrum()->original.segmentLength == 48000, kWait);
  waitForAnalysis();
}

void SignalWorkspaceTest::theEnvelopeBracketsEverySample() {
  // Each column's min and max cover the column's own samples, and reach at most one column
  // beyond them on either side (whole blocks of the level drawn).
  auto noise = std::make_shared<const signal::Signal>(signal::whiteNoise({48000.0, 30.0}, 0.3, 7));
  const SignalEnvelope envelope(noise, 0);
  const std::vector<float>& x = noise->channels[0];
  const double n = double(x.size());
  struct View { double first, last; int pixels; };
  for (const View view : {View{0.0, n, 1400}, View{12345.6, 12345.6 + 70000.0, 700}, View{1000.0, 1300.0, 600},
                          View{n - 5e5, n, 333}}) {
    std::vector<float> lo, hi;
    envelope.columns(view.first, view.last, view.pixels, lo, hi);
    const double step = (view.last - view.first) / view.pixels;
    for (int p = 0; p < view.pixels; ++p) {
      auto range = [&](double a, double b) {
        const auto begin = std::size_t(std::clamp(a, 0.0, n - 1));
        const auto end = std::max(begin + 1, std::size_t(std::clamp(std::ceil(b), 0.0, n)));
        const auto [mn, mx] = std::minmax_element(x.begin() + std::ptrdiff_t(begin), x.begin() + std::ptrdiff_t(end));
        return std::pair<float, float>(*mn, *mx);
      };
      const double a = view.first + p * step, b = a + step;
      const auto [innerLo, innerHi] = range(a, b);
      const auto [outerLo, outerHi] = range(a - step, b + step);
      QVERIFY2(lo[std::size_t(p)] <= innerLo && lo[std::size_t(p)] >= outerLo, qPrintable(QString::number(p)));
      QVERIFY2(hi[std::size_t(p)] >= innerHi && hi[std::size_t(p)] <= outerHi, qPrintable(QString::number(p)));
    }
  }
}

void SignalWorkspaceTest::anHourOfAudioDrawsFromAFewBlocksPerPixel() {
  // An hour at 48 kHz: building the envelope, then one redraw of the whole view and of a
  // one-second view (what a pan costs). Reported, not asserted: the machine is shared.
  auto hour = std::make_shared<signal::Signal>();
  hour->sampleRate = 48000.0;
  hour->channels.assign(1, std::vector<float>(std::size_t(48000) * 3600));
  std::uint32_t state = 1;
  for (float& x : hour->channels[0]) x = float(int32_t(state = state * 1664525u + 1013904223u)) * 0x1p-31f;
  QElapsedTimer clock;
  clock.start();
  const SignalEnvelope envelope(hour, 0);
  const double buildMs = double(clock.nsecsElapsed()) / 1e6;
  std::vector<float> lo, hi;
  clock.restart();
  envelope.columns(0.0, 48000.0 * 3600, 1400, lo, hi);
  const double wholeMs = double(clock.nsecsElapsed()) / 1e6;
  clock.restart();
  for (int pan = 0; pan < 100; ++pan) envelope.columns(48000.0 * (1800 + pan * 0.01), 48000.0 * (1801 + pan * 0.01), 1400, lo, hi);
  const double panMs = double(clock.nsecsElapsed()) / 1e6 / 100;
  qInfo("an hour of audio: envelope built in %.0f ms; whole view %.2f ms, a one-second view %.3f ms per redraw",
        buildMs, wholeMs, panMs);
  QVERIFY(hi[700] >= lo[700]);
}

void SignalWorkspaceTest::aTypedFftSizeGivesItsBins() {
  // The 1 kHz tone at 48 kHz, averaged over segments of 48000 points: 1 Hz bins,
  // the tone on bin 1000 exactly.
  AnalysisPanel* panel = workspace_->analysisPanel();
  panel->setWelch(true, 50.0);
  panel->setFftSize(48000);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->lastSpectrum() &&
                               workspace_->document()->lastSpectrum()->original.fftSize == 48000,
                           kWait);
  const signal::Spectrum& spectrum = workspace_->document()->lastSpectrum()->original;
  QCOMPARE(spectrum.binWidth(), 1.0);
  QCOMPARE(spectrum.bins(), std::size_t(24001));
  QVERIFY(std::abs(workspace_->document()->lastSpectrum()->peaks.front().frequencyHz - 1000.0) < 0.01);
  panel->setFftSize(4096);
  panel->setWelch(false, 50.0);
}

void SignalWorkspaceTest::thePanelNamesTheTransformUsed() {
  // Not averaged, the whole signal (48000 samples) with 4096 chosen: one transform of them all, and
  // the panel and the status say so.
  const std::size_t frames = workspace_->document()->current()->signal->frames();
  const QString whole = QString::number(frames);
  AnalysisPanel* panel = workspace_->analysisPanel();
  panel->setWelch(false);
  panel->setFftSize(4096);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->lastSpectrum() &&
                               workspace_->document()->lastSpectrum()->original.fftSize == frames && !panel->transformNote().isEmpty(),
                           kWait);
  qInfo("note: %s", qPrintable(panel->transformNote()));
  QVERIFY(panel->transformNote().contains(whole));
  QVERIFY(panel->transformNote().contains(QStringLiteral("4096")));
  const QList<QLabel*> labels = workspace_->findChildren<QLabel*>();
  QVERIFY(std::any_of(labels.begin(), labels.end(),
                      [&](QLabel* l) { return l->text().contains(QStringLiteral("FFT %1 (the whole selection").arg(whole)); }));
  // Averaged, the size is the one used and no note is shown.
  panel->setWelch(true, 50.0);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->lastSpectrum()->original.fftSize == 4096, kWait);
  QTRY_VERIFY_WITH_TIMEOUT(panel->transformNote().isEmpty(), kWait);
  panel->setWelch(false);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->lastSpectrum()->original.fftSize == frames, kWait);
  waitForAnalysis();
}
