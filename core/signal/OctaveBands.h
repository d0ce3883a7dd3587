// Fractional-octave bands of IEC 61260-1 with the base-ten octave ratio G = 10^(3/10): for a
// fraction 1/b the exact mid-band frequencies are fm = 1000 G^(x/b) for odd b and
// 1000 G^((2x+1)/(2b)) for even b (x an integer), and the band edges fm G^(-+1/(2b)).
// Band levels come from a one-sided power spectrum: each FFT bin spans [f - df/2, f + df/2) and
// adds to a band the share of its power that falls inside the band's edges, weighted (A, C, Z)
// at the bin's centre.
#pragma once

#include "signal/FrequencyWeighting.h"

#include <cstddef>
#include <span>
#include <vector>

namespace fftscope::signal {

struct OctaveBand {
  double low = 0.0;
  double centre = 0.0;  // exact mid-band frequency
  double high = 0.0;
};

// The fractions offered: 1, 3, 6, 12, 24 (bands per octave).
const std::vector<int>& octaveFractions();

// Bands of 1/`fraction` octave whose mid-band frequency lies in [lowest, highest] and whose upper
// edge lies below `nyquist` (0: no such limit). Throws std::invalid_argument for a fraction
// that is not offered or limits that are not positive and in order.
std::vector<OctaveBand> octaveBands(int fraction, double lowest, double highest, double nyquist = 0.0);

// The mean-square power in each band from `binPower` (k = 0 .. M/2, bins `binWidth` hertz apart,
// the one-sided power per bin whose sum is the signal's mean square).
std::vector<double> bandPowers(std::span<const double> binPower, double binWidth, std::span<const OctaveBand> bands,
                               FrequencyWeighting weighting = FrequencyWeighting::Z);

// One-sided power per bin from squared FFT magnitudes |X_k|^2 of a frame windowed by w:
// c_k |X_k|^2 / (N sum w^2), c_k = 2 except at DC and Nyquist (Parseval: their sum is the mean
// square of a stationary signal).
std::vector<double> binPowerFromMagnitudes(std::span<const double> squaredMagnitudes, std::size_t fftSize,
                                           double windowSquareSum);

// Mean square to level in dBFS where a full-scale sine (mean square 1/2) reads 0 dBFS.
double meanSquareToDbfs(double meanSquare);

}  // namespace fftscope::signal
