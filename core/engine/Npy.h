// NumPy .npy files: the exchange format between FFTScope and Python (np.save / np.load).
// Reads format versions 1.0, 2.0 and 3.0 holding a rank-1 or rank-2, C-order, little-endian array of
// complex64, complex128, float32 or float64. Writes any of the four as version 1.0 (2.0 only
// when the header would not fit 1.0's 16-bit length). Every bad file throws std::runtime_error whose
// message names the file and the problem.
#pragma once

#include "engine/description/FftTypes.h"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace fftscope {

struct NpyArray {
  std::vector<std::size_t> shape;   // rank 1 or 2, every dimension > 0
  bool isComplex = true;            // '<c8'/'<c16' when true, '<f4'/'<f8' when false
  Precision precision = Precision::F64;
  std::vector<unsigned char> bytes; // raw little-endian C-order data, exactly elementCount() values

  std::size_t elementCount() const;
};

// What the header declares, read and checked (dtype, shape, the data's size against the file and
// against this machine's memory) before any data is read, so that a caller can refuse a shape its
// device cannot take without reading gigabytes first.
struct NpyHeader {
  std::filesystem::path path;
  std::vector<std::size_t> shape;
  bool isComplex = true;
  Precision precision = Precision::F64;
  std::uint64_t dataOffset = 0;  // where the data starts in the file
  std::uint64_t dataBytes = 0;   // exactly what the shape needs

  std::size_t elementCount() const;
};

// The header only: throws std::runtime_error naming the file and the problem, reads no data.
NpyHeader readNpyHeader(const std::filesystem::path& path);
// The data a checked header describes.
NpyArray readNpyData(const NpyHeader& header);
// Both in one: readNpyData(readNpyHeader(path)).
NpyArray readNpy(const std::filesystem::path& path);

// Real data becomes the real part with a zero imaginary part; f64 data is rounded to f32.
std::vector<std::complex<float>> toComplexF32(const NpyArray& array);
std::vector<std::complex<double>> toComplexF64(const NpyArray& array);
// Real (float32 or float64) data as it is; complex data is refused (std::invalid_argument).
std::vector<float> toRealF32(const NpyArray& array);
std::vector<double> toRealF64(const NpyArray& array);

// shape must be rank 1 or 2 with no zero dimension and hold exactly data.size() values
// (std::invalid_argument otherwise, before the file is touched).
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape,
              const std::vector<std::complex<float>>& data);
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape,
              const std::vector<std::complex<double>>& data);
// float32 and float64 arrays.
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<float>& data);
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<double>& data);

}  // namespace fftscope
