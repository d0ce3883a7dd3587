// FFTW as the CPU reference and the fallback when no OpenCL device is there.
// Conventions match NumPy: forward is unnormalised with exp(-2πi·jk/N), inverse uses exp(+2πi·jk/N)
// and is scaled by 1/N (N = cols in 1D, rows·cols in 2D).
// Layout: 1D is `batch` rows of `cols` values (rows must be 1); 2D is `batch` row-major arrays of
// rows × cols, one after another. Bad sizes throw std::invalid_argument before any work.
#pragma once

#include "engine/description/FftTypes.h"

#include <complex>
#include <mutex>
#include <cstddef>
#include <vector>

namespace fftscope {

// FFTW's planner is not thread-safe: everything in the engine that plans with FFTW holds this.
std::mutex& fftwPlannerMutex();

// in == out transforms in place; otherwise `in` is left unchanged.
void fftwTransform(const std::complex<float>* in, std::complex<float>* out, std::size_t rows, std::size_t cols,
                   std::size_t batch, bool twoD, Direction dir);
void fftwTransform(const std::complex<double>* in, std::complex<double>* out, std::size_t rows, std::size_t cols,
                   std::size_t batch, bool twoD, Direction dir);

// The accuracy reference: the same transform in long double. `in` holds rows·cols·batch values.
std::vector<std::complex<long double>> referenceTransform(const std::vector<std::complex<double>>& in,
                                                          std::size_t rows, std::size_t cols, std::size_t batch,
                                                          bool twoD, Direction dir);
// Float input is widened exactly, so this is the reference for an f32 result.
std::vector<std::complex<long double>> referenceTransform(const std::vector<std::complex<float>>& in,
                                                          std::size_t rows, std::size_t cols, std::size_t batch,
                                                          bool twoD, Direction dir);

}  // namespace fftscope
