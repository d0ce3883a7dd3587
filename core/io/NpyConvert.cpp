// .npy data as the engine's vectors: widened or rounded to the precision asked for.
#include "io/Npy.h"

#include "io/NpyFormat.h"

#include <cstring>
#include <stdexcept>

namespace fftscope {
namespace {

using namespace npy;

// Converts the stored scalars S to complex<Out>; real data gets a zero imaginary part.
template <typename S, typename Out>
std::vector<std::complex<Out>> convert(const NpyArray& array, bool isComplex) {
  const std::size_t count = array.elementCount();
  const std::size_t scalars = count * (isComplex ? 2 : 1);
  std::vector<S> values(scalars);
  std::memcpy(values.data(), array.bytes.data(), scalars * sizeof(S));
  std::vector<std::complex<Out>> out(count);
  for (std::size_t i = 0; i < count; ++i)
    out[i] = isComplex ? std::complex<Out>(static_cast<Out>(values[2 * i]), static_cast<Out>(values[2 * i + 1]))
                       : std::complex<Out>(static_cast<Out>(values[i]), Out(0));
  return out;
}

template <typename Out>
std::vector<std::complex<Out>> toComplex(const NpyArray& array) {
  const Dtype& dtype = dtypeOf(array.isComplex, array.precision);
  if (array.bytes.size() != array.elementCount() * dtype.bytes)
    throw std::invalid_argument("NpyArray holds " + number(array.bytes.size()) + " bytes, its shape " +
                                shapeText(array.shape) + " needs " + number(array.elementCount() * dtype.bytes));
  return array.precision == Precision::F32 ? convert<float, Out>(array, array.isComplex)
                                           : convert<double, Out>(array, array.isComplex);
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

}  // namespace fftscope
