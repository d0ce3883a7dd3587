// The live mode fed by the generated source, which delivers buffers in real time through the
// same analyser, engine jobs and views as a sound card: the spectrum's peak and level, the
// weighted band levels, a recording opened in the file mode, and a minute at 48 kHz stereo with a
// 4096-point FFT at 75% overlap without a dropped buffer.
#include "engine/EngineService.h"
#include "signal/GeneratedAudioInput.h"
#include "signal/LiveMode.h"
#include "signal/LivePanel.h"
#include "signal/LiveSpectrumPlot.h"
#include "signal/SignalDocument.h"
#include "signal/SignalWorkspace.h"

#include "signal/FrequencyWeighting.h"

#include <QComboBox>
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

// Bin-centred tones for a 4096-point FFT at 48 kHz: no scalloping, so the level reads exactly.
constexpr double kLow = 85 * 48000.0 / 4096;    // 996.09 Hz at -6.02 dBFS
constexpr double kHigh = 256 * 48000.0 / 4096;  // 3000 Hz at -26.02 dBFS

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

}  // namespace

class LiveAudioTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { service_ = std::make_unique<EngineService>(QString(), true); }
  void spectrumPeakLevelAndBands();
  void recordingOpensInFileMode();
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
  QTRY_VERIFY_WITH_TIMEOUT(live.analyser()->framesAnalysed() >= 90, 20000);  // two seconds: Fast has settled
  QTRY_VERIFY_WITH_TIMEOUT(live.framesDrawn() > 0, 5000);
  live.setFrozen(true);
  QTest::qWait(100);
  const double binWidth = 48000.0 / 4096;
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
  QVERIFY(live.analyser()->latencyMs() > 1000.0 * (1024 + 4096) / 48000.0);
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

void LiveAudioTest::noBufferDroppedOverSixtySeconds() {
  LiveMode live(service_.get());
  live.resize(1366, 768);
  live.show();
  useGeneratedTones(live);
  live.start();
  QTRY_VERIFY_WITH_TIMEOUT(live.isRunning() && live.analyser()->buffersReceived() > 0, 20000);
  const double cpuBefore = cpuSeconds();
  QElapsedTimer wall;
  wall.start();
  const quint64 drawnBefore = live.framesDrawn();
  double latencySum = 0.0, latencyMost = 0.0;
  int latencySamples = 0;
  while (wall.elapsed() < 60000) {
    QTest::qWait(500);
    latencySum += live.analyser()->latencyMs();
    latencyMost = std::max(latencyMost, live.analyser()->latencyMs());
    ++latencySamples;
  }
  const double seconds = double(wall.elapsed()) / 1000.0;
  const double cpu = cpuSeconds() - cpuBefore;
  qInfo("live audio over %.1f s: %.1f frames drawn a second, latency mean %.1f ms most %.1f ms, CPU %.0f%% of one core, "
        "%d dropped of %llu buffers, %llu frames analysed, backend %s",
        seconds, double(live.framesDrawn() - drawnBefore) / seconds, latencySum / latencySamples, latencyMost,
        100.0 * cpu / seconds, live.analyser()->droppedBuffers(), live.analyser()->buffersReceived(),
        live.analyser()->framesAnalysed(), qPrintable(live.analyser()->backend()));
  QCOMPARE(live.analyser()->droppedBuffers(), 0);
  const double expected = seconds * 48000.0 / 1024.0;
  QVERIFY2(double(live.analyser()->buffersReceived()) > 0.98 * expected, qPrintable(QString::number(live.analyser()->buffersReceived())));
  QVERIFY(live.analyser()->framesAnalysed() + 8 >= live.analyser()->buffersReceived());
  live.stop();
}

QTEST_MAIN(LiveAudioTest)
#include "LiveAudioTest.moc"
