#include "image/ImageDocument.h"

#include "engine/EngineService.h"
#include "image/ImageSession.h"
#include "image/MaskEditor.h"
#include "imaging/AutoNotch.h"
#include "imaging/PeakSnap.h"

#include <QUndoStack>

namespace fftscope::gui {

ImageDocument::ImageDocument(ImageSession* session, QObject* parent)
    : QObject(parent), session_(session), editor_(new MaskEditor(this)), regions_(new RegionAnalysis(session->service(), this)) {
  connect(session_, &ImageSession::imageOpened, this, &ImageDocument::onImageOpened);
  connect(session_, &ImageSession::openRefused, this, [this](quint64 ticket, const QString& message) {
    if (ticket != latestTicket_) return;
    onOpenEnded();
    emit openRefused(message);
  });
  connect(session_, &ImageSession::openCancelled, this, [this](quint64 ticket) {
    if (ticket != latestTicket_) return;
    onOpenEnded();
    emit openCancelled();
  });
  connect(session_, &ImageSession::openProgress, this, [this](quint64 ticket, const QString& stage) {
    if (ticket == latestTicket_) emit openProgress(stage);
  });
  connect(session_, &ImageSession::filtered, this, &ImageDocument::onFiltered);
  connect(session_, &ImageSession::spectrumRendered, this, &ImageDocument::onSpectrum);
  connect(session_, &ImageSession::notchesProposed, this, &ImageDocument::onNotchesProposed);
  connect(session_, &ImageSession::failed, this, &ImageDocument::failed);
  connect(regions_, &RegionAnalysis::rendered, this, &ImageDocument::onRegionRendered);
  connect(regions_, &RegionAnalysis::refused, this, &ImageDocument::regionRefused);
  connect(editor_, &MaskEditor::specChanged, this, [this](const imaging::FilterSpec& spec) {
    emit specChanged(spec);
    requestFilter();
  });
}

void ImageDocument::openFile(const QString& path) {
  latestTicket_ = session_->openFile(path, padMode_, channelMode_);
  newSourcePending_ = true;
}

void ImageDocument::openImage(std::shared_ptr<const imaging::Image> image, const QString& name) {
  latestTicket_ = session_->openImage(std::move(image), name, padMode_, channelMode_);
  newSourcePending_ = true;
}

void ImageDocument::openLiveFrame(std::shared_ptr<const imaging::Image> frame, const QString& name) {
  const bool sameShape = image_ && image_->image->width == frame->width && image_->image->height == frame->height &&
                         image_->image->channels == frame->channels;
  latestTicket_ = session_->openImage(std::move(frame), name, padMode_, channelMode_);
  newSourcePending_ = !sameShape;
}

bool ImageDocument::reanalyse() {
  if (!image_) return false;
  latestTicket_ = session_->openImage(image_->image, image_->name, padMode_, channelMode_);
  newSourcePending_ = false;
  return true;
}

bool ImageDocument::isOpening() const { return latestTicket_ != 0 && (!image_ || latestTicket_ != image_->id); }

void ImageDocument::cancelOpen() {
  if (isOpening()) session_->cancelOpen(latestTicket_);
}

void ImageDocument::onOpenEnded() {
  // A refused re-analysis leaves the preparation as the current image was made with.
  if (image_) {
    padMode_ = image_->padMode;
    channelMode_ = image_->channelMode;
  }
  latestTicket_ = image_ ? image_->id : 0;
}

void ImageDocument::onImageOpened(WorkspaceImagePtr image) {
  // The engine replaces its image only with one the window is to show, so any image newer than
  // the current one is shown, even while a later open is still on its way.
  if (image_ && image->id <= image_->id) return;
  const bool newSource = newSourcePending_ || !image_;
  // Keep the name and path of a re-analysed image.
  if (!newSource && image_ && image->path.isEmpty() && !image_->path.isEmpty()) {
    auto copy = std::make_shared<WorkspaceImage>(*image);
    copy->path = image_->path;
    image = copy;
  }
  image_ = image;
  outcome_.reset();
  spectrum_.reset();
  clearSelection();
  if (newSource) {
    imaging::FilterSpec spec;
    spec.base = editor_->spec().base;  // the filter stays; notches and painting belong to an image
    editor_->reset(spec);
  }
  requestSpectrum();
  requestFilter();
  emit imageChanged(image, newSource);
}

const imaging::FilterSpec& ImageDocument::spec() const { return editor_->spec(); }
QUndoStack* ImageDocument::undoStack() const { return editor_->undoStack(); }

imaging::OutputRange ImageDocument::outputRange() const {
  return outputChoice_.value_or(imaging::defaultOutputRange(editor_->spec().base.kind));
}

void ImageDocument::setOutputRangeChoice(std::optional<imaging::OutputRange> choice) {
  outputChoice_ = choice;
  requestFilter();
}

void ImageDocument::setPreparation(imaging::PadMode pad, imaging::ChannelMode channels) {
  padMode_ = pad;
  channelMode_ = channels;
}

void ImageDocument::setDisplay(const imaging::DisplaySettings& display) {
  display_ = display;
  requestSpectrum();
  if (!selected_.isNull()) selectRegion(selected_);
}

void ImageDocument::restoreSettings(imaging::PadMode pad, imaging::ChannelMode channels,
                                    std::optional<imaging::OutputRange> choice,
                                    const imaging::DisplaySettings& display) {
  padMode_ = pad;
  channelMode_ = channels;
  outputChoice_ = choice;
  display_ = display;
}

imaging::BatchSettings ImageDocument::batchSettings() const {
  return {editor_->spec(), padMode_, channelMode_, outputRange()};
}

void ImageDocument::requestFilter() {
  if (!image_) return;
  requestedFilter_ = session_->requestFilter(image_->id, editor_->spec(), outputRange());
  emit filterRequested(editor_->spec());
}

void ImageDocument::requestSpectrum() {
  if (image_) session_->requestSpectrum(image_->id, display_);
}

bool ImageDocument::isFilterCurrent() const {
  return image_ && outcome_ && outcome_->imageId == image_->id && outcome_->generation == requestedFilter_;
}

void ImageDocument::onFiltered(FilterOutcomePtr outcome, double roundTripMs) {
  if (!image_ || outcome->imageId != image_->id) return;
  outcome_ = outcome;
  roundTripMs_ = roundTripMs;
  emit filtered(outcome, roundTripMs);
}

void ImageDocument::onSpectrum(SpectrumRenderingPtr rendering) {
  if (!image_ || rendering->imageId != image_->id) return;
  const bool first = !spectrum_;
  spectrum_ = rendering;
  emit spectrumChanged(rendering, first);
}

bool ImageDocument::requestAutoNotch() {
  if (!image_ || autoNotchPending_) return false;
  autoNotchPending_ = true;
  emit autoNotchBusy(true);
  session_->requestNotches(image_->id);
  return true;
}

void ImageDocument::onNotchesProposed(const NotchProposal& proposal) {
  autoNotchPending_ = false;
  emit autoNotchBusy(false);
  if (!image_ || proposal.imageId != image_->id) return;
  // Peaks notched already (by an earlier auto notch or by hand) keep the notch they have.
  const auto fresh = imaging::withoutNotched(proposal.suggestions, editor_->spec().notches);
  std::vector<imaging::Notch> notches;
  for (const imaging::NotchSuggestion& s : fresh) notches.push_back(s.notch);
  editor_->addNotches(notches, tr("Auto notch"));
  emit autoNotchDone(int(proposal.suggestions.size()), int(notches.size()));
}

void ImageDocument::placeNotch(double fx, double fy, double radius, imaging::NotchEdge edge) {
  if (!image_) return;
  const imaging::SnappedBin bin = imaging::snapToPeak(image_->magnitudes, fx, fy);
  editor_->addNotch({bin.fx, bin.fy, radius, edge});
}

void ImageDocument::selectRegion(const QRect& pixels) {
  if (!image_ || pixels.isEmpty()) return;
  selected_ = pixels & QRect(0, 0, image_->image->width, image_->image->height);
  regions_->request(image_->id, image_->image,
                    imaging::Region{selected_.x(), selected_.y(), selected_.width(), selected_.height()}, display_);
  emit regionRequested(selected_);
}

void ImageDocument::clearSelection() {
  const bool shown = region_ != nullptr;
  regions_->cancel();
  selected_ = QRect();
  region_.reset();
  emit selectionCleared(shown);
}

void ImageDocument::onRegionRendered(RegionRenderingPtr rendering) {
  if (!image_ || rendering->imageId != image_->id || selected_.isNull()) return;
  region_ = rendering;
  emit regionShown(rendering);
}

}  // namespace fftscope::gui
