// The live mode's analysis, whatever the source: each buffer feeds the level meter and (while
// recording) the recording; the chosen channel (or the mix) is cut into frames of the FFT size at
// the chosen overlap or at a hop from the display's refresh, and the frames of each buffer go to
// the engine service as one job of one long request, so they appear in the Performance timeline.
// Answers come back in order and feed the averaged spectrum (amplitude dBFS, a full-scale sine
// reads 0), the spectrogram's rows and the weighted octave bands. A buffer that arrives while a second's worth of frames still waits
// for the engine is dropped and counted, as are the source's own overruns.
#pragma once

#include "engine/RequestChannel.h"
#include "signal/LiveAudioInput.h"
#include "signal/LiveTransform.h"

#include "signal/LevelMeter.h"
#include "signal/OctaveBands.h"
#include "signal/SpectrumAveraging.h"
#include "signal/TimeWeighting.h"

#include <QObject>
#include <QPointer>

#include <deque>

namespace fftscope::gui {

class EngineService;

// The defaults answer within a display frame or two: 1024 points (21 ms at 48 kHz) and a hop from
// the display's refresh, so that spectra arrive twice a displayed frame whatever the buffers'
// phase against the redraw timer. A chosen FFT size or overlap is kept (the latency grows with it).
struct LiveSettings {
  signal::WindowSpec window;
  std::size_t fftSize = 1024;
  double overlap = 0.75;     // used when the hop does not follow the display
  bool hopFromDisplay = true;
  double displayHz = 60.0;   // the screen's refresh rate
  int channel = -1;  // -1: the mix
  signal::LiveAveraging averaging = signal::LiveAveraging::None;
  double averagingSeconds = 0.5;
  int octaveFraction = 3;
  signal::FrequencyWeighting weighting = signal::FrequencyWeighting::A;
  signal::TimeWeightingKind timeWeighting = signal::TimeWeightingKind::Fast;
};

class LiveAnalyser : public QObject {
  Q_OBJECT

 public:
  explicit LiveAnalyser(EngineService* service, QObject* parent = nullptr);
  ~LiveAnalyser() override;

  // Not owned; replaces the one before (stopping it).
  void setInput(LiveAudioInput* input);
  LiveAudioInput* input() const { return input_; }
  // Bakes the transform first (a warm-up job), then starts the input; `started` or `failed` follow.
  void start(const LiveAudioFormat& format);
  void stop();
  bool isRunning() const { return running_; }

  void setSettings(const LiveSettings& settings);
  const LiveSettings& settings() const { return settings_; }
  void resetAveraging();

  void startRecording();
  bool isRecording() const { return recording_; }
  double recordedSeconds() const;
  // Writes what was recorded as a WAV (atomically); returns an empty string or the problem.
  QString stopRecording(const QString& path);

  // Samples between the starts of successive frames.
  std::size_t hop() const;
  // Sound to screen, called once the views have been redrawn with the latest spectra.
  void noteDrawn();

  // What the views show.
  double sampleRate() const { return rate_; }
  const std::vector<double>& spectrumDb() const { return spectrumDb_; }
  const std::vector<signal::OctaveBand>& bands() const { return bands_; }
  const std::vector<double>& bandDb() const { return bandDb_; }
  const std::vector<signal::ChannelLevel>& levels() const { return meter_.levels(); }
  // Rows (dBFS per bin) not yet taken by the spectrogram.
  std::vector<std::vector<float>> takeRows();
  // Buffer + FFT length + processing: the oldest sound of the frame drawn last, up to its draw.
  double latencyMs() const { return latencyMs_; }
  double bufferMs() const { return 1000.0 * double(format_.bufferFrames) / rate_; }
  double processingMs() const { return processingMs_; }
  int droppedBuffers() const { return dropped_ + (input_ ? input_->droppedBuffers() : 0); }
  quint64 framesAnalysed() const { return frames_; }
  quint64 buffersReceived() const { return buffers_; }
  const QString& backend() const { return backend_; }

 signals:
  void started();
  void failed(const QString& message);
  void analysed();  // new spectra arrived

 private:
  void onBuffer(AudioBufferPtr buffer);
  void onSpectra(const LiveSpectra& spectra);
  void rebuildBands();

  RequestChannel* channel_;
  RequestTicket ticket_;
  std::shared_ptr<LiveTransform> transform_;
  QPointer<LiveAudioInput> input_;
  LiveSettings settings_;
  LiveAudioFormat format_;
  double rate_ = 48000.0;
  bool running_ = false;
  quint64 session_ = 0;  // answers of an earlier start are ignored

  std::deque<float> fifo_;  // the analysed channel's samples not yet past a hop
  int pendingFrames_ = 0;
  int dropped_ = 0;
  quint64 frames_ = 0;
  quint64 buffers_ = 0;

  signal::LevelMeter meter_;
  signal::SpectrumAveraging averaging_;
  signal::TimeWeightingBank bandWeighting_;
  std::vector<signal::OctaveBand> bands_;
  std::vector<double> spectrumDb_;
  std::vector<double> bandDb_;
  std::vector<std::vector<float>> rows_;
  double latencyMs_ = 0.0;
  double processingMs_ = 0.0;
  qint64 resultNs_ = 0;  // when the buffer that completed the latest spectrum was at hand
  std::size_t resultSize_ = 0;
  QString backend_;

  bool recording_ = false;
  std::vector<std::vector<float>> recorded_;
};

}  // namespace fftscope::gui
