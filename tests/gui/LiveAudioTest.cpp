// The live mode fed by the generated source, which delivers buffers in real time through the
// same analyser, engine jobs and views as a sound card: the spectrum's peak and level, the
// weighted band levels, a recording opened in the file mode, a minute with the defaults (a
// 1024-point FFT, buffers of 256 frames, a hop from the display's refresh) and a minute at 48 kHz
// stereo with a 4096-point FFT at 75% overlap, each without a dropped buffer.
#include "engine/EngineService.h"
#include "signal/GeneratedAudioInput.h"
#include "signal/LiveMode.h"
#include "signal/LivePanel.h"
#include "signal/LiveSpectrumPlot.h"
#include "signal/SignalDocument.h"
#include "signal/SignalWorkspace.h"

#include "signal/FrequencyWeighting.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

#include <cmath>
#include <memory>
#include <numbers>

using namespace fftscope::gui;
using fftscope::signal::FrequencyWeighting;

namespace {

// Bin-centred tones for 1024- and 4096-point FFTs at 48 kHz: no scalloping, so the level reads exactly.
constexpr double kLow = 21 * 48000.0 / 1024;   // 984.375 Hz at -6.02 dBFS
constexpr double kHigh = 64 * 48000.0 / 1024;  // 3000 Hz at -26.02 dBFS

void useGeneratedTones(LiveMode& live) {
  QComboBox* source = live.panel()->sourcePicker();
  source->setCurrentIndex(source->count() - 1);
  live.generatedInput()->setSource(
      [](int, double t) {
        return float(0.5 * std::sin(2.0 * std::numbers::pi * kLow * t) + 0.05 * std::sin(2.0 * std::numbers::pi * kHigh * t));
      },
      QStringLiteral("test tones"));
}

double cpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

// A minute of the live mode at 1366 x 768, as docs/performance.md records it.
struct Minute {
  double seconds = 0.0;
  double drawnPerSecond = 0.0;
  double spectraPerSecond = 0.0;
  double latencyMean = 0.0;
  double latencyMost = 0.0;
};

void runMinute(LiveMode& live, const char* what, Minute& minute) {
  live.start();
  QTRY_VERIFY_WITH_TIMEOUT(live.isRunning() && live.analyser()->buffersReceived() > 0, 20000);
  const double cpuBefore = cpuSeconds();
  QElapsedTimer wall;
  wall.start();
  const quint64 drawnBefore = live.framesDrawn();
  const quint64 analysedBefore = live.analyser()->framesAnalysed();
  int latencySamples = 0;
  while (wall.elapsed() < 60000) {
    // A real event loop, as in the application: QTest::qWait sleeps 10 ms between its passes.
    QEventLoop loop;
    QTimer::singleShot(500, &loop, &QEventLoop::quit);
    loop.exec();
    minute.latencyMean += live.analyser()->latencyMs();
    minute.latencyMost = std::max(minute.latencyMost, live.analyser()->latencyMs());
    ++latencySamples;
  }
  minute.seconds = double(wall.elapsed()) / 1000.0;
  minute.latencyMean /= latencySamples;
  minute.drawnPerSecond = double(live.framesDrawn() - drawnBefore) / minute.seconds;
  minute.spectraPerSecond = double(live.analyser()->framesAnalysed() - analysedBefore) / minute.seconds;
  const double cpu = cpuSeconds() - cpuBefore;
  qInfo("live audio, %s, display %.0f Hz, over %.1f s: %.1f frames drawn a second, %.1f spectra a second, latency mean %.1f ms "
        "most %.1f ms, CPU %.0f%% of one core, %d dropped of %llu buffers, backend %s",
        what, live.displayHz(), minute.seconds, minute.drawnPerSecond, minute.spectraPerSecond, minute.latencyMean,
        minute.latencyMost, 100.0 * cpu / minute.seconds, live.analyser()->droppedBuffers(),
        live.analyser()->buffersReceived(), qPrintable(live.analyser()->backend()));
}

void verifyNoneDropped(LiveMode& live, const Minute& minute) {
  QCOMPARE(live.analyser()->droppedBuffers(), 0);
  const double expected = minute.seconds * 48000.0 / live.analyser()->input()->format().bufferFrames;
  QVERIFY2(double(live.analyser()->buffersReceived()) > 0.98 * expected, qPrintable(QString::number(live.analyser()->buffersReceived())));
}

}  // namespace

class LiveAudioTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { service_ = std::make_unique<EngineService>(QString(), true); }
  void spectrumPeakLevelAndBands();
  void recordingOpensInFileMode();
  void defaultsDrawAtDisplayRefresh();
  void noBufferDroppedOverSixtySeconds();

 private:
  std::unique_ptr<EngineService> service_;
};

void LiveAudioTest::spectrumPeakLevelAndBands() {
  LiveMode live(service_.get());
  live.resize(1200, 800);
  live.show();
  useGeneratedTones(live);
  live.start();
  // The defaults: 1024 points, two spectra a displayed frame.
  QCOMPARE(live.analyser()->settings().fftSize, std::size_t(1024));
  QCOMPARE(live.analyser()->hop(), std::size_t(48000.0 / (2.0 * live.displayHz())));
  QTRY_VERIFY_WITH_TIMEOUT(live.isRunning(), 20000);
  const quint64 twoSeconds = 2 * 48000 / live.analyser()->hop();  // Fast has settled
  QTRY_VERIFY_WITH_TIMEOUT(live.analyser()->framesAnalysed() >= twoSeconds, 20000);
  QTRY_VERIFY_WITH_TIMEOUT(live.framesDrawn() > 0, 5000);
  live.setFrozen(true);
  QTest::qWait(100);
  const double binWidth = 48000.0 / 1024;
  QVERIFY2(std::abs(live.spectrumPlot()->peakHertz() - kLow) < binWidth / 2, qPrintable(QString::number(live.spectrumPlot()->peakHertz())));
  QVERIFY2(std::abs(live.spectrumPlot()->peakDb() - 20 * std::log10(0.5)) < 0.05, qPrintable(QString::number(live.spectrumPlot()->peakDb())));
  const auto& bands = live.analyser()->bands();
  const auto& levels = live.analyser()->bandDb();
  auto levelAt = [&](double hertz) {
    for (std::size_t b = 0; b < bands.size(); ++b)
      if (bands[b].low <= hertz && hertz < bands[b].high) return levels[b];
    return -999.0;
  };
  // A weighting, Fast: each tone's band reads its level plus the weighting (class 1 at 1 kHz: 1.1 dB).
  const double low = 20 * std::log10(0.5) + fftscope::signal::weightingDb(FrequencyWeighting::A, kLow);
  const double high = 20 * std::log10(0.05) + fftscope::signal::weightingDb(FrequencyWeighting::A, kHigh);
  QVERIFY2(std::abs(levelAt(kLow) - low) < 0.3, qPrintable(QString::number(levelAt(kLow))));
  QVERIFY2(std::abs(levelAt(kHigh) - high) < 0.3, qPrintable(QString::number(levelAt(kHigh))));
  QVERIFY(levelAt(200.0) < -60.0);
  QCOMPARE(live.analyser()->droppedBuffers(), 0);
  QVERIFY(live.analyser()->latencyMs() > 1000.0 * (256 + 1024) / 48000.0);
  live.stop();
}

void LiveAudioTest::recordingOpensInFileMode() {
  QTemporaryDir folder;
  SignalWorkspace workspace(service_.get());
  workspace.resize(1200, 800);
  workspace.show();
  workspace.setLive(true);
  LiveMode& live = *workspace.liveMode();
  useGeneratedTones(live);
  live.start();
  QTRY_VERIFY_WITH_TIMEOUT(live.isRunning() && live.analyser()->buffersReceived() > 0, 20000);
  live.startRecording();
  QTRY_VERIFY_WITH_TIMEOUT(live.analyser()->recordedSeconds() >= 0.5, 10000);
  QSignalSpy loaded(workspace.document(), &SignalDocument::loaded);
  const QString path = folder.filePath(QStringLiteral("take.wav"));
  QCOMPARE(live.finishRecording(path), QString());
  QVERIFY(QFileInfo::exists(path));
  QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
  QVERIFY(!workspace.isLive());
  const LoadedSignalPtr signal = workspace.document()->current();
  QCOMPARE(signal->signal->sampleRate, 48000.0);
  QCOMPARE(signal->signal->channelCount(), std::size_t(2));
  QVERIFY(signal->signal->seconds() >= 0.5);
  QVERIFY(QDir(folder.path()).entryList(QDir::Files).size() == 1);  // no temporary left
}

void LiveAudioTest::defaultsDrawAtDisplayRefresh() {
  LiveMode live(service_.get());
  live.resize(1366, 768);
  live.show();
  useGeneratedTones(live);
  Minute minute;
  runMinute(live, "defaults", minute);
  if (QTest::currentTestFailed()) return;
  verifyNoneDropped(live, minute);
  // Two new spectra a displayed frame, and the views drawn at the refresh, never above it (a
  // loaded machine's GUI thread misses some frames). The latency's fixed part is 5.3 + 21.3 ms;
  // the rest is waiting for the threads and the next frame, so the bound leaves a busy machine
  // room while still failing the 4096-point defaults' 111 ms.
  QVERIFY2(minute.spectraPerSecond > 0.97 * 2.0 * live.displayHz(), qPrintable(QString::number(minute.spectraPerSecond)));
  QVERIFY2(minute.drawnPerSecond > 0.75 * live.displayHz(), qPrintable(QString::number(minute.drawnPerSecond)));
  QVERIFY2(minute.drawnPerSecond < 1.02 * live.displayHz(), qPrintable(QString::number(minute.drawnPerSecond)));
  QVERIFY2(minute.latencyMean < 75.0, qPrintable(QString::number(minute.latencyMean)));
  live.stop();
}

void LiveAudioTest::noBufferDroppedOverSixtySeconds() {
  LiveMode live(service_.get());
  live.resize(1366, 768);
  live.show();
  useGeneratedTones(live);
  LivePanel* panel = live.panel();
  panel->fftSizePicker()->setCurrentIndex(panel->fftSizePicker()->findData(4096));
  panel->hopFromDisplayBox()->setChecked(false);
  panel->overlapBox()->setValue(75.0);
  QCOMPARE(live.analyser()->settings().fftSize, std::size_t(4096));
  QCOMPARE(live.analyser()->hop(), std::size_t(1024));
  Minute minute;
  runMinute(live, "4096 points at 75%", minute);
  if (QTest::currentTestFailed()) return;
  verifyNoneDropped(live, minute);
  QVERIFY(live.analyser()->framesAnalysed() + 8 >= live.analyser()->buffersReceived() / 4);
  // The chosen size is honoured and its length shows in the latency.
  QVERIFY(minute.latencyMean > 1000.0 * (256 + 4096) / 48000.0);
  live.stop();
}

QTEST_MAIN(LiveAudioTest)
#include "LiveAudioTest.moc"
