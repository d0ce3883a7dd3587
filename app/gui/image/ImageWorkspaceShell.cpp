// The Image workspace as the window sees it (Workspace.h): its menu entries, the files it opens,
// its start options, the spectrum's colour map from Preferences, the rows of its image offered as
// samples, and what it tells the window.
#include "image/ImageWorkspace.h"

#include "image/DisplayPanel.h"
#include "image/FilterPanel.h"
#include "image/ImageFileActions.h"
#include "image/LiveVideoBar.h"
#include "image/MaskEditor.h"
#include "image/ZoomableView.h"
#include "shell/Settings.h"
#include "shell/StartOptions.h"

#include <QAction>
#include <QMenu>
#include <QTimer>

#include <utility>

namespace fftscope::gui {
namespace {

// Runs `then` once, on the first emission of `signal`.
template <typename Signal, typename Then>
void once(ImageWorkspace* workspace, Signal signal, Then then) {
  auto connection = std::make_shared<QMetaObject::Connection>();
  *connection = QObject::connect(workspace, signal, workspace, [connection, then] {
    QObject::disconnect(*connection);
    then();
  });
}

}  // namespace

WorkspaceMenus ImageWorkspace::menus() {
  WorkspaceMenus menus;
  menus.open = fileActions_->openActions();
  menus.save = fileActions_->saveActions();
  menus.edit = {clearMaskAction_};
  auto view = [this, &menus](const QString& text, const QKeySequence& keys, void (ImageWorkspace::*slot)()) {
    auto* action = new QAction(text, this);
    action->setShortcut(keys);
    connect(action, &QAction::triggered, this, slot);
    menus.view << action;
  };
  view(tr("Zoom &In"), QKeySequence::ZoomIn, &ImageWorkspace::zoomIn);
  view(tr("Zoom &Out"), QKeySequence::ZoomOut, &ImageWorkspace::zoomOut);
  view(tr("&Fit to Window"), QKeySequence(tr("Ctrl+0")), &ImageWorkspace::fitToWindow);
  view(tr("&Actual Size"), QKeySequence(tr("Ctrl+1")), &ImageWorkspace::zoomToActualSize);
  auto* separator = new QAction(this);
  separator->setSeparator(true);
  menus.view << separator << tabbedAction_ << overlayAction_;
  auto* filter = new QMenu(tr("F&ilter"), this);
  filter->addActions(toolActions());
  filter->addSeparator();
  autoNotchAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
  filter->addAction(autoNotchAction_);
  menus.menu = filter;
  menus.toolBar = fileActions_->liveVideoBar();
  return menus;
}

bool ImageWorkspace::opens(const QString& path) const { return ImageFileActions::isImageFile(path); }

void ImageWorkspace::applyStartOptions(const StartOptions& options) {
  if (options.files.isEmpty() || !opens(options.files.first())) openSample();
  if (options.baseFilter)
    once(this, &ImageWorkspace::imageChanged, [this, base = *options.baseFilter] { filterPanel_->editBaseFilter(base); });
  settleOnNotches_ = options.autoNotch;
  if (options.autoNotch) once(this, &ImageWorkspace::spectrumShown, [this] { requestAutoNotch(); });
  if (!options.liveVideo.isEmpty()) {
    // Live: settled once enough frames were shown for the rate to be measured.
    settleOnLiveFrames_ = true;
    LiveVideoBar* bar = fileActions_->liveVideoBar();
    connect(bar, &LiveVideoBar::statsChanged, this, [this, bar] {
      if (bar->shownFrames() >= 40) emit events()->settled();
    });
    QTimer::singleShot(0, this, [this, path = options.liveVideo] { fileActions_->openLiveVideo(path); });
  }
}

void ImageWorkspace::applyPreferences(const Settings& settings) {
  imaging::DisplaySettings display = displayPanel_->settings();
  const imaging::ColourMap colourMap = settings.display().colourMap;
  if (display.colourMap == colourMap) return;
  display.colourMap = colourMap;
  displayPanel_->setSettings(display);
  emit displayPanel_->settingsChanged(display);  // redraws the spectrum, as choosing it in the panel does
}

std::vector<SampleSource> ImageWorkspace::sampleSources() {
  // The middle row of the image (its first channel), as an input to follow through the passes.
  auto row = [this](std::size_t n) {
    std::vector<std::complex<double>> samples(n);
    if (const WorkspaceImagePtr current = currentImage()) {
      const imaging::Image& im = *current->image;
      const int y = im.height / 2;
      for (std::size_t x = 0; x < n && int(x) < im.width; ++x)
        samples[x] = im.data[(std::size_t(y) * std::size_t(im.width) + x) * std::size_t(im.channels)];
    }
    return samples;
  };
  return {{tr("a row of the image"), row}};
}

void ImageWorkspace::reportToWindow() {
  WorkspaceEvents* window = events();
  connect(this, &ImageWorkspace::imageChanged, window,
          [window](WorkspaceImagePtr image) { emit window->opened(image->name, image->path, image->analyseMs); });
  connect(this, &ImageWorkspace::openCancelled, window, &WorkspaceEvents::openCancelled);
  connect(this, &ImageWorkspace::openFailed, window, &WorkspaceEvents::openFailed);
  // The filtered picture painted: the filter request it answers is on screen.
  connect(filteredView_, &ZoomableView::painted, window, [this, window] {
    if (const quint64 request = std::exchange(awaitingPaint_, 0)) emit window->pictureDrawn(request);
  });
  connect(this, &ImageWorkspace::resultShown, window, [this, window](FilterOutcomePtr outcome, double roundTripMs) {
    emit window->resultTimed({outcome->plan, outcome->timings, outcome->computeMs, roundTripMs});
    // Settled: the result answers the latest request, the spectrum is shown, and with auto notch
    // asked for at start, its notches are in the result.
    if (settleOnLiveFrames_ || !isFilterCurrent() || !lastSpectrum()) return;
    if (settleOnNotches_ && editor_->spec().notches.empty()) return;
    emit window->settled();
  });
}

}  // namespace fftscope::gui
