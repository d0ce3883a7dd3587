#include "signal/LiveMode.h"

#include "signal/GeneratedAudioInput.h"
#include "signal/LevelMeterWidget.h"
#include "signal/LiveBandsPlot.h"
#include "signal/LivePanel.h"
#include "signal/LiveSpectrogram.h"
#include "signal/LiveSpectrumPlot.h"
#include "signal/MicrophoneInput.h"

#include "signal/Overlap.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace fftscope::gui {

LiveMode::LiveMode(EngineService* service, QWidget* parent)
    : QWidget(parent), analyser_(new LiveAnalyser(service, this)), generated_(new GeneratedAudioInput(this)),
      panel_(new LivePanel), meter_(new LevelMeterWidget), spectrum_(new LiveSpectrumPlot),
      spectrogram_(new LiveSpectrogram), bands_(new LiveBandsPlot), messageBar_(new MessageBar) {
  messageBar_->hide();
  auto* plots = new QSplitter(Qt::Vertical);
  plots->addWidget(spectrum_);
  plots->addWidget(spectrogram_);
  plots->addWidget(bands_);
  plots->setSizes({330, 220, 220});
  auto* left = new QWidget;
  views_ = left;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(meter_);
  leftLayout->addWidget(plots, 1);
  auto* scroll = new QScrollArea;
  scroll->setWidget(panel_);
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setMinimumWidth(panel_->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(left);
  split->addWidget(scroll);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 0);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(makeToolbar());
  layout->addWidget(messageBar_);
  layout->addWidget(split, 1);

  if (!panel_->hasDevices()) {
    messageBar_->showMessage(tr("No audio input device was found: the generated signal plays through the same "
                                "analysis instead."),
                             MessageBar::Kind::Information);
    messageBar_->show();
  }
  analyser_->setSettings(currentSettings());
  applySource();
  connect(panel_, &LivePanel::settingsChanged, this, [this] {
    const LiveSettings before = analyser_->settings();
    analyser_->setSettings(currentSettings());
    if (before.fftSize != analyser_->settings().fftSize && isRunning()) start();  // bake the new size first
    dirty_ = true;
  });
  connect(panel_, &LivePanel::sourceChanged, this, [this] {
    const bool running = isRunning();
    stop();
    applySource();
    if (running) start();
  });
  connect(panel_, &LivePanel::resetAveraging, analyser_, &LiveAnalyser::resetAveraging);
  connect(analyser_, &LiveAnalyser::analysed, this, [this] { dirty_ = true; });
  connect(analyser_, &LiveAnalyser::started, this, [this] {
    startStop_->setText(tr("■ Stop"));
    updateStatus();
  });
  connect(analyser_, &LiveAnalyser::failed, this, [this](const QString& message) {
    startStop_->setText(tr("▶ Start"));
    messageBar_->showMessage(tr("Live input stopped: %1").arg(message), MessageBar::Kind::Warning);
    messageBar_->show();
  });
  drawTimer_.setTimerType(Qt::PreciseTimer);
  drawTimer_.setSingleShot(true);
  connect(&drawTimer_, &QTimer::timeout, this, [this] {
    draw();
    scheduleDraw();
  });
  connect(&statusTimer_, &QTimer::timeout, this, &LiveMode::updateStatus);
  statusTimer_.start(250);
}

LiveMode::~LiveMode() { analyser_->setInput(nullptr); }

QWidget* LiveMode::makeToolbar() {
  auto* bar = new QWidget;
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  startStop_ = new QPushButton(tr("▶ Start"));
  freeze_ = new QPushButton(tr("Freeze"));
  freeze_->setCheckable(true);
  freeze_->setToolTip(tr("Hold the views; the analysis and any recording go on"));
  record_ = new QPushButton(tr("● Record"));
  record_->setCheckable(true);
  record_->setToolTip(tr("Record the input; when stopped it is saved as WAV and opened in the file mode"));
  status_ = new QLabel;
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  row->addWidget(startStop_);
  row->addWidget(freeze_);
  row->addWidget(record_);
  row->addSpacing(12);
  row->addWidget(status_, 1);
  connect(startStop_, &QPushButton::clicked, this, [this] { isRunning() ? stop() : start(); });
  connect(freeze_, &QPushButton::toggled, this, &LiveMode::setFrozen);
  connect(record_, &QPushButton::toggled, this, [this](bool on) {
    if (on) startRecording();
    else chooseRecordingPath();
  });
  return bar;
}

void LiveMode::applySource() {
  if (const std::optional<QAudioDevice> device = panel_->device()) {
    microphone_ = std::make_unique<MicrophoneInput>(*device);
    analyser_->setInput(microphone_.get());
  } else {
    analyser_->setInput(generated_);
    microphone_.reset();
  }
}

void LiveMode::start() {
  messageBar_->hide();
  spectrogram_->clear();
  analyser_->setSettings(currentSettings());
  analyser_->start(panel_->format());
  startStop_->setText(tr("Starting…"));
  nextDrawNs_ = liveClockNs();
  scheduleDraw();
}

double LiveMode::displayHz() const {
  const QScreen* shown = screen();
  const double hz = shown ? shown->refreshRate() : 0.0;
  return hz >= 20.0 && hz <= 500.0 ? hz : 60.0;
}

LiveSettings LiveMode::currentSettings() const {
  LiveSettings settings = panel_->settings();
  settings.displayHz = displayHz();
  return settings;
}

void LiveMode::scheduleDraw() {
  // Deadlines a refresh period apart keep the mean rate at the refresh although the timer counts
  // whole milliseconds; after a stall the missed frames are skipped, not drawn in a burst.
  const double hz = displayHz();
  if (hz != analyser_->settings().displayHz) analyser_->setSettings(currentSettings());  // moved to another screen
  const qint64 period = qint64(1e9 / hz);
  const qint64 now = liveClockNs();
  nextDrawNs_ += period;
  if (nextDrawNs_ <= now) nextDrawNs_ = now + period - (now - nextDrawNs_) % period;
  drawTimer_.start(int((nextDrawNs_ - now + 999999) / 1000000));
}

void LiveMode::stop() {
  analyser_->stop();
  drawTimer_.stop();
  startStop_->setText(tr("▶ Start"));
  if (record_->isChecked()) record_->setChecked(false);
  updateStatus();
}

void LiveMode::setFrozen(bool frozen) {
  frozen_ = frozen;
  if (freeze_->isChecked() != frozen) freeze_->setChecked(frozen);
}

void LiveMode::startRecording() {
  analyser_->startRecording();
  if (!record_->isChecked()) {
    const QSignalBlocker block(record_);
    record_->setChecked(true);
  }
}

QString LiveMode::finishRecording(const QString& path) {
  if (record_->isChecked()) {
    const QSignalBlocker block(record_);
    record_->setChecked(false);
  }
  const QString problem = analyser_->stopRecording(path);
  if (problem.isEmpty()) emit recordingSaved(path);
  return problem;
}

void LiveMode::chooseRecordingPath() {
  if (!analyser_->isRecording()) return;
  const QString folder = QStandardPaths::writableLocation(QStandardPaths::MusicLocation);
  const QString suggested = QDir(folder.isEmpty() ? QDir::homePath() : folder)
                                .filePath(QStringLiteral("live-%1.wav").arg(QDateTime::currentDateTime().toString("yyyyMMdd-HHmmss")));
  const QString path = QFileDialog::getSaveFileName(this, tr("Save Recording"), suggested, tr("WAV audio (*.wav)"));
  if (path.isEmpty()) {
    analyser_->stopRecording({});
    messageBar_->showMessage(tr("Recording discarded."), MessageBar::Kind::Information);
    messageBar_->show();
    return;
  }
  const QString problem = finishRecording(path);
  if (!problem.isEmpty()) {
    messageBar_->showMessage(tr("Could not save the recording: %1").arg(problem), MessageBar::Kind::Error);
    messageBar_->show();
  }
}

void LiveMode::draw() {
  if (!dirty_) return;
  dirty_ = false;
  std::vector<std::vector<float>> rows = analyser_->takeRows();
  if (frozen_) return;
  meter_->showLevels(analyser_->levels());
  spectrum_->showSpectrum(analyser_->spectrumDb(), analyser_->sampleRate());
  spectrum_->replot(QCustomPlot::rpQueuedRefresh);
  spectrogram_->addRows(rows, analyser_->sampleRate());
  bands_->showBands(analyser_->bands(), analyser_->bandDb(), panel_->weightingUnit());
  bands_->replot(QCustomPlot::rpQueuedRefresh);
  // One paint and one flush to the screen for all the views, before the latency is taken.
  views_->repaint();
  analyser_->noteDrawn();
  ++drawn_;
  const qint64 now = liveClockNs();
  drawTimes_.push_back(now);
  while (!drawTimes_.empty() && drawTimes_.front() < now - 1000000000) drawTimes_.pop_front();
}

double LiveMode::framesDrawnPerSecond() const { return double(drawTimes_.size()); }

void LiveMode::updateStatus() {
  if (!isRunning()) {
    status_->setText(tr("Stopped. Source: %1").arg(analyser_->input() ? analyser_->input()->name() : QString()));
    return;
  }
  const LiveAudioFormat format = analyser_->input()->format();
  const double rate = analyser_->sampleRate();
  const std::size_t n = analyser_->settings().fftSize;
  QString text = tr("%1 · %2 Hz × %3 · latency %4 ms (buffer %5 + FFT %6 + processing %7) · dropped %8 · "
                     "%9 spectra/s · %10 frames/s drawn · %11")
                     .arg(analyser_->input()->name())
                     .arg(format.sampleRate)
                     .arg(format.channels)
                     .arg(analyser_->latencyMs(), 0, 'f', 0)
                     .arg(analyser_->bufferMs(), 0, 'f', 1)
                     .arg(1000.0 * double(n) / rate, 0, 'f', 1)
                     .arg(analyser_->processingMs(), 0, 'f', 1)
                     .arg(analyser_->droppedBuffers())
                     .arg(rate / double(analyser_->hop()), 0, 'f', 0)
                     .arg(framesDrawnPerSecond(), 0, 'f', 0)
                     .arg(analyser_->backend());
  if (analyser_->isRecording()) text += tr(" · recording %1 s").arg(analyser_->recordedSeconds(), 0, 'f', 1);
  if (frozen_) text += tr(" · frozen");
  status_->setText(text);
}

}  // namespace fftscope::gui
