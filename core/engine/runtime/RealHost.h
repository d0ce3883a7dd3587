// Real transforms on host arrays: on a device through RealPlan (upload, transform, download), or
// with FFTW's complex transforms when there is no OpenCL platform. Layouts as RealPlan.h:
// `rows` x `cols` reals per transform (rows = 1 in 1D), `batch` transforms one after another, and
// rows x (cols/2 + 1) complex bins each.
#pragma once

#include "engine/runtime/RealPlan.h"

#include <complex>
#include <vector>

namespace fftscope {

// The plan's input as T (real) or std::complex<T> values, its output likewise; sizes are checked
// against the plan (std::invalid_argument).
template <typename In, typename Out>
std::vector<Out> runRealOnDevice(cl::DeviceContext& context, RealPlan& plan, const std::vector<In>& input,
                                 std::uint64_t* kernelNanoseconds = nullptr);

template <typename T>
std::vector<std::complex<T>> realForwardFftw(const std::vector<T>& x, std::size_t rows, std::size_t cols,
                                             std::size_t batch, bool twoD);
template <typename T>
std::vector<T> realInverseFftw(const std::vector<std::complex<T>>& half, std::size_t rows, std::size_t cols,
                               std::size_t batch, bool twoD);

}  // namespace fftscope
