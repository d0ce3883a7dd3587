// What the GUI tests share: an FFTW (double) reference of the filter formulas, spectral energy at
// one frequency, files that must be refused, and a settings file of their own.
#pragma once

#include "imaging/Image.h"

#include <QString>

#include <complex>
#include <functional>
#include <vector>

namespace fftscope::gui::testing {

// The 2D DFT of a plane in double precision (FFTW), unscaled, unshifted.
std::vector<std::complex<double>> referenceSpectrum(const std::vector<float>& plane, int rows, int cols);

// The filtered image as the issue defines it, from FFTW in double: real part of
// inverse(FFT(x) * H(fx, fy)) / N, clipped to the input's range and rounded. For a grey image
// whose sides are powers of two (no padding).
imaging::Image referenceFiltered(const imaging::Image& image, const std::function<double(double, double)>& response);

// |X(kx, ky)|^2 summed over a (2 reach + 1)^2 neighbourhood of the bin and of its twin.
double energyNear(const imaging::Image& image, int kx, int ky, int reach = 1);

double relativeL2(const imaging::Image& a, const imaging::Image& reference);
double maxAbsDifference(const imaging::Image& a, const imaging::Image& b);

// An image of the given size: a smooth scene plus amplitude * cos(2 pi (kx x / w + ky y / h)).
imaging::Image stripedImage(int width, int height, int kx, int ky, double amplitude, imaging::Image* clean);

// Files for the refusal tests, written into `folder`; each returns its path.
QString writeTruncatedPng(const QString& folder);
QString writeGarbageFile(const QString& folder);
QString writeHugeDeclaredPgm(const QString& folder);  // declares 100000 x 100000 pixels

// Points QSettings at a fresh folder so tests never read or write the user's settings.
void isolateSettings();
// Forgets what an earlier test's window saved, so that a test starts from the defaults whatever ran before.
void forgetSettings();

}  // namespace fftscope::gui::testing
