// NumPy .npy files: the exchange format between FFTScope and Python (np.save / np.load).
// Reads format versions 1.0, 2.0 and 3.0 holding a rank-1 or rank-2, C-order, little-endian array of
// complex64, complex128, float32 or float64. Writes any of the four as version 1.0 (2.0 only
// when the header would not fit 1.0's 16-bit length), through the atomic writer (io/StagedFile.h):
// a failed write leaves the old file as it was. Every bad file throws std::runtime_error whose
// message names the file and the problem.
#pragma once

#include "io/Precision.h"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
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
// Bytes [from, from + into.size()) of that data, straight into a caller's buffer (pinned memory
// an upload reads, say); parts may be read on several threads at once. A range outside the data
// throws std::invalid_argument; a file cut short since its header was read, std::runtime_error.
void readNpyBytes(const NpyHeader& header, std::uint64_t from, std::span<std::uint8_t> into);
// Both in one: readNpyData(readNpyHeader(path)).
NpyArray readNpy(const std::filesystem::path& path);

// Real data becomes the real part with a zero imaginary part; f64 data is rounded to f32.
std::vector<std::complex<float>> toComplexF32(const NpyArray& array);
std::vector<std::complex<double>> toComplexF64(const NpyArray& array);
// Real (float32 or float64) data as it is; complex data is refused (std::invalid_argument).
std::vector<float> toRealF32(const NpyArray& array);
std::vector<double> toRealF64(const NpyArray& array);
// The same conversion into a caller's buffer: `bytes` holds out.size() values stored as the
// header says (isComplex, precision); any other size throws std::invalid_argument.
void toComplexInto(std::span<const std::uint8_t> bytes, bool isComplex, Precision precision,
                   std::span<std::complex<float>> out);
void toComplexInto(std::span<const std::uint8_t> bytes, bool isComplex, Precision precision,
                   std::span<std::complex<double>> out);

// shape must be rank 1 or 2 with no zero dimension and hold exactly data.size() values
// (std::invalid_argument otherwise, before the file is touched).
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape,
              const std::vector<std::complex<float>>& data);
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape,
              const std::vector<std::complex<double>>& data);
// float32 and float64 arrays.
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<float>& data);
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<double>& data);

// Where a write's time went, for callers that report it: the bytes written into the staged file,
// flushing them to disk (fsync) and the rename that puts the file in place.
struct NpyWriteTimes {
  double writeMs = 0, flushMs = 0, renameMs = 0;
};
// Raw little-endian C-order values of the dtype that isComplex and precision name (a download's
// buffer as it is), with the checks writeNpy makes.
void writeNpyBytes(const std::filesystem::path& path, const std::vector<std::size_t>& shape, bool isComplex,
                   Precision precision, std::span<const std::uint8_t> data, NpyWriteTimes* times = nullptr);

}  // namespace fftscope
