// The Signal workspace offscreen: it renders; a 48 kHz WAV of a 0.5-amplitude 1 kHz sine reads a
// peak at 1000 Hz and -6.02 dBFS (Hann); a truncated WAV and a CSV with a bad number are refused
// with a message naming the problem while the current signal stays; a band-stop around the tone
// lowers it by at least 40 dB and undoes; the spectrogram has one column per frame and one row per
// bin; plots export as PNG and SVG, the spectrum as CSV and the filtered audio as the input's WAV;
// without an audio device, playing gives a message.
#include "GuiTestSupport.h"
#include "engine/EngineService.h"
#include "shell/MainWindow.h"
#include "signal/AnalysisPanel.h"
#include "signal/GainCurveEditor.h"
#include "signal/SignalFilterPanel.h"
#include "signal/SignalDocument.h"
#include "signal/SignalEnvelope.h"
#include "signal/SignalPlayer.h"
#include "signal/SignalWorkspace.h"
#include "signal/SpectrogramView.h"
#include "signal/SpectrumPlot.h"
#include "signal/TimePlot.h"

#include "signal/AudioReader.h"
#include "signal/AudioWriter.h"
#include "signal/Generators.h"
#include "signal/GeneratorDialog.h"

#include <QAudioDevice>
#include <QApplication>
#include <QComboBox>
#include <QScrollArea>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <filesystem>

using namespace fftscope;
using namespace fftscope::gui;

namespace {
constexpr int kWait = 240000;
}

class SignalWorkspaceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void theWorkspaceRendersOffscreen();
  void aHalfScaleSineReadsMinusSixDbfsAt1kHz();
  void aTruncatedWavIsRefusedAndTheSignalStays();
  void aCsvWithABadNumberIsRefusedWithItsLine();
  void aBandStopLowersTheToneByFortyDecibelsAndUndoes();
  void theSpectrogramHasOneColumnPerFrame();
  void aSelectionIsWhatTheSpectrumAnalyses();
  void aNewerFilterEditSupersedesAnOlderOne();
  void aCancelledLoadLeavesTheSignal();
  void theSpectrogramCanShowTheFilteredSignal();
  void aDrawnGainCurveScalesTheTone();
  void plotsSpectrumAndAudioExport();
  void noAudioDeviceGivesAMessage();
  void theEnvelopeBracketsEverySample();
  void anHourOfAudioDrawsFromAFewBlocksPerPixel();
  void eachChannelOfAStereoFileCanBeAnalysed();
  void aRawFileOpensWithItsLayout();
  void theGeneratorMakesWhatItSays();
  void aTypedFftSizeGivesItsBins();
  void cleanupTestCase();

 private:
  QString writeSine(const QString& name, signal::Encoding encoding);
  void waitForAnalysis();

  QTemporaryDir folder_;
  std::unique_ptr<MainWindow> window_;
  SignalWorkspace* workspace_ = nullptr;
  QString sinePath_;
};

QString SignalWorkspaceTest::writeSine(const QString& name, signal::Encoding encoding) {
  signal::Signal sine = signal::sumOfSines({48000.0, 1.0}, {{1000.0, 0.5, 0.0}});
  const QString path = folder_.filePath(name);
  signal::writeAudio(sine, path.toStdString(), signal::SignalFormat{signal::Container::Wav, encoding, false});
  return path;
}

void SignalWorkspaceTest::waitForAnalysis() {
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isAnalysisCurrent(), kWait);
}

void SignalWorkspaceTest::initTestCase() {
  testing::isolateSettings();
  QVERIFY(folder_.isValid());
  StartOptions options;
  options.workspace = QStringLiteral("signal");
  window_ = std::make_unique<MainWindow>(options);
  window_->resize(1366, 768);
  window_->show();
  QTRY_VERIFY_WITH_TIMEOUT(window_->engine()->isReady(), kWait);
  workspace_ = window_->signalWorkspace();
  QVERIFY(workspace_);
  workspace_->analysisPanel()->setWindow(signal::WindowKind::Hann);
  sinePath_ = writeSine(QStringLiteral("sine-1k.wav"), signal::Encoding::Pcm24);
}

void SignalWorkspaceTest::theWorkspaceRendersOffscreen() {
  QVERIFY(workspace_->isVisible());
  const QImage shot = workspace_->grab().toImage();
  QVERIFY(shot.width() > 600 && shot.height() > 400);
  QVERIFY(workspace_->timePlot()->width() > 300);
  QVERIFY(workspace_->spectrumPlot()->height() > 100);
  // It fits a 1366-pixel-wide screen.
  qInfo("minimum width: signal workspace %d, window %d", workspace_->minimumSizeHint().width(),
        window_->minimumSizeHint().width());
  QVERIFY(workspace_->minimumSizeHint().width() <= 1300);
}

void SignalWorkspaceTest::aHalfScaleSineReadsMinusSixDbfsAt1kHz() {
  workspace_->openFile(sinePath_, {});
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->current(), kWait);
  waitForAnalysis();
  const SpectrumOutcomePtr spectrum = workspace_->document()->lastSpectrum();
  QVERIFY(spectrum->original.window.kind == signal::WindowKind::Hann);
  QVERIFY(!spectrum->peaks.empty());
  const signal::SpectralPeak& peak = spectrum->peaks.front();
  qInfo("peak %.4f Hz, %.4f dBFS; plotted %.4f dBFS", peak.frequencyHz, peak.levelDbfs,
        workspace_->spectrumPlot()->levelAt(1000.0));
  QVERIFY(std::abs(peak.frequencyHz - 1000.0) < 0.1);
  QVERIFY(std::abs(peak.levelDbfs - (-6.0206)) < 0.02);
  QVERIFY(std::abs(workspace_->spectrumPlot()->levelAt(1000.0) - (-6.0206)) < 0.02);
  // Long lines of information do not widen the window beyond a 1366-pixel screen.
  QVERIFY(window_->minimumSizeHint().width() <= 1366);
}

void SignalWorkspaceTest::aTruncatedWavIsRefusedAndTheSignalStays() {
  const LoadedSignalPtr before = workspace_->document()->current();
  QVERIFY(before);
  const QString path = writeSine(QStringLiteral("truncated.wav"), signal::Encoding::Pcm16);
  std::filesystem::resize_file(path.toStdString(), 44 + 20000);  // the header promises 96000 bytes of data
  QSignalSpy refused(workspace_->document(), &SignalDocument::loadRefused);
  workspace_->openFile(path, {});
  QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, kWait);
  const QString message = workspace_->messageBar()->text();
  qInfo("%s", qPrintable(message));
  QVERIFY(message.contains(QStringLiteral("truncated.wav")));
  QVERIFY(message.contains(QStringLiteral("truncated:")));
  QVERIFY(workspace_->messageBar()->isVisible());
  QCOMPARE(workspace_->document()->current(), before);
}

void SignalWorkspaceTest::aCsvWithABadNumberIsRefusedWithItsLine() {
  const LoadedSignalPtr before = workspace_->document()->current();
  const QString path = folder_.filePath(QStringLiteral("bad.csv"));
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write("value\n0.1\n0.2\n0.3x\n0.4\n");
  file.close();
  signal::SignalReadOptions options;
  options.text.sampleRate = 1000.0;
  QSignalSpy refused(workspace_->document(), &SignalDocument::loadRefused);
  workspace_->openFile(path, options);
  QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, kWait);
  const QString message = workspace_->messageBar()->text();
  qInfo("%s", qPrintable(message));
  QVERIFY(message.contains(QStringLiteral("bad.csv")));
  QVERIFY(message.contains(QStringLiteral("line 4")));
  QCOMPARE(workspace_->document()->current(), before);
}

void SignalWorkspaceTest::aBandStopLowersTheToneByFortyDecibelsAndUndoes() {
  SignalDocument* document = workspace_->document();
  signal::SignalFilterSpec spec;
  spec.base.kind = imaging::FilterKind::BandStop;
  spec.base.shape = imaging::FilterShape::Ideal;
  spec.base.cutoff = 800.0;
  spec.base.upperCutoff = 1200.0;
  document->editFilter(spec, QStringLiteral("Band-stop"));
  waitForAnalysis();
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

void SignalWorkspaceTest::theSpectrogramHasOneColumnPerFrame() {
  // Defaults: 1024-point frames, 75 % overlap (hop 256) over 48000 samples.
  const SpectrogramOutcomePtr gram = workspace_->document()->lastSpectrogram();
  QVERIFY(gram);
  qInfo("spectrogram %zu x %zu with %s", gram->spectrogram.rows, gram->spectrogram.bins, qPrintable(gram->backend));
  QCOMPARE(gram->spectrogram.rows, std::size_t(1 + (48000 - 1024) / 256));
  QCOMPARE(gram->spectrogram.bins, std::size_t(513));
  QCPColorMapData* data = workspace_->spectrogramView()->colourMap()->data();
  QCOMPARE(data->keySize(), 184);
  QCOMPARE(data->valueSize(), 513);
  // The brightest row is the tone's: bin 1000 / (48000 / 1024) = 21.3.
  int brightest = 0;
  for (int bin = 0; bin < 513; ++bin)
    if (data->cell(90, bin) > data->cell(90, brightest)) brightest = bin;
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

void SignalWorkspaceTest::aNewerFilterEditSupersedesAnOlderOne() {
  SignalDocument* document = workspace_->document();
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

void SignalWorkspaceTest::aCancelledLoadLeavesTheSignal() {
  SignalDocument* document = workspace_->document();
  const LoadedSignalPtr before = document->current();
  QSignalSpy cancelled(document, &SignalDocument::loadCancelled);
  QSignalSpy progress(document, &SignalDocument::loadProgress);
  document->load(QStringLiteral("slow"), {}, [](const signal::ReadControl& control) {
    for (int i = 0; i < 2000; ++i) {
      control.step(i / 2000.0);
      QThread::msleep(5);
    }
    return signal::sumOfSines({8000.0, 1.0}, {{100.0, 0.5, 0.0}});
  });
  QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 1, kWait);
  document->cancelLoad();
  QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kWait);
  QCOMPARE(document->current(), before);
  QVERIFY(!document->isLoading());
}

void SignalWorkspaceTest::theSpectrogramCanShowTheFilteredSignal() {
  SignalDocument* document = workspace_->document();
  QVERIFY(document->filtered());  // the band-stop around 1 kHz
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

void SignalWorkspaceTest::plotsSpectrumAndAudioExport() {
  for (QCustomPlot* plot : {static_cast<QCustomPlot*>(workspace_->timePlot()),
                            static_cast<QCustomPlot*>(workspace_->spectrumPlot()),
                            static_cast<QCustomPlot*>(workspace_->spectrogramView())}) {
    const QString png = folder_.filePath(QStringLiteral("%1.png").arg(plot->metaObject()->className()));
    const QString svg = folder_.filePath(QStringLiteral("%1.svg").arg(plot->metaObject()->className()));
    QCOMPARE(workspace_->exportPlotImage(plot, png), QString());
    QCOMPARE(workspace_->exportPlotImage(plot, svg), QString());
    const QImage image(png);
    QVERIFY(image.width() >= 800 && image.height() >= 400);
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("<svg"));
  }
  const QString csv = folder_.filePath(QStringLiteral("spectrum.csv"));
  QCOMPARE(workspace_->exportSpectrumCsv(csv), QString());
  QFile csvFile(csv);
  QVERIFY(csvFile.open(QIODevice::ReadOnly));
  QVERIFY(csvFile.readAll().count('\n') > 1000);

  const QString audio = folder_.filePath(QStringLiteral("filtered.wav"));
  QCOMPARE(workspace_->exportFilteredAudio(audio), QString());
  const signal::Signal back = signal::readAudio(audio.toStdString());
  QCOMPARE(back.sampleRate, 48000.0);
  QCOMPARE(back.frames(), std::size_t(48000));
  QVERIFY(back.format.encoding == signal::Encoding::Pcm24);
  float peak = 0.0f;
  for (std::size_t i = 4800; i < 43200; ++i) peak = std::max(peak, std::abs(back.channels[0][i]));
  qInfo("filtered audio's peak away from the ends: %.5f FS (the tone was 0.5)", double(peak));
  QVERIFY(peak < 0.005);
}

void SignalWorkspaceTest::noAudioDeviceGivesAMessage() {
  workspace_->player()->setOutputDevice(QAudioDevice());
  workspace_->playOriginal();
  QVERIFY(!workspace_->player()->isPlaying());
  QVERIFY(workspace_->messageBar()->text().contains(QStringLiteral("No audio output device")));
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

void SignalWorkspaceTest::eachChannelOfAStereoFileCanBeAnalysed() {
  signal::Signal stereo = signal::sumOfSines({48000.0, 1.0}, {{1000.0, 0.5, 0.0}});
  stereo.channels.push_back(signal::sumOfSines({48000.0, 1.0}, {{3000.0, 0.25, 0.0}}).channels[0]);
  const QString path = folder_.filePath(QStringLiteral("stereo.flac"));
  signal::writeAudio(stereo, path.toStdString(), signal::SignalFormat{signal::Container::Flac, signal::Encoding::Pcm24, false});
  workspace_->openFile(path, {});
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->current()->path == path, kWait);
  waitForAnalysis();
  QComboBox* picker = workspace_->channelPicker();
  QCOMPARE(picker->count(), 3);  // the mix, then each channel
  auto strongest = [this] { return workspace_->document()->lastSpectrum()->peaks.front(); };
  QVERIFY(std::abs(strongest().frequencyHz - 1000.0) < 0.1);
  QVERIFY(std::abs(strongest().levelDbfs - 20.0 * std::log10(0.25)) < 0.05);  // the mix halves each tone
  picker->setCurrentIndex(2);
  QTRY_VERIFY_WITH_TIMEOUT(std::abs(strongest().frequencyHz - 3000.0) < 0.1, kWait);
  QVERIFY(std::abs(strongest().levelDbfs - 20.0 * std::log10(0.25)) < 0.05);
  picker->setCurrentIndex(1);
  QTRY_VERIFY_WITH_TIMEOUT(std::abs(strongest().frequencyHz - 1000.0) < 0.1, kWait);
  QVERIFY(std::abs(strongest().levelDbfs - 20.0 * std::log10(0.5)) < 0.05);
}

void SignalWorkspaceTest::aRawFileOpensWithItsLayout() {
  // Big-endian 16-bit, two interleaved channels, 8 kHz: 1000 frames.
  const QString path = folder_.filePath(QStringLiteral("samples.raw"));
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  for (int i = 0; i < 1000; ++i)
    for (qint16 value : {qint16(i), qint16(-i)}) {
      const char bytes[2] = {char((value >> 8) & 0xff), char(value & 0xff)};
      file.write(bytes, 2);
    }
  file.close();
  signal::SignalReadOptions options;
  options.raw = {signal::Encoding::Pcm16, true, 2, 8000.0};
  workspace_->openFile(path, options);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->current()->path == path, kWait);
  const signal::Signal& s = *workspace_->document()->current()->signal;
  QCOMPARE(s.frames(), std::size_t(1000));
  QCOMPARE(s.channelCount(), std::size_t(2));
  QCOMPARE(s.sampleRate, 8000.0);
  QCOMPARE(s.channels[0][999], 999.0f / 32768.0f);
  QCOMPARE(s.channels[1][999], -999.0f / 32768.0f);
  waitForAnalysis();
}

void SignalWorkspaceTest::theGeneratorMakesWhatItSays() {
  GeneratorDialog dialog;  // a sum of sines, 1000:0.5, 48 kHz, 2 s unless changed
  const signal::Signal s = dialog.generator()();
  QCOMPARE(s.frames(), std::size_t(96000));
  QCOMPARE(s.sampleRate, 48000.0);
  const auto [lo, hi] = std::minmax_element(s.channels[0].begin(), s.channels[0].end());
  QVERIFY(std::abs(*hi - 0.5f) < 1e-3f && std::abs(*lo + 0.5f) < 1e-3f);
  workspace_->document()->load(dialog.name(), {}, [make = dialog.generator()](const signal::ReadControl&) { return make(); });
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->current()->name == dialog.name(), kWait);
  waitForAnalysis();
  QVERIFY(std::abs(workspace_->document()->lastSpectrum()->peaks.front().frequencyHz - 1000.0) < 0.1);
}

void SignalWorkspaceTest::aTypedFftSizeGivesItsBins() {
  // The 1 kHz tone of the generator at 48 kHz, averaged over segments of 48000 points: 1 Hz bins,
  // the tone on bin 1000 exactly.
  if (!workspace_->document()->current()) theGeneratorMakesWhatItSays();
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

void SignalWorkspaceTest::cleanupTestCase() { window_.reset(); }

QTEST_MAIN(SignalWorkspaceTest)
#include "SignalWorkspaceTest.moc"
