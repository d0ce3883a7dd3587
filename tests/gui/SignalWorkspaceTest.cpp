// The Signal workspace's fixture, and opening signals: it renders offscreen; a half-scale 1 kHz
// sine reads -6.02 dBFS at 1000 Hz; bad files are refused while the signal stays; a cancelled load
// leaves the signal; stereo, raw and generated signals open as they say.
#include "SignalWorkspaceTest.h"

QString SignalWorkspaceTest::writeSine(const QString& name, signal::Encoding encoding) {
  signal::Signal sine = signal::sumOfSines({48000.0, 1.0}, {{1000.0, 0.5, 0.0}});
  const QString path = folder_.filePath(name);
  signal::writeAudio(sine, path.toStdString(), signal::SignalFormat{signal::Container::Wav, encoding, false});
  return path;
}

void SignalWorkspaceTest::waitForAnalysis() {
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isAnalysisCurrent(), kWait);
}

void SignalWorkspaceTest::applyBandStop() {
  signal::SignalFilterSpec spec;
  spec.base.kind = imaging::FilterKind::BandStop;
  spec.base.shape = imaging::FilterShape::Ideal;
  spec.base.cutoff = 800.0;
  spec.base.upperCutoff = 1200.0;
  workspace_->document()->editFilter(spec, QStringLiteral("Band-stop"));
  waitForAnalysis();
}

void SignalWorkspaceTest::initTestCase() {
  testing::isolateSettings();
  QVERIFY(folder_.isValid());
  sinePath_ = writeSine(QStringLiteral("sine-1k.wav"), signal::Encoding::Pcm24);
}

void SignalWorkspaceTest::init() {
  testing::forgetSettings();
  StartOptions options;
  options.workspace = QStringLiteral("signal");
  window_ = std::make_unique<MainWindow>(options);
  window_->resize(1366, 768);
  window_->show();
  QTRY_VERIFY_WITH_TIMEOUT(window_->engine()->isReady(), kWait);
  workspace_ = window_->signalWorkspace();
  QVERIFY(workspace_);
  workspace_->analysisPanel()->setWindow(signal::WindowKind::Hann);
  workspace_->openFile(sinePath_, {});
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->document()->current(), kWait);
  waitForAnalysis();
}

void SignalWorkspaceTest::cleanup() {
  workspace_ = nullptr;
  window_.reset();
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

QTEST_MAIN(SignalWorkspaceTest)
