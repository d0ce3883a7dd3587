// The Signal workspace as the window sees it (Workspace.h): its menu entries, the files it opens
// (any the workspaces before it leave), the Live mode asked for at start, the window function
// Preferences name, a slice of its signal offered as samples, and what it tells the window.
#include "signal/SignalWorkspace.h"

#include "shell/Settings.h"
#include "shell/StartOptions.h"
#include "signal/AnalysisPanel.h"
#include "signal/LiveMode.h"
#include "signal/SignalDocument.h"
#include "signal/SpectrumPlot.h"

#include <QAction>

#include <algorithm>
#include <utility>

namespace fftscope::gui {

WorkspaceMenus SignalWorkspace::menus() {
  WorkspaceMenus menus;
  auto* open = new QAction(tr("Open S&ignal…"), this);
  open->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
  connect(open, &QAction::triggered, this, [this] {
    emit events()->frontWanted();
    chooseAndOpen();
  });
  auto* generate = new QAction(tr("&Generate Signal…"), this);
  connect(generate, &QAction::triggered, this, [this] {
    emit events()->frontWanted();
    chooseAndGenerate();
  });
  menus.open = {open, generate};
  return menus;
}

bool SignalWorkspace::opens(const QString&) const { return true; }

void SignalWorkspace::applyStartOptions(const StartOptions& options) {
  if (options.workspace != QLatin1String("live")) return;
  emit events()->frontWanted();
  setLive(true);
  liveMode()->start();
}

void SignalWorkspace::applyPreferences(const Settings& settings) {
  if (const int window = settings.defaultWindow(); window >= 0) analysisPanel_->setWindow(signal::WindowKind(window));
}

std::vector<SampleSource> SignalWorkspace::sampleSources() {
  // The first samples of the selection (its first channel).
  auto slice = [this](std::size_t n) {
    std::vector<std::complex<double>> samples(n);
    if (LoadedSignalPtr loaded = document_->current()) {
      const std::vector<float>& channel = loaded->signal->channels.front();
      const std::size_t start = std::min(document_->selection().first, channel.size());
      for (std::size_t i = 0; i < n && start + i < channel.size(); ++i) samples[i] = channel[start + i];
    }
    return samples;
  };
  return {{tr("a slice of the signal"), slice}};
}

void SignalWorkspace::reportToWindow() {
  WorkspaceEvents* window = events();
  // No path: the recent files list is the Image workspace's.
  connect(this, &SignalWorkspace::signalChanged, window,
          [window](LoadedSignalPtr signal) { emit window->opened(signal->name, QString(), signal->loadMs); });
  connect(this, &SignalWorkspace::analysisShown, window, &WorkspaceEvents::settled);
  // A spectrum is on screen once the plot has been replotted with it and then painted.
  connect(document_, &SignalDocument::spectrumShown, this,
          [this](SpectrumOutcomePtr outcome) { spectrumToReplot_ = outcome->requestId; });
  connect(spectrumPlot_, &QCustomPlot::afterReplot, this, [this] {
    if (!spectrumToReplot_) return;
    spectrumToPaint_ = std::exchange(spectrumToReplot_, 0);
    // The queued replot's own update can be lost (seen offscreen): ask for the paint again.
    spectrumPlot_->update();
  });
  connect(spectrumPlot_, &SpectrumPlot::painted, window, [this, window] {
    if (const quint64 request = std::exchange(spectrumToPaint_, 0)) emit window->pictureDrawn(request);
  });
}

}  // namespace fftscope::gui
