// Linear convolution with an FIR of L taps through FFTs in overlap-add blocks: blocks of B input
// samples, each zero padded to an FFT of N >= B + L - 1 points, multiplied by the FIR's transform
// and added into the output, so every block's full convolution lands without wrap-around and the
// result equals one long convolution (no seams). The working memory is a few N-point buffers
// whatever the signal's length. The FIR's delay (L - 1) / 2 is removed: output sample n is
// sum_m h[m] x[n + (L - 1) / 2 - m], the same length as the input (zeros beyond its ends).
#pragma once

#include "signal/FilterDesign.h"
#include "signal/ReadControl.h"
#include "signal/Signal.h"

#include <cstddef>
#include <span>
#include <vector>

namespace fftscope::signal {

class OverlapAddFilter {
 public:
  // blockLength 0: N is the power of two >= 2L (at least 4096) and B = N - L + 1.
  explicit OverlapAddFilter(std::vector<double> taps, std::size_t blockLength = 0);

  std::size_t taps() const { return taps_.size(); }
  std::size_t blockLength() const { return block_; }
  std::size_t fftSize() const { return fftSize_; }

  // `output` has input.size() values and does not overlap `input`.
  void apply(std::span<const float> input, std::span<float> output, const ReadControl& control = {}) const;

 private:
  std::vector<double> taps_;
  std::size_t block_ = 0;
  std::size_t fftSize_ = 0;
};

// The same convolution as one FFT over the whole signal (memory grows with it): the reference.
std::vector<float> convolveOneShot(std::span<const float> input, const std::vector<double>& taps);

// Every channel through the spec's FIR (overlap-add); rate, format and name kept.
Signal filterSignal(const Signal& signal, const SignalFilterSpec& spec, const ReadControl& control = {});

}  // namespace fftscope::signal
