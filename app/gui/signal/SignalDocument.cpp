#include "signal/SignalDocument.h"

#include "engine/EngineService.h"
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

// Sends a result to the document on the GUI thread, if it is still there.
template <typename Deliver>
void toGui(const QPointer<SignalDocument>& document, Deliver deliver) {
  QMetaObject::invokeMethod(document.data(), [document, deliver = std::move(deliver)]() mutable {
    if (document) deliver(document.data());
  }, Qt::QueuedConnection);
}

}  // namespace

SignalDocument::SignalDocument(EngineService* service, QObject* parent)
    : QObject(parent), service_(service), engine_(std::make_shared<SignalEngine>()), undoStack_(new QUndoStack(this)) {
  spectrogramSettings_.maxRows = 1600;  // about a screen's width of columns, whatever the length
}

SignalDocument::~SignalDocument() {
  for (Flag* flag : {&loadCancel_, &spectrumCancel_, &spectrogramCancel_, &filterCancel_})
    if (*flag) (*flag)->store(true);
}

SignalDocument::Flag SignalDocument::supersede(Flag& current) {
  if (current) current->store(true);
  current = std::make_shared<std::atomic<bool>>(false);
  return current;
}

void SignalDocument::load(const QString& name, const QString& path, Reader reader) {
  if (!service_) return;
  const Flag cancel = supersede(loadCancel_);
  const quint64 id = nextId_++;
  loading_ = true;
  emit loadStarted(name);
  QPointer<SignalDocument> self(this);
  service_->post(kWorkspace, id, [self, cancel, id, name, path, reader = std::move(reader)](EngineRuntime&) {
    QElapsedTimer clock;
    clock.start();
    auto reported = std::make_shared<double>(-1.0);
    signal::ReadControl control;
    control.cancel = cancel.get();
    control.progress = [self, reported](double fraction) {
      if (fraction - *reported < 0.01 && fraction < 1.0) return;  // at most a hundred updates
      *reported = fraction;
      toGui(self, [fraction](SignalDocument* d) { emit d->loadProgress(fraction); });
    };
    try {
      control.step(0.0);
      LoadedSignalPtr loaded = prepareSignal(reader(control), id, path, name);
      control.step(1.0);
      auto timed = std::make_shared<LoadedSignal>(*loaded);
      timed->loadMs = double(clock.nsecsElapsed()) / 1e6;
      toGui(self, [timed, cancel](SignalDocument* d) {
        if (cancel.get() != d->loadCancel_.get()) return;  // a newer load took over
        d->onLoaded(timed);
      });
    } catch (const signal::CancelledError&) {
      toGui(self, [cancel](SignalDocument* d) {
        if (cancel.get() != d->loadCancel_.get()) return;
        d->loading_ = false;
        emit d->loadCancelled();
      });
    } catch (const std::exception& error) {
      const QString message = QString::fromStdString(error.what());
      toGui(self, [cancel, message](SignalDocument* d) {
        if (cancel.get() != d->loadCancel_.get()) return;
        d->loading_ = false;
        emit d->loadRefused(message);
      });
    }
  });
}

void SignalDocument::openFile(const QString& path, const signal::SignalReadOptions& options) {
  const std::string file = path.toStdString();
  load(QFileInfo(path).fileName(), path,
       [file, options](const signal::ReadControl& control) { return signal::readSignal(file, options, control); });
}

void SignalDocument::cancelLoad() {
  if (loadCancel_) loadCancel_->store(true);
}

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
  if (!current_ || !service_) return;
  const Flag cancel = supersede(spectrumCancel_);
  spectrumPending_ = true;
  QPointer<SignalDocument> self(this);
  service_->post(kWorkspace, 0,
                 [self, cancel, engine = engine_, original = current_, filteredSignal = filtered(), channel = channel_,
                  range = selection_, settings = spectrumSettings_, peaks = std::size_t(maxPeaks_)](EngineRuntime&) {
                   if (cancel->load()) return;
                   signal::ReadControl control;
                   control.cancel = cancel.get();
                   try {
                     auto outcome = std::make_shared<SpectrumOutcome>(
                         engine->spectrum(*original, filteredSignal.get(), channel, range, settings, peaks, control));
                     toGui(self, [outcome, cancel](SignalDocument* d) {
                       if (cancel->load()) return;
                       d->lastSpectrum_ = outcome;
                       d->spectrumPending_ = false;
                       emit d->spectrumShown(outcome);
                     });
                   } catch (const signal::CancelledError&) {
                   } catch (const std::exception& error) {
                     const QString message = QString::fromStdString(error.what());
                     toGui(self, [message, cancel](SignalDocument* d) {
                       if (cancel->load()) return;
                       d->spectrumPending_ = false;
                       emit d->analysisFailed(message);
                     });
                   }
                 });
}

void SignalDocument::requestSpectrogram() {
  if (!current_ || !service_) return;
  const Flag cancel = supersede(spectrogramCancel_);
  spectrogramPending_ = true;
  QPointer<SignalDocument> self(this);
  const LoadedSignalPtr filteredSignal = spectrogramOfFiltered_ ? filtered() : nullptr;
  const SignalPtr source = filteredSignal ? filteredSignal->signal : current_->signal;
  service_->post(kWorkspace, 0,
                 [self, cancel, engine = engine_, original = source, ofFiltered = bool(filteredSignal), channel = channel_,
                  settings = spectrogramSettings_](EngineRuntime& runtime) {
                   if (cancel->load()) return;
                   signal::ReadControl control;
                   control.cancel = cancel.get();
                   try {
                     auto outcome =
                         std::make_shared<SpectrogramOutcome>(engine->spectrogram(runtime, *original, channel, settings, control));
                     outcome->ofFiltered = ofFiltered;
                     toGui(self, [outcome, cancel](SignalDocument* d) {
                       if (cancel->load()) return;
                       d->lastSpectrogram_ = outcome;
                       d->spectrogramPending_ = false;
                       emit d->spectrogramShown(outcome);
                     });
                   } catch (const signal::CancelledError&) {
                   } catch (const std::exception& error) {
                     const QString message = QString::fromStdString(error.what());
                     toGui(self, [message, cancel](SignalDocument* d) {
                       if (cancel->load()) return;
                       d->spectrogramPending_ = false;
                       emit d->analysisFailed(message);
                     });
                   }
                 });
}

void SignalDocument::requestFilter() {
  if (!current_ || !service_) return;
  const Flag cancel = supersede(filterCancel_);
  if (!filterDoesSomething(filterSpec_)) return;
  QPointer<SignalDocument> self(this);
  service_->post(kWorkspace, generation_,
                 [self, cancel, engine = engine_, original = current_, spec = filterSpec_,
                  generation = generation_](EngineRuntime&) {
                   if (cancel->load()) return;
                   signal::ReadControl control;
                   control.cancel = cancel.get();
                   try {
                     auto outcome = std::make_shared<SignalFilterOutcome>(engine->filter(*original, spec, control));
                     outcome->generation = generation;
                     toGui(self, [outcome, cancel](SignalDocument* d) {
                       if (cancel->load()) return;
                       d->lastFilter_ = outcome;
                       emit d->filterShown(outcome);
                       d->requestSpectrum();
                       if (d->spectrogramOfFiltered_) d->requestSpectrogram();
                     });
                   } catch (const signal::CancelledError&) {
                   } catch (const std::exception& error) {
                     const QString message = QString::fromStdString(error.what());
                     toGui(self, [message, cancel](SignalDocument* d) {
                       if (!cancel->load()) emit d->analysisFailed(message);
                     });
                   }
                 });
}

}  // namespace fftscope::gui
