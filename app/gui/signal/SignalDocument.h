// The Signal workspace's model on the GUI thread: the current signal, the channel and range
// analysed, the spectrum, spectrogram and filter settings, and an undo stack of filter edits.
// Every change posts a job to the application's EngineService and returns at once; a newer
// request of the same kind cancels and supersedes an older one, whose result is never shown.
// A load that fails or is cancelled leaves the current signal as it was.
#pragma once

#include "engine/RequestChannel.h"
#include "signal/SignalResults.h"

#include "signal/ReadControl.h"
#include "signal/SignalReader.h"

#include <QObject>

#include <functional>
#include <memory>

class QUndoStack;

namespace fftscope::gui {

class EngineService;
class SignalEngine;

class SignalDocument : public QObject {
  Q_OBJECT

 public:
  explicit SignalDocument(EngineService* service, QObject* parent = nullptr);
  ~SignalDocument() override;

  using Reader = std::function<signal::Signal(const signal::ReadControl&)>;
  // `reader` runs on the engine thread; `path` is empty for generated signals.
  void load(const QString& name, const QString& path, Reader reader);
  void openFile(const QString& path, const signal::SignalReadOptions& options = {});
  void cancelLoad();
  bool isLoading() const { return loading_; }

  LoadedSignalPtr current() const { return current_; }
  // The filtered signal when it is the current signal under the current spec, else null.
  LoadedSignalPtr filtered() const;
  bool isFilterCurrent() const;

  int channel() const { return channel_; }
  void setChannel(int channel);  // < 0: the mix
  SampleRange selection() const { return selection_; }
  void setSelection(SampleRange range);  // count 0: the whole signal

  const signal::SpectrumSettings& spectrumSettings() const { return spectrumSettings_; }
  void setSpectrumSettings(const signal::SpectrumSettings& settings);
  const signal::SpectrogramSettings& spectrogramSettings() const { return spectrogramSettings_; }
  void setSpectrogramSettings(const signal::SpectrogramSettings& settings);
  void setMaxPeaks(int peaks);
  // The spectrogram of the filtered signal (when there is one) instead of the original.
  void setSpectrogramOfFiltered(bool on);

  const signal::SignalFilterSpec& filterSpec() const { return filterSpec_; }
  // An undoable edit; the filter runs once it is on the stack.
  void editFilter(const signal::SignalFilterSpec& spec, const QString& description);
  // Applies a spec without touching the undo stack (undo and redo call this).
  void applyFilterSpec(const signal::SignalFilterSpec& spec);
  QUndoStack* undoStack() const { return undoStack_; }

  SpectrumOutcomePtr lastSpectrum() const { return lastSpectrum_; }
  SpectrogramOutcomePtr lastSpectrogram() const { return lastSpectrogram_; }
  SignalFilterOutcomePtr lastFilter() const { return lastFilter_; }
  // Whether a spectrum or spectrogram asked for has not come back yet.
  bool isAnalysisPending() const { return spectrumPending_ || spectrogramPending_; }

 signals:
  void loadStarted(const QString& name);
  void loadProgress(double fraction);
  void loaded(fftscope::gui::LoadedSignalPtr signal);
  void loadRefused(const QString& message);
  void loadCancelled();
  void filterSpecChanged(const fftscope::signal::SignalFilterSpec& spec);
  void filterShown(fftscope::gui::SignalFilterOutcomePtr outcome);
  void spectrumShown(fftscope::gui::SpectrumOutcomePtr outcome);
  void spectrogramShown(fftscope::gui::SpectrogramOutcomePtr outcome);
  void analysisFailed(const QString& message);

 private:
  void requestSpectrum();
  void requestSpectrogram();
  void requestFilter();
  void onLoaded(LoadedSignalPtr signal);

  std::shared_ptr<SignalEngine> engine_;  // used on the engine thread only
  LoadedSignalPtr current_;
  SignalFilterOutcomePtr lastFilter_;
  SpectrumOutcomePtr lastSpectrum_;
  SpectrogramOutcomePtr lastSpectrogram_;
  int channel_ = -1;
  SampleRange selection_;
  int maxPeaks_ = 8;
  bool spectrogramOfFiltered_ = false;
  signal::SpectrumSettings spectrumSettings_;
  signal::SpectrogramSettings spectrogramSettings_;
  signal::SignalFilterSpec filterSpec_;
  QUndoStack* undoStack_;
  bool loading_ = false;
  bool spectrumPending_ = false, spectrogramPending_ = false;
  quint64 nextId_ = 1;
  quint64 generation_ = 0;
  RequestChannel loads_, spectra_, spectrograms_, filters_;
};

}  // namespace fftscope::gui
