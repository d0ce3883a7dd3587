// The Image workspace's FFT of a selection: a rectangle of the original whose Hann-windowed
// spectrum replaces the whole image's in the spectrum view, its colour bar and radial profile,
// until the selection is cleared. The mask and the filter still belong to the whole image.
#include "image/ImageWorkspace.h"

#include "image/ColourBar.h"
#include "image/DisplayPanel.h"
#include "image/ProfilePlots.h"
#include "image/RegionSelectView.h"
#include "image/MaskEditor.h"

#include <QAction>
#include <QLabel>

namespace fftscope::gui {

void ImageWorkspace::selectRegion(const QRect& pixels) { document_->selectRegion(pixels); }

void ImageWorkspace::onRegionRequested(const QRect& selection) {
  originalView_->setSelection(selection);
  wholeImageAction_->setEnabled(true);
  spectrumCaption_->setText(tr("Spectrum of the selection — computing…"));
}

void ImageWorkspace::clearSelection() { document_->clearSelection(); }

void ImageWorkspace::onSelectionCleared(bool regionWasShown) {
  originalView_->clearSelection();
  wholeImageAction_->setEnabled(false);
  if (regionWasShown) showWholeSpectrum();
  else if (currentImage()) updateCaptions();
}

void ImageWorkspace::onRegionRendered(std::shared_ptr<const RegionRendering> rendering) {
  spectrumView_->setImage(rendering->view, false);
  spectrumView_->setOverlayVisible(false);  // the mask is the whole image's, at another size
  spectrumView_->setNotches(editor_->spec().notches);
  colourBar_->showScale(rendering->settings, rendering->magnitudeRange, rendering->magnitudes.rows,
                        rendering->magnitudes.cols);
  profiles_->setRadialProfile(rendering->radialProfile);
  profiles_->clearLineProfile();  // a line drawn on the other spectrum
  spectrumView_->clearProfileLine();
  const imaging::Region& r = rendering->region;
  spectrumCaption_->setText(tr("Spectrum of the selection %1 × %2 at (%3, %4), %5 window")
                                .arg(r.width)
                                .arg(r.height)
                                .arg(r.x)
                                .arg(r.y)
                                .arg(rendering->window));
  spectrumCaption_->setToolTip(tr("%1; padded to %2 × %3. Esc or Whole image returns to the whole image.")
                                   .arg(spectrumCaption_->text())
                                   .arg(rendering->magnitudes.cols)
                                   .arg(rendering->magnitudes.rows));
  emit regionSpectrumShown();
}

void ImageWorkspace::showWholeSpectrum() {
  const WorkspaceImagePtr current = currentImage();
  const SpectrumRenderingPtr spectrum = lastSpectrum();
  if (!current) return;
  updateCaptions();
  spectrumCaption_->setToolTip(QString());
  profiles_->setRadialProfile(current->radialProfile);
  profiles_->clearLineProfile();
  spectrumView_->clearProfileLine();
  spectrumView_->setOverlayVisible(overlayAction_->isChecked());
  if (spectrum) {
    spectrumView_->setImage(spectrum->view, false);
    colourBar_->showScale(spectrum->settings, current->magnitudeRange, current->magnitudes.rows,
                          current->magnitudes.cols);
  }
  spectrumView_->setNotches(editor_->spec().notches);
}

QString ImageWorkspace::spectrumCaption() const { return spectrumCaption_->text(); }

}  // namespace fftscope::gui
