#include "signal/SignalDocument.h"

#include "signal/SignalEngine.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QUndoCommand>
#include <QUndoStack>

namespace fftscope::gui {

namespace {

const QString kWorkspace = QStringLiteral("signal");

class FilterEditCommand : public QUndoCommand {
 public:
  FilterEditCommand(SignalDocument* document, signal::SignalFilterSpec before, signal::SignalFilterSpec after,
                    const QString& text)
      : QUndoCommand(text), document_(document), before_(std::move(before)), after_(std::move(after)) {}
  void undo() override { document_->applyFilterSpec(before_); }
  void redo() override { document_->applyFilterSpec(after_); }

 private:
  SignalDocument* document_;
  signal::SignalFilterSpec before_, after_;
};

}  // namespace

SignalDocument::SignalDocument(EngineService* service, QObject* parent)
    : QObject(parent),
      engine_(std::make_shared<SignalEngine>()),
      undoStack_(new QUndoStack(this)),
      loads_(service, kWorkspace),
      spectra_(service, kWorkspace),
      spectrograms_(service, kWorkspace),
      filters_(service, kWorkspace) {
  spectrogramSettings_.maxRows = 1600;  // about a screen's width of columns, whatever the length
  loads_.setKind(QStringLiteral("open"));
  spectra_.setKind(QStringLiteral("spectrum"));
  spectrograms_.setKind(QStringLiteral("spectrogram"));
  filters_.setKind(QStringLiteral("filter"));
  connect(&loads_, &RequestChannel::progress, this, [this](quint64, double fraction) { emit loadProgress(fraction); });
  connect(&loads_, &RequestChannel::failed, this, [this](quint64, const QString& message) {
    loading_ = false;
    emit loadRefused(message);
  });
  connect(&spectra_, &RequestChannel::failed, this, [this](quint64, const QString& message) {
    spectrumPending_ = false;
    emit analysisFailed(message);
  });
  connect(&spectrograms_, &RequestChannel::failed, this, [this](quint64, const QString& message) {
    spectrogramPending_ = false;
    emit analysisFailed(message);
  });
  connect(&filters_, &RequestChannel::failed, this, [this](quint64, const QString& message) { emit analysisFailed(message); });
}

SignalDocument::~SignalDocument() = default;

void SignalDocument::load(const QString& name, const QString& path, Reader reader) {
  const quint64 id = nextId_++;
  loading_ = true;
  emit loadStarted(name);
  loads_.post([this, id, name, path, reader = std::move(reader)](EngineRuntime&, const RequestTicket& ticket) {
    QElapsedTimer clock;
    clock.start();
    auto reported = std::make_shared<double>(-1.0);
    signal::ReadControl control;
    control.cancel = ticket.stopFlag();
    control.progress = [ticket, reported](double fraction) {
      if (fraction - *reported < 0.01 && fraction < 1.0) return;  // at most a hundred updates
      *reported = fraction;
      ticket.progress(fraction);
    };
    try {
      control.step(0.0);
      LoadedSignalPtr loaded = prepareSignal(reader(control), id, path, name);
      control.step(1.0);
      auto timed = std::make_shared<LoadedSignal>(*loaded);
      timed->loadMs = double(clock.nsecsElapsed()) / 1e6;
      ticket.deliver([this, timed] { onLoaded(timed); });
    } catch (const signal::CancelledError&) {
      ticket.deliver([this] {
        loading_ = false;
        emit loadCancelled();
      });
    }
  });
}

void SignalDocument::openFile(const QString& path, const signal::SignalReadOptions& options) {
  const std::string file = path.toStdString();
  load(QFileInfo(path).fileName(), path,
       [file, options](const signal::ReadControl& control) { return signal::readSignal(file, options, control); });
}

void SignalDocument::cancelLoad() { loads_.cancel(); }

void SignalDocument::onLoaded(LoadedSignalPtr signal) {
  loading_ = false;
  current_ = std::move(signal);
  lastFilter_.reset();
  selection_ = {};
  if (channel_ >= int(current_->signal->channelCount())) channel_ = -1;
  emit loaded(current_);
  requestFilter();
  requestSpectrum();
  requestSpectrogram();
}

LoadedSignalPtr SignalDocument::filtered() const {
  if (!filterDoesSomething(filterSpec_) || !isFilterCurrent()) return nullptr;
  return lastFilter_->filtered;
}

bool SignalDocument::isFilterCurrent() const {
  if (!current_) return false;
  if (!filterDoesSomething(filterSpec_)) return true;
  return lastFilter_ && lastFilter_->generation == generation_ && lastFilter_->signalId == current_->id;
}

void SignalDocument::setChannel(int channel) {
  if (channel == channel_) return;
  channel_ = channel;
  requestSpectrum();
  requestSpectrogram();
}

void SignalDocument::setSelection(SampleRange range) {
  selection_ = range;
  requestSpectrum();
}

void SignalDocument::setSpectrumSettings(const signal::SpectrumSettings& settings) {
  spectrumSettings_ = settings;
  requestSpectrum();
}

void SignalDocument::setSpectrogramSettings(const signal::SpectrogramSettings& settings) {
  spectrogramSettings_ = settings;
  requestSpectrogram();
}

void SignalDocument::setMaxPeaks(int peaks) {
  maxPeaks_ = peaks;
  requestSpectrum();
}

void SignalDocument::setSpectrogramOfFiltered(bool on) {
  if (on == spectrogramOfFiltered_) return;
  spectrogramOfFiltered_ = on;
  requestSpectrogram();
}

void SignalDocument::editFilter(const signal::SignalFilterSpec& spec, const QString& description) {
  undoStack_->push(new FilterEditCommand(this, filterSpec_, spec, description));
}

void SignalDocument::applyFilterSpec(const signal::SignalFilterSpec& spec) {
  filterSpec_ = spec;
  ++generation_;
  emit filterSpecChanged(filterSpec_);
  requestFilter();
  if (!filterDoesSomething(filterSpec_)) {
    requestSpectrum();  // drop the filtered trace
    if (spectrogramOfFiltered_) requestSpectrogram();
  }
}

void SignalDocument::requestSpectrum() {
  if (!current_) return;
  spectrumPending_ = true;
  spectra_.post([this, engine = engine_, original = current_, filteredSignal = filtered(), channel = channel_,
                 range = selection_, settings = spectrumSettings_,
                 peaks = std::size_t(maxPeaks_)](EngineRuntime&, const RequestTicket& ticket) {
    signal::ReadControl control;
    control.cancel = ticket.stopFlag();
    auto outcome = std::make_shared<SpectrumOutcome>(
        engine->spectrum(*original, filteredSignal.get(), channel, range, settings, peaks, control));
    outcome->requestId = ticket.id();
    ticket.deliver([this, outcome] {
      lastSpectrum_ = outcome;
      spectrumPending_ = false;
      emit spectrumShown(outcome);
    });
  });
}

void SignalDocument::requestSpectrogram() {
  if (!current_) return;
  spectrogramPending_ = true;
  const LoadedSignalPtr filteredSignal = spectrogramOfFiltered_ ? filtered() : nullptr;
  const SignalPtr source = filteredSignal ? filteredSignal->signal : current_->signal;
  spectrograms_.post([this, engine = engine_, original = source, ofFiltered = bool(filteredSignal), channel = channel_,
                      settings = spectrogramSettings_](EngineRuntime& runtime, const RequestTicket& ticket) {
    signal::ReadControl control;
    control.cancel = ticket.stopFlag();
    auto outcome = std::make_shared<SpectrogramOutcome>(engine->spectrogram(runtime, *original, channel, settings, control));
    outcome->ofFiltered = ofFiltered;
    ticket.deliver([this, outcome] {
      lastSpectrogram_ = outcome;
      spectrogramPending_ = false;
      emit spectrogramShown(outcome);
    });
  });
}

void SignalDocument::requestFilter() {
  if (!current_) return;
  if (!filterDoesSomething(filterSpec_)) {
    filters_.abandon();
    return;
  }
  filters_.post([this, engine = engine_, original = current_, spec = filterSpec_,
                 generation = generation_](EngineRuntime&, const RequestTicket& ticket) {
    signal::ReadControl control;
    control.cancel = ticket.stopFlag();
    auto outcome = std::make_shared<SignalFilterOutcome>(engine->filter(*original, spec, control));
    outcome->generation = generation;
    ticket.deliver([this, outcome] {
      lastFilter_ = outcome;
      emit filterShown(outcome);
      requestSpectrum();
      if (spectrogramOfFiltered_) requestSpectrogram();
    });
  });
}

}  // namespace fftscope::gui
