// .npy data as the engine's vectors: widened or rounded to the precision asked for.
#include "io/Npy.h"

#include "io/NpyFormat.h"

#include <cstring>
#include <stdexcept>

namespace fftscope {
namespace {

using namespace npy;

// Converts the stored scalars S to complex<Out>; real data gets a zero imaginary part. Each
// scalar is copied out with memcpy: the bytes need not be aligned for S.
template <typename S, typename Out>
void convert(const std::uint8_t* bytes, bool isComplex, std::complex<Out>* out, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    S re, im = S(0);
    if (isComplex) {
      std::memcpy(&re, bytes + 2 * i * sizeof(S), sizeof(S));
      std::memcpy(&im, bytes + (2 * i + 1) * sizeof(S), sizeof(S));
    } else {
      std::memcpy(&re, bytes + i * sizeof(S), sizeof(S));
    }
    out[i] = std::complex<Out>(static_cast<Out>(re), static_cast<Out>(im));
  }
}

template <typename Out>
void toComplexIn(std::span<const std::uint8_t> bytes, bool isComplex, Precision precision,
                 std::span<std::complex<Out>> out, const std::vector<std::size_t>* shape) {
  const Dtype& dtype = dtypeOf(isComplex, precision);
  if (bytes.size() != out.size() * dtype.bytes) {
    if (shape)
      throw std::invalid_argument("NpyArray holds " + number(bytes.size()) + " bytes, its shape " + shapeText(*shape) +
                                  " needs " + number(out.size() * dtype.bytes));
    throw std::invalid_argument("toComplexInto: " + number(bytes.size()) + " bytes for " + number(out.size()) +
                                " values of '<" + std::string(dtype.code) + "', which need " +
                                number(out.size() * dtype.bytes));
  }
  // The same type stored and wanted: the bytes as they are.
  if (isComplex && sizeof(std::complex<Out>) == dtype.bytes) {
    std::memcpy(out.data(), bytes.data(), bytes.size());
    return;
  }
  if (precision == Precision::F32)
    convert<float, Out>(bytes.data(), isComplex, out.data(), out.size());
  else
    convert<double, Out>(bytes.data(), isComplex, out.data(), out.size());
}

template <typename Out>
std::vector<std::complex<Out>> toComplex(const NpyArray& array) {
  std::vector<std::complex<Out>> out(array.elementCount());
  toComplexIn<Out>(array.bytes, array.isComplex, array.precision, out, &array.shape);
  return out;
}

template <typename Out>
std::vector<Out> toReal(const NpyArray& array) {
  if (array.isComplex)
    throw std::invalid_argument("a real transform needs float32 or float64 data; this array is complex");
  std::vector<std::complex<Out>> widened = toComplex<Out>(array);
  std::vector<Out> real(widened.size());
  for (std::size_t i = 0; i < real.size(); ++i) real[i] = widened[i].real();
  return real;
}

}  // namespace

std::vector<std::complex<float>> toComplexF32(const NpyArray& array) { return toComplex<float>(array); }
std::vector<std::complex<double>> toComplexF64(const NpyArray& array) { return toComplex<double>(array); }
std::vector<float> toRealF32(const NpyArray& array) { return toReal<float>(array); }
std::vector<double> toRealF64(const NpyArray& array) { return toReal<double>(array); }

void toComplexInto(std::span<const std::uint8_t> bytes, bool isComplex, Precision precision,
                   std::span<std::complex<float>> out) {
  toComplexIn<float>(bytes, isComplex, precision, out, nullptr);
}
void toComplexInto(std::span<const std::uint8_t> bytes, bool isComplex, Precision precision,
                   std::span<std::complex<double>> out) {
  toComplexIn<double>(bytes, isComplex, precision, out, nullptr);
}

}  // namespace fftscope
