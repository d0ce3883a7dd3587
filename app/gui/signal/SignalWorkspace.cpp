#include "signal/SignalWorkspace.h"

#include "signal/AnalysisPanel.h"
#include "signal/GeneratorDialog.h"
#include "signal/LiveMode.h"
#include "signal/SignalDocument.h"
#include "signal/SignalExports.h"
#include "signal/SignalFilterPanel.h"
#include "signal/SignalOpenDialogs.h"
#include "signal/SignalPlayer.h"
#include "signal/SpectrogramView.h"
#include "signal/SpectrumPlot.h"
#include "signal/TimePlot.h"
#include "widgets/PlotExport.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace fftscope::gui {

SignalWorkspace::SignalWorkspace(EngineService* service, QWidget* parent)
    : QWidget(parent), document_(new SignalDocument(service, this)), player_(new SignalPlayer(this)),
      timePlot_(new TimePlot), spectrumPlot_(new SpectrumPlot), spectrogramView_(new SpectrogramView),
      analysisPanel_(new AnalysisPanel), filterPanel_(new SignalFilterPanel), messageBar_(new MessageBar),
      info_(new QLabel), live_(new LiveMode(service)) {
  setAcceptDrops(true);
  messageBar_->hide();
  info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  info_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // a long line must not widen the window

  auto* plots = new QSplitter(Qt::Vertical);
  plots->addWidget(timePlot_);
  plots->addWidget(spectrumPlot_);
  plots->addWidget(spectrogramView_);
  plots->setSizes({230, 330, 330});
  auto* controls = new QWidget;
  auto* controlLayout = new QVBoxLayout(controls);
  controlLayout->addWidget(analysisPanel_);
  controlLayout->addWidget(filterPanel_);
  controlLayout->addStretch();
  auto* scroll = new QScrollArea;
  scroll->setWidget(controls);
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setMinimumWidth(controls->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(plots);
  split->addWidget(scroll);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 0);

  auto* filePage = new QWidget;
  auto* fileLayout = new QVBoxLayout(filePage);
  fileLayout->setContentsMargins(0, 0, 0, 0);
  fileLayout->addWidget(makeToolbar());
  fileLayout->addWidget(messageBar_);
  fileLayout->addWidget(makeProgress());
  fileLayout->addWidget(split, 1);
  fileLayout->addWidget(info_);
  modes_ = new QStackedWidget;
  modes_->addWidget(filePage);
  modes_->addWidget(live_);
  modeTabs_ = new QTabBar;
  modeTabs_->addTab(tr("File"));
  modeTabs_->addTab(tr("Live"));
  modeTabs_->setToolTip(tr("File: a signal read or generated. Live: a sound card (or a generated signal) as it arrives"));
  connect(modeTabs_, &QTabBar::currentChanged, this, [this](int mode) { setLive(mode == 1); });
  // A recording opens in the file mode.
  connect(live_, &LiveMode::recordingSaved, this, [this](const QString& path) {
    setLive(false);
    openFile(path, {});
  });
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(modeTabs_);
  layout->addWidget(modes_, 1);

  document_->setSpectrumSettings(analysisPanel_->spectrumSettings());
  document_->setSpectrogramSettings(analysisPanel_->spectrogramSettings(document_->spectrogramSettings()));
  connect(analysisPanel_, &AnalysisPanel::spectrumSettingsChanged, this, [this] {
    document_->setMaxPeaks(analysisPanel_->maxPeaks());
    document_->setSpectrumSettings(analysisPanel_->spectrumSettings());
  });
  connect(analysisPanel_, &AnalysisPanel::spectrogramSettingsChanged, this, [this] {
    document_->setSpectrogramSettings(analysisPanel_->spectrogramSettings(document_->spectrogramSettings()));
  });
  connect(analysisPanel_, &AnalysisPanel::displayChanged, this, &SignalWorkspace::updateDisplay);
  connect(analysisPanel_, &AnalysisPanel::spectrogramSourceChanged, document_, &SignalDocument::setSpectrogramOfFiltered);
  connect(filterPanel_, &SignalFilterPanel::specEdited, document_, &SignalDocument::editFilter);
  connect(spectrumPlot_, &SpectrumPlot::notchRequested, filterPanel_, &SignalFilterPanel::addNotch);
  connect(timePlot_, &TimePlot::selectionChanged, this, [this](double from, double to) {
    const LoadedSignalPtr current = document_->current();
    if (!current) return;
    const double rate = current->signal->sampleRate;
    const auto first = std::size_t(std::lround(from * rate)), last = std::size_t(std::lround(to * rate));
    document_->setSelection(last > first + 1 ? SampleRange{first, last - first} : SampleRange{});
  });
  // The spectrogram shares the time plot's time axis.
  auto link = [this](QCPAxis* to) {
    return [this, to](const QCPRange& range) {
      if (linking_) return;
      linking_ = true;
      to->setRange(range);
      to->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
      linking_ = false;
    };
  };
  connect(timePlot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, link(spectrogramView_->xAxis));
  connect(spectrogramView_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, link(timePlot_->xAxis));

  connect(document_, &SignalDocument::loadStarted, this, [this](const QString& name) {
    progressLabel_->setText(tr("Reading %1…").arg(name));
    progress_->setValue(0);
    progressRow_->show();
  });
  connect(document_, &SignalDocument::loadProgress, this, [this](double f) { progress_->setValue(int(f * 1000)); });
  connect(document_, &SignalDocument::loaded, this, &SignalWorkspace::onLoaded);
  connect(document_, &SignalDocument::loadRefused, this, [this](const QString& message) {
    progressRow_->hide();
    messageBar_->showMessage(tr("Could not open the signal: %1").arg(message), MessageBar::Kind::Error);
    messageBar_->show();
  });
  connect(document_, &SignalDocument::loadCancelled, this, [this] {
    progressRow_->hide();
    messageBar_->showMessage(tr("Opening cancelled; the signal shown is unchanged."), MessageBar::Kind::Information);
    messageBar_->show();
  });
  connect(document_, &SignalDocument::filterSpecChanged, filterPanel_, &SignalFilterPanel::showSpec);
  connect(document_, &SignalDocument::filterSpecChanged, this, &SignalWorkspace::onFilterShown);
  connect(document_, &SignalDocument::filterShown, this, &SignalWorkspace::onFilterShown);
  connect(document_, &SignalDocument::spectrumShown, this, [this](SpectrumOutcomePtr outcome) {
    spectrumPlot_->showSpectrum(outcome);
    analysisPanel_->showTransformUsed(outcome->original);
    updateInfo();
    checkAnalysisShown();
  });
  connect(document_, &SignalDocument::spectrogramShown, this, [this](SpectrogramOutcomePtr outcome) {
    spectrogramView_->showSpectrogram(outcome);
    spectrogramView_->xAxis->setRange(timePlot_->xAxis->range());
    updateInfo();
    checkAnalysisShown();
  });
  connect(document_, &SignalDocument::analysisFailed, this, [this](const QString& message) {
    messageBar_->showMessage(message, MessageBar::Kind::Warning);
    messageBar_->show();
  });
  connect(player_, &SignalPlayer::positionChanged, timePlot_, &TimePlot::setPlayPosition);
  connect(player_, &SignalPlayer::message, this, [this](const QString& text) {
    messageBar_->showMessage(text, MessageBar::Kind::Information);
    messageBar_->show();
  });
  reportToWindow();
  updateDisplay();
  info_->setText(tr("Open a signal (audio, CSV or text, .npy, raw samples) or generate one. "
                    "Shift+drag on the time plot selects the range the spectrum analyses."));
}

SignalWorkspace::~SignalWorkspace() = default;

QUndoStack* SignalWorkspace::undoStack() const { return document_->undoStack(); }

void SignalWorkspace::setLive(bool live) {
  modeTabs_->setCurrentIndex(live ? 1 : 0);
  modes_->setCurrentIndex(live ? 1 : 0);
  if (!live) live_->stop();
}

bool SignalWorkspace::isLive() const { return modes_->currentIndex() == 1; }

QWidget* SignalWorkspace::makeToolbar() {
  auto* bar = new QWidget;
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  auto button = [row](const QString& text) {
    auto* b = new QPushButton(text);
    row->addWidget(b);
    return b;
  };
  connect(button(tr("Open…")), &QPushButton::clicked, this, &SignalWorkspace::chooseAndOpen);
  connect(button(tr("Generate…")), &QPushButton::clicked, this, &SignalWorkspace::chooseAndGenerate);
  row->addSpacing(12);
  row->addWidget(new QLabel(tr("Channel")));
  channel_ = new QComboBox;
  channel_->setMinimumContentsLength(10);
  row->addWidget(channel_);
  connect(channel_, &QComboBox::currentIndexChanged, this, &SignalWorkspace::onChannelChosen);
  connect(button(tr("Whole signal")), &QPushButton::clicked, this, [this] {
    timePlot_->setSelection(0.0, 0.0);
    timePlot_->showWhole();
    document_->setSelection({});
  });
  row->addSpacing(12);
  connect(button(tr("▶ Original")), &QPushButton::clicked, this, &SignalWorkspace::playOriginal);
  connect(button(tr("▶ Filtered")), &QPushButton::clicked, this, &SignalWorkspace::playFiltered);
  connect(button(tr("■ Stop")), &QPushButton::clicked, player_, &SignalPlayer::stop);
  row->addSpacing(12);
  QPushButton* undo = button(tr("Undo"));
  QPushButton* redo = button(tr("Redo"));
  connect(undo, &QPushButton::clicked, undoStack(), &QUndoStack::undo);
  connect(redo, &QPushButton::clicked, undoStack(), &QUndoStack::redo);
  connect(undoStack(), &QUndoStack::canUndoChanged, undo, &QWidget::setEnabled);
  connect(undoStack(), &QUndoStack::canRedoChanged, redo, &QWidget::setEnabled);
  undo->setEnabled(false);
  redo->setEnabled(false);
  auto* exports = new QToolButton;
  exports->setText(tr("Export"));
  exports->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(exports);
  menu->addAction(tr("Filtered audio…"), this, &SignalWorkspace::chooseAudioExport);
  menu->addAction(tr("Spectrum as CSV…"), this, &SignalWorkspace::chooseCsvExport);
  menu->addSeparator();
  menu->addAction(tr("Time plot image…"), this, [this] { chooseExport(timePlot_, QStringLiteral("time")); });
  menu->addAction(tr("Spectrum image…"), this, [this] { chooseExport(spectrumPlot_, QStringLiteral("spectrum")); });
  menu->addAction(tr("Spectrogram image…"), this, [this] { chooseExport(spectrogramView_, QStringLiteral("spectrogram")); });
  exports->setMenu(menu);
  row->addWidget(exports);
  row->addStretch();
  return bar;
}

QWidget* SignalWorkspace::makeProgress() {
  progressRow_ = new QWidget;
  auto* row = new QHBoxLayout(progressRow_);
  row->setContentsMargins(0, 0, 0, 0);
  progressLabel_ = new QLabel;
  progress_ = new QProgressBar;
  progress_->setRange(0, 1000);
  progress_->setTextVisible(false);
  auto* cancel = new QPushButton(tr("Cancel"));
  connect(cancel, &QPushButton::clicked, document_, &SignalDocument::cancelLoad);
  row->addWidget(progressLabel_);
  row->addWidget(progress_, 1);
  row->addWidget(cancel);
  progressRow_->hide();
  return progressRow_;
}

void SignalWorkspace::openFile(const QString& path) {
  const std::optional<signal::SignalReadOptions> options = askReadOptions(this, path);
  if (options) openFile(path, *options);
}

void SignalWorkspace::openFile(const QString& path, const signal::SignalReadOptions& options) {
  lastDirectory_ = QFileInfo(path).absolutePath();
  readOptions_[QFileInfo(path).absoluteFilePath()] = options;
  document_->openFile(path, options);
}

void SignalWorkspace::chooseAndOpen() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Signal"), lastDirectory_, signalFileFilter());
  if (!path.isEmpty()) openFile(path);
}

void SignalWorkspace::chooseAndGenerate() {
  GeneratorDialog dialog(this);
  if (dialog.exec() != QDialog::Accepted) return;
  try {
    auto make = dialog.generator();
    document_->load(dialog.name(), {}, [make](const signal::ReadControl&) { return make(); });
  } catch (const std::exception& error) {
    messageBar_->showMessage(QString::fromStdString(error.what()), MessageBar::Kind::Error);
    messageBar_->show();
  }
}

void SignalWorkspace::onLoaded(LoadedSignalPtr loaded) {
  progressRow_->hide();
  messageBar_->hide();
  player_->stop();
  {
    const QSignalBlocker block(channel_);
    channel_->clear();
    const std::size_t channels = loaded->signal->channelCount();
    channel_->addItem(channels > 1 ? tr("Mix of %1").arg(channels) : tr("Mono"), -1);
    if (channels > 1)
      for (std::size_t c = 0; c < channels; ++c) channel_->addItem(tr("Channel %1").arg(c + 1), int(c));
    channel_->setCurrentIndex(std::max(0, channel_->findData(document_->channel())));
  }
  // One transform of a long recording would take a while and much memory: average instead.
  if (loaded->signal->frames() > (std::size_t(1) << 22) && !analysisPanel_->welch()) {
    analysisPanel_->setWelch(true, 50.0);
    messageBar_->showMessage(tr("A long signal: the spectrum averages %1-point segments (Welch).")
                                 .arg(analysisPanel_->spectrumSettings().fftSize), MessageBar::Kind::Information);
    messageBar_->show();
  }
  timePlot_->setSelection(0.0, 0.0);
  timePlot_->showSignal(loaded->envelope(document_->channel()));
  filterPanel_->setSampleRate(loaded->signal->sampleRate);
  updateInfo();
  emit signalChanged(loaded);
}

void SignalWorkspace::onChannelChosen() {
  const LoadedSignalPtr current = document_->current();
  if (!current) return;
  document_->setChannel(channel_->currentData().toInt());
  timePlot_->showSignal(current->envelope(document_->channel()));
  onFilterShown();
}

void SignalWorkspace::onFilterShown() {
  const LoadedSignalPtr filtered = document_->filtered();
  timePlot_->showFiltered(filtered ? filtered->envelope(document_->channel()) : nullptr);
  SignalFilterOutcomePtr outcome = document_->lastFilter();
  if (document_->isFilterCurrent() && outcome && outcome->filtered)
    filterPanel_->setStatus(tr("Linear-phase FIR of %1 taps, applied by overlap-add.").arg(outcome->taps));
  else if (!document_->isFilterCurrent())
    filterPanel_->setStatus(tr("Filtering…"));
  else
    filterPanel_->setStatus(QString());
  checkAnalysisShown();
}

void SignalWorkspace::updateDisplay() {
  spectrumPlot_->setLogFrequency(analysisPanel_->logFrequency());
  spectrogramView_->setLogFrequency(analysisPanel_->spectrogramLogFrequency());
  spectrogramView_->setGradient(analysisPanel_->gradient());
  spectrogramView_->setLevels(analysisPanel_->topDb(), analysisPanel_->rangeDb());
}

void SignalWorkspace::updateInfo() {
  const LoadedSignalPtr current = document_->current();
  if (!current) return;
  const signal::Signal& s = *current->signal;
  QString text = tr("%1 — %2 Hz, %3 channel(s), %4 s, %5")
                     .arg(current->name).arg(s.sampleRate).arg(s.channelCount()).arg(s.seconds(), 0, 'f', 3)
                     .arg(QString::fromStdString(s.format.describe()));
  if (SpectrumOutcomePtr spectrum = document_->lastSpectrum()) {
    const signal::Spectrum& sp = spectrum->original;
    const bool whole = !analysisPanel_->welch() && sp.fftSize > analysisPanel_->spectrumSettings().fftSize;
    text += tr("   |   spectrum: %1 samples, FFT %2%3, %4 segment(s), %5, ENBW %6 bins")
                .arg(sp.segmentLength).arg(sp.fftSize).arg(whole ? tr(" (the whole selection, not averaged)") : QString())
                .arg(sp.segments)
                .arg(QString::fromStdString(signal::describe(sp.window))).arg(sp.metrics.enbwBins, 0, 'f', 3);
  }
  if (SpectrogramOutcomePtr gram = document_->lastSpectrogram())
    text += tr("   |   spectrogram: %1 in %2 ms").arg(gram->backend).arg(gram->computeMs, 0, 'f', 0);
  info_->setText(text);
  info_->setToolTip(text);
}

bool SignalWorkspace::isAnalysisCurrent() const {
  const SpectrumOutcomePtr spectrum = document_->lastSpectrum();
  return document_->current() && !document_->isLoading() && !document_->isAnalysisPending() && spectrum &&
         document_->lastSpectrogram() &&
         document_->isFilterCurrent() && (!document_->filtered() || spectrum->filtered);
}

void SignalWorkspace::checkAnalysisShown() {
  if (isAnalysisCurrent()) emit analysisShown();
}

void SignalWorkspace::playOriginal() {
  if (document_->current()) player_->play(document_->current()->signal, document_->selection());
}

void SignalWorkspace::playFiltered() {
  const LoadedSignalPtr filtered = document_->filtered();
  if (!filtered) {
    messageBar_->showMessage(tr("There is no filtered signal to play: choose a filter first."), MessageBar::Kind::Information);
    messageBar_->show();
    return;
  }
  player_->play(filtered->signal, document_->selection());
}

void SignalWorkspace::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile()) event->acceptProposedAction();
}

void SignalWorkspace::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.first().isLocalFile()) return;
  event->acceptProposedAction();
  openFile(urls.first().toLocalFile());
}

}  // namespace fftscope::gui
