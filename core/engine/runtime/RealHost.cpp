#include "engine/runtime/RealHost.h"

#include "engine/reference/FftwReference.h"

#include <stdexcept>

namespace fftscope {

template <typename In, typename Out>
std::vector<Out> runRealOnDevice(cl::DeviceContext& context, RealPlan& plan, const std::vector<In>& input,
                                 std::uint64_t* kernelNanoseconds) {
  if (input.size() * sizeof(In) != plan.inputBytes())
    throw std::invalid_argument(plan.description().summary() + " (real) takes " + std::to_string(plan.inputBytes()) +
                                " bytes of input, not " + std::to_string(input.size() * sizeof(In)));
  cl::Buffer in = context.buffer(plan.inputBytes()), out = context.buffer(plan.outputBytes());
  context.write(in.get(), input.data(), plan.inputBytes());
  PendingRun run = plan.enqueue(in.get(), out.get());
  std::vector<Out> output(plan.outputBytes() / sizeof(Out));
  context.read(out.get(), output.data(), plan.outputBytes());
  if (kernelNanoseconds) {
    *kernelNanoseconds = 0;
    for (const TimingRecord& t : run.timings()) *kernelNanoseconds += t.nanoseconds;
  }
  return output;
}

template std::vector<std::complex<float>> runRealOnDevice(cl::DeviceContext&, RealPlan&, const std::vector<float>&, std::uint64_t*);
template std::vector<std::complex<double>> runRealOnDevice(cl::DeviceContext&, RealPlan&, const std::vector<double>&, std::uint64_t*);
template std::vector<float> runRealOnDevice(cl::DeviceContext&, RealPlan&, const std::vector<std::complex<float>>&, std::uint64_t*);
template std::vector<double> runRealOnDevice(cl::DeviceContext&, RealPlan&, const std::vector<std::complex<double>>&, std::uint64_t*);

// FFTW's complex transform of the widened reals, cropped to the half spectrum: the fallback is for
// machines with no OpenCL at all, where correctness matters more than FFTW's r2c speed.
template <typename T>
std::vector<std::complex<T>> realForwardFftw(const std::vector<T>& x, std::size_t rows, std::size_t cols,
                                             std::size_t batch, bool twoD) {
  std::vector<std::complex<T>> full(x.begin(), x.end());
  fftwTransform(full.data(), full.data(), twoD ? rows : 1, cols, batch, twoD, Direction::Forward);
  const std::size_t width = halfSpectrumLength(cols), lines = full.size() / cols;
  std::vector<std::complex<T>> half(lines * width);
  for (std::size_t line = 0; line < lines; ++line)
    for (std::size_t k = 0; k < width; ++k) half[line * width + k] = full[line * cols + k];
  return half;
}

template <typename T>
std::vector<T> realInverseFftw(const std::vector<std::complex<T>>& half, std::size_t rows, std::size_t cols,
                               std::size_t batch, bool twoD) {
  const std::size_t width = halfSpectrumLength(cols), height = twoD ? rows : 1, lines = height * batch;
  if (half.size() != lines * width) throw std::invalid_argument("realInverseFftw: the half spectrum's size does not match");
  std::vector<std::complex<T>> spectrum = half;
  if (twoD) {  // the columns' inverse transforms, each column gathered into a row
    std::vector<std::complex<T>> columns(width * height);
    for (std::size_t b = 0; b < batch; ++b) {
      std::complex<T>* matrix = spectrum.data() + b * height * width;
      for (std::size_t r = 0; r < height; ++r)
        for (std::size_t k = 0; k < width; ++k) columns[k * height + r] = matrix[r * width + k];
      fftwTransform(columns.data(), columns.data(), 1, height, width, false, Direction::Inverse);
      for (std::size_t r = 0; r < height; ++r)
        for (std::size_t k = 0; k < width; ++k) matrix[r * width + k] = columns[k * height + r];
    }
  }
  std::vector<std::complex<T>> full(lines * cols);
  for (std::size_t line = 0; line < lines; ++line)
    for (std::size_t k = 0; k < cols; ++k) {
      std::complex<T> v = k < width ? spectrum[line * width + k] : std::conj(spectrum[line * width + cols - k]);
      if (k == 0 || (cols % 2 == 0 && k == cols / 2)) v = std::complex<T>(v.real(), 0);  // as NumPy's irfft
      full[line * cols + k] = v;
    }
  fftwTransform(full.data(), full.data(), 1, cols, lines, false, Direction::Inverse);
  std::vector<T> x(full.size());
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = full[i].real();
  return x;
}

template std::vector<std::complex<float>> realForwardFftw(const std::vector<float>&, std::size_t, std::size_t, std::size_t, bool);
template std::vector<std::complex<double>> realForwardFftw(const std::vector<double>&, std::size_t, std::size_t, std::size_t, bool);
template std::vector<float> realInverseFftw(const std::vector<std::complex<float>>&, std::size_t, std::size_t, std::size_t, bool);
template std::vector<double> realInverseFftw(const std::vector<std::complex<double>>&, std::size_t, std::size_t, std::size_t, bool);

}  // namespace fftscope
