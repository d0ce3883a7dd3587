#include "image/ImageWorkspace.h"

#include "image/ColourBar.h"
#include "image/ComputeIndicator.h"
#include "image/DisplayPanel.h"
#include "image/DisplayRangePanel.h"
#include "image/ImageConversion.h"
#include "image/ImageSession.h"
#include "image/FilterPanel.h"
#include "image/MaskEditor.h"
#include "widgets/MessageBar.h"
#include "image/OpenProgress.h"
#include "image/ProfilePlots.h"
#include "image/RegionAnalysis.h"
#include "image/RegionSelectView.h"
#include "shell/Settings.h"
#include "image/ViewGrid.h"
#include "image/ViewSync.h"
#include "image/ZoomableView.h"
#include "imaging/SampleImage.h"
#include "imaging/SpectrumLayout.h"
#include "imaging/SpectrumProfiles.h"
#include "imaging/SpectrumReadout.h"

#include <QAction>
#include <QActionGroup>
#include <QFileInfo>
#include <QGridLayout>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QLabel>
#include "imaging/FilterSummary.h"
#include "imaging/PeakSnap.h"

#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace fftscope::gui {
namespace {

QString describeSpec(const imaging::FilterSpec& spec) { return QString::fromStdString(imaging::summarise(spec)); }

}  // namespace

ImageWorkspace::ImageWorkspace(ImageSession* engine, Settings* settings, QWidget* parent)
    : QWidget(parent), engine_(engine), settings_(settings), editor_(new MaskEditor(this)) {
  filterPanel_ = new FilterPanel;
  displayPanel_ = new DisplayPanel;
  displayRangePanel_ = new DisplayRangePanel;
  engine_->setDisplayRange(displayRangePanel_->settings());
  filterPanel_->setPreparation(settings_->padMode(), settings_->channelMode());
  displayPanel_->setSettings(settings_->display());
  displayPanel_->setOverlayVisible(settings_->maskOverlayVisible());
  makeActions();

  auto* toolbar = new QToolBar;
  toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  toolbar->addActions(toolActions());
  toolbar->addSeparator();
  auto* zoomIn = toolbar->addAction(tr("Zoom in"), this, &ImageWorkspace::zoomIn);
  zoomIn->setToolTip(tr("Zoom in (wheel up)"));
  toolbar->addAction(tr("Zoom out"), this, &ImageWorkspace::zoomOut);
  toolbar->addAction(tr("Fit"), this, &ImageWorkspace::fitToWindow);
  toolbar->addAction(tr("1:1"), this, &ImageWorkspace::zoomToActualSize);
  toolbar->addSeparator();
  toolbar->addAction(autoNotchAction_);
  toolbar->addAction(clearMaskAction_);
  toolbar->addSeparator();
  toolbar->addAction(wholeImageAction_);
  toolbar->addSeparator();
  toolbar->addAction(overlayAction_);
  toolbar->addAction(tabbedAction_);

  messageBar_ = new MessageBar;
  openProgress_ = new OpenProgress;
  readout_ = new QLabel(readoutHint());
  readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  readout_->setMinimumWidth(100);
  readout_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(readout_, 1);

  auto* left = new QWidget;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->setSpacing(4);
  leftLayout->addWidget(toolbar);
  // The progress and message bars lie over the foot of the views rather than push them down.
  auto* notices = new QWidget;
  auto* noticesLayout = new QVBoxLayout(notices);
  noticesLayout->setContentsMargins(0, 0, 0, 0);
  noticesLayout->setSpacing(2);
  noticesLayout->addWidget(openProgress_);
  noticesLayout->addWidget(messageBar_);
  auto* viewArea = new QGridLayout;
  viewArea->setContentsMargins(0, 0, 0, 0);
  viewArea->addWidget(makeViews(), 0, 0);
  viewArea->addWidget(notices, 0, 0, Qt::AlignBottom);
  auto* viewsAndNotices = new QWidget;
  viewsAndNotices->setLayout(viewArea);
  // The profiles under the views; the splitter lets them be made taller or put away.
  profiles_ = new ProfilePlots;
  profileSplitter_ = new QSplitter(Qt::Vertical);
  profileSplitter_->addWidget(viewsAndNotices);
  profileSplitter_->addWidget(profiles_);
  profileSplitter_->setStretchFactor(0, 1);
  profileSplitter_->setStretchFactor(1, 0);
  profileSplitter_->setCollapsible(0, false);
  profileSplitter_->setSizes({600, 170});
  // Height the pictures cannot use goes to the profiles (once per window or image size, so a
  // splitter the user moves stays where it is put).
  slackTimer_ = new QTimer(this);
  slackTimer_->setSingleShot(true);
  slackTimer_->setInterval(50);
  connect(slackTimer_, &QTimer::timeout, this, &ImageWorkspace::giveSlackToProfiles);
  leftLayout->addWidget(profileSplitter_, 1);
  leftLayout->addLayout(bottom);

  auto* panel = new QWidget;
  auto* panelLayout = new QVBoxLayout(panel);
  panelLayout->setContentsMargins(4, 0, 4, 0);
  panelLayout->addWidget(filterPanel_);
  panelLayout->addWidget(displayPanel_);
  panelLayout->addWidget(displayRangePanel_);
  panelLayout->addStretch(1);
  auto* scroll = new QScrollArea;
  scroll->setWidget(panel);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setMinimumWidth(panel->sizeHint().width() + 24);

  splitter_ = new QSplitter(Qt::Horizontal);
  splitter_->addWidget(left);
  splitter_->addWidget(scroll);
  splitter_->setStretchFactor(0, 1);
  splitter_->setStretchFactor(1, 0);
  splitter_->setCollapsible(0, false);
  if (!settings_->workspaceSplitter().isEmpty()) splitter_->restoreState(settings_->workspaceSplitter());
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addWidget(splitter_);

  setTabbedViews(settings_->tabbedViews());
  tabbedAction_->setChecked(tabbed_);

  connect(engine_, &ImageSession::imageOpened, this, &ImageWorkspace::onImageOpened);
  connect(engine_, &ImageSession::openRefused, this, &ImageWorkspace::onOpenRefused);
  connect(engine_, &ImageSession::openProgress, this, [this](quint64 ticket, const QString& stage) {
    if (ticket == latestTicket_) openProgress_->setStage(stage);
  });
  connect(engine_, &ImageSession::openCancelled, this, &ImageWorkspace::onOpenCancelled);
  connect(openProgress_, &OpenProgress::cancelRequested, this, &ImageWorkspace::cancelOpening);
  connect(engine_, &ImageSession::filtered, this, &ImageWorkspace::onFiltered);
  connect(engine_, &ImageSession::spectrumRendered, this, &ImageWorkspace::onSpectrum);
  connect(engine_, &ImageSession::notchesProposed, this, &ImageWorkspace::onNotchesProposed);
  connect(engine_, &ImageSession::failed, this,
          [this](const QString& message) {
            messageBar_->showMessage(message, MessageBar::Kind::Error);
            computing_->finish();  // nothing more is coming for the request shown as pending
          });
  connect(engine_, &ImageSession::engineStarted, this, [this](const EngineInfo& info) {
    if (!info.notice.isEmpty()) messageBar_->showMessage(info.notice, MessageBar::Kind::Warning);
  });

  regions_ = new RegionAnalysis(engine_->service(), this);
  connect(regions_, &RegionAnalysis::rendered, this, &ImageWorkspace::onRegionRendered);
  connect(regions_, &RegionAnalysis::refused, this, [this](const QString& message) {
    messageBar_->showMessage(tr("The selection's spectrum was not computed: %1").arg(message), MessageBar::Kind::Error);
    clearSelection();
  });
  connect(originalView_, &RegionSelectView::regionSelected, this, &ImageWorkspace::selectRegion);

  connect(editor_, &MaskEditor::specChanged, this, &ImageWorkspace::onSpecChanged);
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
  connect(filterPanel_, &FilterPanel::outputRangeChanged, this, &ImageWorkspace::requestFilter);
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
    requestSpectrum();
    if (!selected_.isNull()) selectRegion(selected_);
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
    if (current_)
      profiles_->setLineProfile(imaging::lineProfile(region_ ? region_->magnitudes : current_->magnitudes, fx0, fy0, fx1, fy1));
  });
  filterPanel_->setSpec(editor_->spec());
}

ImageWorkspace::~ImageWorkspace() {
  // The mask editor's undo stack clears itself when the children go, and would call back into
  // the message bar it may outlive.
  disconnect(undoStack(), nullptr, this, nullptr);
}

void ImageWorkspace::openFile(const QString& path) {
  dropMessageAbout(&refusalMessage_);  // about another file
  latestTicket_ = engine_->openFile(path, filterPanel_->padMode(), filterPanel_->channelMode());
  newSourcePending_ = true;
  openProgress_->begin(QFileInfo(path).fileName());
}

void ImageWorkspace::openImage(std::shared_ptr<const imaging::Image> image, const QString& name) {
  dropMessageAbout(&refusalMessage_);
  latestTicket_ = engine_->openImage(std::move(image), name, filterPanel_->padMode(), filterPanel_->channelMode());
  newSourcePending_ = true;
  openProgress_->begin(name);
}

void ImageWorkspace::cancelOpening() {
  if (latestTicket_ != 0 && (!current_ || latestTicket_ != current_->id)) engine_->cancelOpen(latestTicket_);
}

void ImageWorkspace::onOpenCancelled(quint64 ticket) {
  if (ticket != latestTicket_) return;
  openProgress_->finish();
  messageBar_->showMessage(current_ ? tr("Opening cancelled. The current image is unchanged.") : tr("Opening cancelled."),
                           MessageBar::Kind::Information);
  if (current_) filterPanel_->setPreparation(current_->padMode, current_->channelMode);
  latestTicket_ = current_ ? current_->id : 0;
  emit openCancelled();
}

void ImageWorkspace::openSample() {
  auto sample = std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy);
  openImage(std::move(sample), tr("Sample: scene with periodic stripe noise"));
}

void ImageWorkspace::reanalyse() {
  if (!current_) return;
  latestTicket_ = engine_->openImage(current_->image, current_->name, filterPanel_->padMode(),
                                     filterPanel_->channelMode());
  newSourcePending_ = false;
  openProgress_->begin(current_->name);
}

void ImageWorkspace::onImageOpened(WorkspaceImagePtr image) {
  // The engine replaces its image only with one the window is to show, so any image newer than
  // the current one is shown, even while a later open is still on its way.
  if (current_ && image->id <= current_->id) return;
  if (image->id == latestTicket_) openProgress_->finish();
  const bool newSource = newSourcePending_ || !current_;
  // Keep the name and path of a re-analysed image.
  if (!newSource && current_ && image->path.isEmpty() && !current_->path.isEmpty()) {
    auto copy = std::make_shared<WorkspaceImage>(*image);
    copy->path = current_->path;
    image = copy;
  }
  current_ = image;
  clearSelection();
  outcome_.reset();
  spectrum_.reset();
  originalView_->setImage(image->view, !newSource);
  filteredView_->setImage(image->view, !newSource);  // until the first result
  filterPanel_->setColourImage(image->image->channels == 3);
  originalRange_ = filteredRange_ = image->displayRange;
  readout_->setText(readoutHint());  // the last readout was of the previous spectrum
  showDisplayRanges();
  if (newSource) {
    imaging::FilterSpec spec;
    spec.base = editor_->spec().base;  // the filter stays; notches and painting belong to an image
    editor_->reset(spec);
  }
  if (!image->notices.isEmpty())
    messageBar_->showMessage(QStringLiteral("%1: %2").arg(image->name, image->notices.join(QStringLiteral("; "))),
                             MessageBar::Kind::Information);
  else if (newSource && messageBar_->kind() != MessageBar::Kind::Warning) messageBar_->hide();
  updateCaptions();
  profiles_->setRadialProfile(image->radialProfile);
  profiles_->clearLineProfile();
  spectrumView_->clearProfileLine();
  requestSpectrum();
  requestFilter();
  emit imageChanged(image);
}

void ImageWorkspace::onOpenRefused(quint64 ticket, const QString& message) {
  if (ticket != latestTicket_) return;
  openProgress_->finish();
  const QString kept = current_ ? tr(" The current image is unchanged.") : QString();
  messageBar_->showMessage(message + kept, MessageBar::Kind::Error);
  refusalMessage_ = messageBar_->text();
  // A refused re-analysis leaves the controls showing what the current image was made with.
  if (current_) filterPanel_->setPreparation(current_->padMode, current_->channelMode);
  latestTicket_ = current_ ? current_->id : 0;
  emit openFailed(message);
}

void ImageWorkspace::onSpecChanged(const imaging::FilterSpec& spec) {
  filterPanel_->setSpec(spec);
  spectrumView_->setNotches(spec.notches);
  profiles_->setFilter(spec.base);
  requestFilter();
}

void ImageWorkspace::requestFilter() {
  if (!current_) return;
  requestedFilter_ = engine_->requestFilter(current_->id, editor_->spec(), filterPanel_->outputRange());
  computing_->begin(describeSpec(editor_->spec()));
}

void ImageWorkspace::requestSpectrum() {
  if (current_) engine_->requestSpectrum(current_->id, displayPanel_->settings());
}

void ImageWorkspace::onFiltered(FilterOutcomePtr outcome, double roundTripMs) {
  if (!current_ || outcome->imageId != current_->id) return;
  outcome_ = outcome;
  roundTripMs_ = roundTripMs;
  filteredView_->setImage(outcome->view, true);
  filteredRange_ = outcome->displayRange;
  showDisplayRanges();
  spectrumView_->setOverlay(outcome->maskOverlay);
  // The caption names the filter of the picture shown, not the one asked for last.
  filteredCaption_->setText(tr("Filtered — %1, %2")
                                .arg(describeSpec(outcome->spec), QString::fromStdString(imaging::outputRangeName(outcome->range))));
  filteredCaption_->setToolTip(filteredCaption_->text());
  if (outcome->generation >= requestedFilter_) computing_->finish();
  emit resultShown(outcome, roundTripMs);
}

void ImageWorkspace::onSpectrum(SpectrumRenderingPtr rendering) {
  if (!current_ || rendering->imageId != current_->id) return;
  const bool first = !spectrum_;
  spectrum_ = rendering;
  if (region_) return;  // the selection's spectrum is shown; this one waits for the selection to go
  spectrumView_->setImage(rendering->view, !first);
  colourBar_->showScale(rendering->settings, current_->magnitudeRange, current_->magnitudes.rows,
                        current_->magnitudes.cols);
  if (first) {
    spectrumView_->setNotches(editor_->spec().notches);
    if (outcome_) spectrumView_->setOverlay(outcome_->maskOverlay);
    // Follow the image views' zoom and pan.
    spectrumView_->setViewState(originalView_->viewState());
  }
  emit spectrumShown();
}

bool ImageWorkspace::isFilterCurrent() const {
  return current_ && outcome_ && outcome_->imageId == current_->id && outcome_->generation == requestedFilter_;
}

QString ImageWorkspace::filteredCaption() const { return filteredCaption_->text(); }
QString ImageWorkspace::lastMessage() const { return messageBar_->text(); }
QString ImageWorkspace::readoutText() const { return readout_->text(); }
void ImageWorkspace::showMessage(const QString& error) { messageBar_->showMessage(error, MessageBar::Kind::Error); }

void ImageWorkspace::requestAutoNotch() {
  if (!current_ || autoNotchPending_) return;
  autoNotchPending_ = true;
  filterPanel_->setAutoNotchBusy(true);
  autoNotchAction_->setEnabled(false);
  engine_->requestNotches(current_->id);
}

void ImageWorkspace::onNotchesProposed(const NotchProposal& proposal) {
  autoNotchPending_ = false;
  filterPanel_->setAutoNotchBusy(false);
  autoNotchAction_->setEnabled(true);
  if (!current_ || proposal.imageId != current_->id) return;
  std::vector<imaging::Notch> notches;
  for (const imaging::NotchSuggestion& s : proposal.suggestions) notches.push_back(s.notch);
  if (notches.empty()) {
    messageBar_->showMessage(tr("Auto notch found no isolated peak away from DC."), MessageBar::Kind::Information);
  } else {
    editor_->addNotches(notches, tr("Auto notch"));
    messageBar_->showMessage(notches.size() == 1
                                 ? tr("Auto notch placed a notch on an isolated peak; undo removes it.")
                                 : tr("Auto notch placed %1 notches on isolated peaks; undo removes them.")
                                       .arg(notches.size()),
                             MessageBar::Kind::Information);
    undoableMessage_ = messageBar_->text();
    undoableIndex_ = undoStack()->index();
  }
  emit notchesAdded(int(notches.size()));
}

void ImageWorkspace::placeNotch(double fx, double fy) {
  if (!current_) return;
  const imaging::SnappedBin bin = imaging::snapToPeak(current_->magnitudes, fx, fy);
  editor_->addNotch({bin.fx, bin.fy, filterPanel_->notchRadius(), filterPanel_->notchEdge()});
}

void ImageWorkspace::showReadout(int x, int y) {
  if (!current_ || !spectrum_) return;
  try {
    // Where a screen pixel covers several bins, the pointer is helped onto a peak near it.
    const imaging::SpectrumMagnitudes& s = region_ ? region_->magnitudes : current_->magnitudes;
    const bool centred = region_ ? region_->settings.centred : spectrum_->settings.centred;
    const imaging::SpectrumReadout pointed = imaging::readSpectrum(s, x, y, centred);
    const int reach = imaging::snapReach(spectrumView_->transform().m11());
    const auto peak = imaging::snapToProminentPeak(s, pointed.fx, pointed.fy, reach);
    if (peak) {
      const int bx = ((peak->kx % s.cols) + s.cols) % s.cols, by = ((peak->ky % s.rows) + s.rows) % s.rows;
      x = centred ? peak->kx + s.cols / 2 : bx;
      y = centred ? peak->ky + s.rows / 2 : by;
      spectrumView_->showSnapMark(QPointF(x + 0.5, y + 0.5));
    } else {
      spectrumView_->hideSnapMark();
    }
    const imaging::SpectrumReadout r = peak ? imaging::readSpectrum(s, x, y, centred) : pointed;
    const QString period = std::isfinite(r.periodPixels) ? QString::number(r.periodPixels, 'f', 2) + tr(" px")
                                                         : tr("∞ (DC)");
    const QString level = std::isfinite(r.levelDb) ? QString::number(r.levelDb, 'f', 1) + tr(" dB") : tr("−∞ dB");
    readout_->setText(tr("fx %1, fy %2 cycles/px   period %3   radius %4   angle %5°   level %6")
                          .arg(r.fx, 0, 'f', 4)
                          .arg(r.fy, 0, 'f', 4)
                          .arg(period)
                          .arg(r.radius, 0, 'f', 4)
                          .arg(r.angleDegrees, 0, 'f', 1)
                          .arg(level) +
                      (peak ? tr("   (snapped to peak)") : QString()));
  } catch (const std::out_of_range&) {
  }
}

void ImageWorkspace::updateCaptions() {
  if (!current_) return;
  const imaging::Image& im = *current_->image;
  const imaging::PadGeometry& g = current_->geometry;
  const QString kind = im.channels == 1 ? tr("grey") : tr("RGB");
  originalCaption_->setText(tr("Original — %1 × %2 %3 %4-bit").arg(im.width).arg(im.height).arg(kind).arg(im.bitDepth));
  originalCaption_->setToolTip(current_->path.isEmpty() ? current_->name : current_->path);
  spectrumCaption_->setText(g.paddedWidth == im.width && g.paddedHeight == im.height
                                ? tr("Spectrum — %1 × %2, DC centred").arg(g.paddedWidth).arg(g.paddedHeight)
                                : tr("Spectrum — padded to %1 × %2").arg(g.paddedWidth).arg(g.paddedHeight));
  // The filtered caption names the picture shown: the original until the first result.
  filteredCaption_->setText(outcome_ && outcome_->imageId == current_->id
                                ? tr("Filtered — %1").arg(describeSpec(outcome_->spec))
                                : tr("Filtered — not yet computed (the original is shown)"));
  filteredCaption_->setToolTip(filteredCaption_->text());
  sideBySide_->setPictureAspect(double(im.width) / std::max(1, im.height));
  slackTimer_->start();
}


QString ImageWorkspace::readoutHint() const {
  return tr("Point at the spectrum to read frequency, period and level. Notch tool: click a bright peak to "
            "remove it.");
}

void ImageWorkspace::dropMessageAbout(QString* shown) {
  if (!shown->isEmpty() && messageBar_->isVisible() && messageBar_->text() == *shown) messageBar_->hide();
  shown->clear();
}


}  // namespace fftscope::gui
