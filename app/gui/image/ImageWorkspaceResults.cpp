// The Image workspace's filtered image and spectrum, shown as the document takes them for the
// current image; the captions naming what each view shows.
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
}

void ImageWorkspace::onFilterRequested(const imaging::FilterSpec& spec) { computing_->begin(describeSpec(spec)); }

void ImageWorkspace::onFiltered(FilterOutcomePtr outcome, double roundTripMs) {
  filteredView_->setImage(outcome->view, true);
  awaitingPaint_ = outcome->requestId;
  filteredRange_ = outcome->displayRange;
  showDisplayRanges();
  spectrumView_->setOverlay(outcome->maskOverlay);
  // The caption names the filter of the picture shown, not the one asked for last.
  filteredCaption_->setText(tr("Filtered — %1, %2")
                                .arg(describeSpec(outcome->spec), QString::fromStdString(imaging::outputRangeName(outcome->range))));
  filteredCaption_->setToolTip(filteredCaption_->text());
  if (outcome->generation >= document_->latestFilterRequest()) computing_->finish();
  emit resultShown(outcome, roundTripMs);
}

void ImageWorkspace::onSpectrum(SpectrumRenderingPtr rendering, bool first) {
  if (document_->region()) return;  // the selection's spectrum is shown; this one waits for the selection to go
  const WorkspaceImagePtr current = currentImage();
  spectrumView_->setImage(rendering->view, !first);
  colourBar_->showScale(rendering->settings, current->magnitudeRange, current->magnitudes.rows,
                        current->magnitudes.cols);
  if (first) {
    spectrumView_->setNotches(editor_->spec().notches);
    if (lastOutcome()) spectrumView_->setOverlay(lastOutcome()->maskOverlay);
    // Follow the image views' zoom and pan.
    spectrumView_->setViewState(originalView_->viewState());
  }
  emit spectrumShown();
}

void ImageWorkspace::updateCaptions() {
  const WorkspaceImagePtr current = currentImage();
  if (!current) return;
  const FilterOutcomePtr outcome = lastOutcome();
  const imaging::Image& im = *current->image;
  const imaging::PadGeometry& g = current->geometry;
  const QString kind = im.channels == 1 ? tr("grey") : tr("RGB");
  originalCaption_->setText(tr("Original — %1 × %2 %3 %4-bit").arg(im.width).arg(im.height).arg(kind).arg(im.bitDepth));
  originalCaption_->setToolTip(current->path.isEmpty() ? current->name : current->path);
  spectrumCaption_->setText(g.paddedWidth == im.width && g.paddedHeight == im.height
                                ? tr("Spectrum — %1 × %2, DC centred").arg(g.paddedWidth).arg(g.paddedHeight)
                                : tr("Spectrum — padded to %1 × %2").arg(g.paddedWidth).arg(g.paddedHeight));
  // The filtered caption names the picture shown: the original until the first result.
  filteredCaption_->setText(outcome && outcome->imageId == current->id
                                ? tr("Filtered — %1").arg(describeSpec(outcome->spec))
                                : tr("Filtered — not yet computed (the original is shown)"));
  filteredCaption_->setToolTip(filteredCaption_->text());
  sideBySide_->setPictureAspect(double(im.width) / std::max(1, im.height));
  slackTimer_->start();
}

}  // namespace fftscope::gui
