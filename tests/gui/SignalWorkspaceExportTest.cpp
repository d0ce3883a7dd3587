// The Signal workspace's outputs: plots, the spectrum and the filtered audio export; without an
// audio device, playing gives a message.
#include "SignalWorkspaceTest.h"

void SignalWorkspaceTest::plotsSpectrumAndAudioExport() {
  applyBandStop();  // the exported audio is the filtered signal: the tone taken out
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
