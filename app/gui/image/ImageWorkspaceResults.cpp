// The Image workspace's requests for the filtered image and the spectrum, and their results shown
// when they belong to the current image; the captions naming what each view shows.
#include "image/ImageWorkspace.h"

#include "image/ColourBar.h"
#include "image/ComputeIndicator.h"
#include "image/DisplayPanel.h"
#include "image/FilterPanel.h"
#include "image/ImageSession.h"
#include "image/MaskEditor.h"
#include "image/ProfilePlots.h"
#include "image/ViewGrid.h"
#include "image/ZoomableView.h"
#include "imaging/FilterSummary.h"

#include <QLabel>
#include <QTimer>

#include <algorithm>

namespace fftscope::gui {
namespace {

QString describeSpec(const imaging::FilterSpec& spec) { return QString::fromStdString(imaging::summarise(spec)); }

}  // namespace

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

}  // namespace fftscope::gui
