// The Image workspace's wiring: the document's changes, the mask editor's undo stack, the panels
// and the spectrum view's tools, each connected to what it drives.
#include "image/ImageWorkspace.h"

#include "image/ComputeIndicator.h"
#include "image/DisplayPanel.h"
#include "image/DisplayRangePanel.h"
#include "image/FilterPanel.h"
#include "image/ImageSession.h"
#include "image/OutputRangeBox.h"
#include "image/MaskEditor.h"
#include "image/OpenProgress.h"
#include "image/ProfilePlots.h"
#include "image/RegionAnalysis.h"
#include "image/RegionSelectView.h"
#include "shell/Settings.h"
#include "widgets/MessageBar.h"
#include "imaging/SpectrumProfiles.h"

#include <QAction>
#include <QUndoStack>

namespace fftscope::gui {

void ImageWorkspace::connectSignals() {
  connect(document_, &ImageDocument::imageChanged, this, &ImageWorkspace::onImageOpened);
  connect(document_, &ImageDocument::openRefused, this, &ImageWorkspace::onOpenRefused);
  connect(document_, &ImageDocument::openProgress, openProgress_, &OpenProgress::setStage);
  connect(document_, &ImageDocument::openCancelled, this, &ImageWorkspace::onOpenCancelled);
  connect(openProgress_, &OpenProgress::cancelRequested, this, &ImageWorkspace::cancelOpening);
  connect(document_, &ImageDocument::filtered, this, &ImageWorkspace::onFiltered);
  connect(document_, &ImageDocument::spectrumChanged, this, &ImageWorkspace::onSpectrum);
  connect(document_, &ImageDocument::autoNotchBusy, this, [this](bool busy) {
    filterPanel_->setAutoNotchBusy(busy);
    autoNotchAction_->setEnabled(!busy);
  });
  connect(document_, &ImageDocument::autoNotchDone, this, &ImageWorkspace::onAutoNotchDone);
  connect(document_, &ImageDocument::failed, this,
          [this](const QString& message) {
            messageBar_->showMessage(message, MessageBar::Kind::Error);
            computing_->finish();  // nothing more is coming for the request shown as pending
          });
  connect(engine_, &ImageSession::engineStarted, this, [this](const EngineInfo& info) {
    if (!info.notice.isEmpty()) messageBar_->showMessage(info.notice, MessageBar::Kind::Warning);
  });

  connect(document_, &ImageDocument::regionRequested, this, &ImageWorkspace::onRegionRequested);
  connect(document_, &ImageDocument::selectionCleared, this, &ImageWorkspace::onSelectionCleared);
  connect(document_, &ImageDocument::regionShown, this, &ImageWorkspace::onRegionRendered);
  connect(document_, &ImageDocument::regionRefused, this, [this](const QString& message) {
    messageBar_->showMessage(tr("The selection's spectrum was not computed: %1").arg(message), MessageBar::Kind::Error);
    clearSelection();
  });
  connect(originalView_, &RegionSelectView::regionSelected, this, &ImageWorkspace::selectRegion);

  connect(document_, &ImageDocument::specChanged, this, &ImageWorkspace::onSpecChanged);
  connect(document_, &ImageDocument::filterRequested, this, &ImageWorkspace::onFilterRequested);
  connect(undoStack(), &QUndoStack::indexChanged, this, [this](int index) {
    if (index < undoableIndex_) dropMessageAbout(&undoableMessage_);
  });
  connect(filterPanel_, &FilterPanel::baseFilterEdited, editor_, &MaskEditor::setBaseFilter);
  connect(filterPanel_, &FilterPanel::autoNotchRequested, this, &ImageWorkspace::requestAutoNotch);
  connect(filterPanel_, &FilterPanel::removeNotchRequested, editor_, &MaskEditor::removeNotch);
  connect(filterPanel_, &FilterPanel::notchEdited, this, [this](int index, double radius, imaging::NotchEdge edge) {
    imaging::Notch notch = editor_->spec().notches.at(std::size_t(index));
    notch.radius = radius;
    notch.edge = edge;
    editor_->setNotch(index, notch);
  });
  connect(filterPanel_, &FilterPanel::outputRangeChanged, this,
          [this] { document_->setOutputRangeChoice(filterPanel_->outputRangeBox()->choice()); });
  connect(filterPanel_, &FilterPanel::clearNotchesRequested, editor_, &MaskEditor::clearNotches);
  connect(filterPanel_, &FilterPanel::notchTyped, editor_, &MaskEditor::setNotch);
  connect(filterPanel_, &FilterPanel::notchAddRequested, editor_, &MaskEditor::addNotch);
  connect(filterPanel_, &FilterPanel::clearStrokesRequested, editor_, &MaskEditor::clearStrokes);
  connect(filterPanel_, &FilterPanel::brushRadiusChanged, spectrumView_, &SpectrumView::setBrushRadius);
  connect(filterPanel_, &FilterPanel::padModeChanged, this, [this](imaging::PadMode mode) {
    settings_->setPadMode(mode);
    reanalyse();
  });
  connect(filterPanel_, &FilterPanel::channelModeChanged, this, [this](imaging::ChannelMode mode) {
    settings_->setChannelMode(mode);
    reanalyse();
  });
  connect(displayPanel_, &DisplayPanel::settingsChanged, this, [this](const imaging::DisplaySettings& display) {
    settings_->setDisplay(display);
    document_->setDisplay(display);
  });
  connect(displayRangePanel_, &DisplayRangePanel::settingsChanged, this,
          [this](const imaging::DisplayRangeSettings& range) {
            engine_->setDisplayRange(range);
            redrawImageViews();
          });
  connect(displayPanel_, &DisplayPanel::overlayVisibleChanged, overlayAction_, &QAction::setChecked);
  spectrumView_->setBrushRadius(filterPanel_->brushRadius());

  connect(spectrumView_, &SpectrumView::hovered, this, &ImageWorkspace::showReadout);
  connect(spectrumView_, &SpectrumView::notchPlaced, this, &ImageWorkspace::placeNotch);
  connect(spectrumView_, &SpectrumView::strokeBegun, editor_, &MaskEditor::beginStroke);
  connect(spectrumView_, &SpectrumView::strokeDisc, this, [this](double fx, double fy) {
    const auto action = spectrumView_->tool() == SpectrumTool::Eraser ? imaging::StrokeAction::Keep
                                                                      : imaging::StrokeAction::Remove;
    editor_->addStrokeDisc({fx, fy, filterPanel_->brushRadius(), action});
  });
  connect(spectrumView_, &SpectrumView::strokeEnded, editor_, &MaskEditor::endStroke);
  connect(spectrumView_, &SpectrumView::left, spectrumView_, &SpectrumView::hideSnapMark);
  connect(spectrumView_, &SpectrumView::lineDrawn, this, [this](double fx0, double fy0, double fx1, double fy1) {
    const RegionRenderingPtr region = document_->region();
    if (currentImage())
      profiles_->setLineProfile(
          imaging::lineProfile(region ? region->magnitudes : currentImage()->magnitudes, fx0, fy0, fx1, fy1));
  });
}

}  // namespace fftscope::gui
