// A real-input FFT of one length in double precision on FFTW: fill real(), call forward(), read
// spectrum() (n/2 + 1 bins, unscaled); or fill spectrum(), call inverse(), read real() (scaled by n
// like FFTW: inverse(forward(x)) = n x). Planned once; one instance serves one thread.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>

namespace fftscope::signal {

// FFTW takes an int length.
constexpr std::size_t kLongestRealFft = 2147483647;

class RealFft {
 public:
  // Throws std::invalid_argument for 0 or above kLongestRealFft, io::MemoryLimitError where its
  // arrays do not fit the memory budget (io/MemoryBudget.h).
  explicit RealFft(std::size_t n);
  // The bytes of its arrays, for callers adding up their own.
  static std::uint64_t workingBytes(std::size_t n);
  ~RealFft();
  RealFft(const RealFft&) = delete;
  RealFft& operator=(const RealFft&) = delete;

  std::size_t size() const { return n_; }
  std::size_t bins() const { return n_ / 2 + 1; }
  double* real() { return real_; }
  std::complex<double>* spectrum() { return spectrum_; }

  void forward();
  void inverse();  // overwrites spectrum()

 private:
  std::size_t n_;
  double* real_ = nullptr;
  std::complex<double>* spectrum_ = nullptr;
  void* forwardPlan_ = nullptr;
  void* inversePlan_ = nullptr;
};

}  // namespace fftscope::signal
