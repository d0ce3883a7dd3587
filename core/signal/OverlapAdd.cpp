#include "signal/OverlapAdd.h"

#include "io/MemoryBudget.h"
#include "signal/RealFft.h"

#include <algorithm>
#include <bit>
#include <complex>
#include <stdexcept>
#include <string>

namespace fftscope::signal {
namespace {

std::vector<std::complex<double>> transformOfTaps(const std::vector<double>& taps, RealFft& fft) {
  std::fill(fft.real(), fft.real() + fft.size(), 0.0);
  std::copy(taps.begin(), taps.end(), fft.real());
  fft.forward();
  return {fft.spectrum(), fft.spectrum() + fft.bins()};
}

// Convolves input[begin, begin + count) with the taps (given as their transform) and adds the
// result, shifted back by the delay, into output.
void addBlock(std::span<const float> input, std::size_t begin, std::size_t count,
              const std::vector<std::complex<double>>& response, std::size_t taps, RealFft& fft, std::span<float> output) {
  double* real = fft.real();
  std::fill(real, real + fft.size(), 0.0);
  for (std::size_t i = 0; i < count; ++i) real[i] = input[begin + i];
  fft.forward();
  for (std::size_t k = 0; k < fft.bins(); ++k) fft.spectrum()[k] *= response[k];
  fft.inverse();
  const double scale = 1.0 / double(fft.size());
  const std::ptrdiff_t delay = std::ptrdiff_t((taps - 1) / 2);
  const std::size_t produced = count + taps - 1;
  for (std::size_t j = 0; j < produced; ++j) {
    const std::ptrdiff_t at = std::ptrdiff_t(begin + j) - delay;
    if (at >= 0 && std::size_t(at) < output.size()) output[std::size_t(at)] += float(real[j] * scale);
  }
}

}  // namespace

OverlapAddFilter::OverlapAddFilter(std::vector<double> taps, std::size_t blockLength) : taps_(std::move(taps)) {
  if (taps_.empty()) throw std::invalid_argument("a filter of no taps");
  const std::size_t l = taps_.size();
  if (blockLength == 0) {
    fftSize_ = std::bit_ceil(std::max<std::size_t>(2 * l, 4096));
    block_ = fftSize_ - l + 1;
  } else {
    block_ = blockLength;
    fftSize_ = std::bit_ceil(block_ + l - 1);
  }
}

void OverlapAddFilter::apply(std::span<const float> input, std::span<float> output, const ReadControl& control) const {
  if (output.size() != input.size())
    throw std::invalid_argument("the output has " + std::to_string(output.size()) + " samples, the input " +
                                std::to_string(input.size()));
  // Accumulating straight into the output is exact only when the two do not share memory.
  std::fill(output.begin(), output.end(), 0.0f);
  RealFft fft(fftSize_);
  const auto response = transformOfTaps(taps_, fft);
  control.step(0.0);
  for (std::size_t begin = 0; begin < input.size(); begin += block_) {
    const std::size_t count = std::min(block_, input.size() - begin);
    addBlock(input, begin, count, response, taps_.size(), fft, output);
    control.step(double(begin + count) / double(input.size()));
  }
}

std::vector<float> convolveOneShot(std::span<const float> input, const std::vector<double>& taps) {
  std::vector<float> output(input.size(), 0.0f);
  RealFft fft(std::bit_ceil(input.size() + taps.size() - 1));
  const auto response = transformOfTaps(taps, fft);
  addBlock(input, 0, input.size(), response, taps.size(), fft, output);
  return output;
}

Signal filterSignal(const Signal& signal, const SignalFilterSpec& spec, const ReadControl& control) {
  const OverlapAddFilter filter(designFir(spec, signal.sampleRate));
  io::requireMemory(io::bytesOf(io::bytesOf(signal.frames(), signal.channelCount()), sizeof(float)),
                    "the filtered signal of " + std::to_string(signal.frames()) + " frames of " +
                        std::to_string(signal.channelCount()) + " channel(s)");
  Signal result{signal.sampleRate, {}, signal.sourceName, signal.format};
  const double channels = double(signal.channelCount());
  for (std::size_t c = 0; c < signal.channelCount(); ++c) {
    ReadControl perChannel{nullptr, control.cancel};
    if (control.progress)
      perChannel.progress = [&, c](double f) { control.progress((double(c) + f) / channels); };
    std::vector<float> out(signal.frames());
    filter.apply(signal.channels[c], out, perChannel);
    result.channels.push_back(std::move(out));
  }
  return result;
}

}  // namespace fftscope::signal
