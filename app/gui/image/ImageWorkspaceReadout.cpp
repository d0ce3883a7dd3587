// The Image workspace's readout: frequency, period, radius, angle and level under the pointer on
// the spectrum, helped onto a prominent peak where a screen pixel covers several bins.
#include "image/ImageWorkspace.h"

#include "image/RegionAnalysis.h"
#include "image/SpectrumView.h"
#include "imaging/PeakSnap.h"
#include "imaging/SpectrumReadout.h"

#include <QLabel>

#include <cmath>
#include <stdexcept>

namespace fftscope::gui {

void ImageWorkspace::showReadout(int x, int y) {
  const WorkspaceImagePtr current = currentImage();
  const SpectrumRenderingPtr spectrum = lastSpectrum();
  const RegionRenderingPtr region = document_->region();
  if (!current || !spectrum) return;
  try {
    // Where a screen pixel covers several bins, the pointer is helped onto a peak near it.
    const imaging::SpectrumMagnitudes& s = region ? region->magnitudes : current->magnitudes;
    const bool centred = region ? region->settings.centred : spectrum->settings.centred;
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

QString ImageWorkspace::readoutHint() const {
  return tr("Point at the spectrum to read frequency, period and level. Notch tool: click a bright peak to "
            "remove it.");
}

}  // namespace fftscope::gui
