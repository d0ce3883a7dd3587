// The Signal workspace's Live mode: a sound card or the generated signal analysed as it arrives.
// The views (level meter, spectrum, scrolling spectrogram, octave bands) are redrawn by a timer
// paced to the screen's refresh (deadlines a refresh period apart, a late one skips to the next)
// when new spectra have come; Freeze holds them while the analysis and any recording go on. The
// status line shows the latency (buffer + FFT length + processing up to the draw), the dropped
// buffers, the spectra and frames drawn a second and the transform's backend.
#pragma once

#include "signal/LiveAnalyser.h"
#include "widgets/MessageBar.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <deque>
#include <memory>

class QLabel;
class QPushButton;

namespace fftscope::gui {

class EngineService;
class GeneratedAudioInput;
class LevelMeterWidget;
class LiveBandsPlot;
class LivePanel;
class LiveSpectrogram;
class LiveSpectrumPlot;

class LiveMode : public QWidget {
  Q_OBJECT

 public:
  explicit LiveMode(EngineService* service, QWidget* parent = nullptr);
  ~LiveMode() override;

  LiveAnalyser* analyser() const { return analyser_; }
  LivePanel* panel() const { return panel_; }
  GeneratedAudioInput* generatedInput() const { return generated_; }
  LiveSpectrumPlot* spectrumPlot() const { return spectrum_; }
  LiveSpectrogram* spectrogram() const { return spectrogram_; }
  LiveBandsPlot* bandsPlot() const { return bands_; }
  LevelMeterWidget* levelMeter() const { return meter_; }
  MessageBar* messageBar() const { return messageBar_; }
  QLabel* statusLabel() const { return status_; }

  void start();
  void stop();
  bool isRunning() const { return analyser_->isRunning(); }
  void setFrozen(bool frozen);
  bool isFrozen() const { return frozen_; }
  void startRecording();
  // Writes the recording to `path` (a WAV, atomically); an empty string or the problem.
  QString finishRecording(const QString& path);
  double framesDrawnPerSecond() const;
  // The screen's refresh rate (60 where it reports none).
  double displayHz() const;
  quint64 framesDrawn() const { return drawn_; }

 signals:
  void recordingSaved(const QString& path);  // to be opened in the file mode

 private:
  QWidget* makeToolbar();
  void applySource();
  LiveSettings currentSettings() const;
  void scheduleDraw();
  void draw();
  void updateStatus();
  void chooseRecordingPath();

  LiveAnalyser* analyser_;
  GeneratedAudioInput* generated_;
  std::unique_ptr<LiveAudioInput> microphone_;
  LivePanel* panel_;
  LevelMeterWidget* meter_;
  LiveSpectrumPlot* spectrum_;
  LiveSpectrogram* spectrogram_;
  LiveBandsPlot* bands_;
  QWidget* views_ = nullptr;  // the meter and the plots
  MessageBar* messageBar_;
  QLabel* status_ = nullptr;
  QPushButton *startStop_ = nullptr, *freeze_ = nullptr, *record_ = nullptr;
  QTimer drawTimer_;
  QTimer statusTimer_;
  bool dirty_ = false;
  bool frozen_ = false;
  quint64 drawn_ = 0;
  qint64 nextDrawNs_ = 0;
  std::deque<qint64> drawTimes_;  // the last second's draws, for frames a second
};

}  // namespace fftscope::gui
