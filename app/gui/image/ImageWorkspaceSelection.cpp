// The Image workspace's FFT of a selection: a rectangle of the original whose Hann-windowed
// spectrum replaces the whole image's in the spectrum view, its colour bar and radial profile,
// until the selection is cleared. The mask and the filter still belong to the whole image.
#include "image/ImageWorkspace.h"

#include "image/ColourBar.h"
#include "image/DisplayPanel.h"
#include "image/ProfilePlots.h"
#include "image/RegionAnalysis.h"
#include "image/RegionSelectView.h"
#include "image/MaskEditor.h"

#include <QAction>
#include <QLabel>

namespace fftscope::gui {

void ImageWorkspace::selectRegion(const QRect& pixels) {
  if (!current_ || pixels.isEmpty()) return;
  selected_ = pixels & QRect(0, 0, current_->image->width, current_->image->height);
  originalView_->setSelection(selected_);
  wholeImageAction_->setEnabled(true);
  regions_->request(current_->id, current_->image,
                    imaging::Region{selected_.x(), selected_.y(), selected_.width(), selected_.height()},
                    displayPanel_->settings());
  spectrumCaption_->setText(tr("Spectrum of the selection — computing…"));
}

void ImageWorkspace::clearSelection() {
  const bool shown = region_ != nullptr;
  regions_->cancel();
  selected_ = QRect();
  region_.reset();
  originalView_->clearSelection();
  wholeImageAction_->setEnabled(false);
  if (shown) showWholeSpectrum();
  else if (current_) updateCaptions();
}

void ImageWorkspace::onRegionRendered(std::shared_ptr<const RegionRendering> rendering) {
  if (!current_ || rendering->imageId != current_->id || selected_.isNull()) return;
  region_ = rendering;
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
  if (!current_) return;
  updateCaptions();
  spectrumCaption_->setToolTip(QString());
  profiles_->setRadialProfile(current_->radialProfile);
  profiles_->clearLineProfile();
  spectrumView_->clearProfileLine();
  spectrumView_->setOverlayVisible(overlayAction_->isChecked());
  if (spectrum_) {
    spectrumView_->setImage(spectrum_->view, false);
    colourBar_->showScale(spectrum_->settings, current_->magnitudeRange, current_->magnitudes.rows,
                          current_->magnitudes.cols);
  }
  spectrumView_->setNotches(editor_->spec().notches);
}

QString ImageWorkspace::spectrumCaption() const { return spectrumCaption_->text(); }

}  // namespace fftscope::gui
