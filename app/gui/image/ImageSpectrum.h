// The one spectrum the workspace shows, reads out and searches for notches: the spectrum of a
// grey image, of the luminance in luminance mode, and otherwise Y's spectrum made from the R, G
// and B spectra (the FFT is linear, so no extra transform is needed).
#pragma once

#include "imaging/FilterPipeline.h"
#include "imaging/Spectrum.h"
#include "imaging/SpectrumDisplay.h"
#include "imaging/SpectrumMagnitudes.h"

namespace fftscope::gui {

imaging::Spectrum displaySpectrum(const imaging::SpectralImage& analysed);
// The same, rendered, or as the magnitudes of its half; one plane is read where it lies, not copied.
imaging::RgbImage renderDisplaySpectrum(const imaging::SpectralImage& analysed, const imaging::DisplaySettings& settings);
imaging::SpectrumMagnitudes displayMagnitudes(const imaging::SpectralImage& analysed);

}  // namespace fftscope::gui
