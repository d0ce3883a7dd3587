// Writing .npy files as version 1.0 (2.0 only when the header would not fit 1.0's 16-bit length),
// through the atomic writer: a failed write leaves the old file as it was.
#include "io/Npy.h"

#include "io/NpyFormat.h"
#include "io/StagedFile.h"

#include <chrono>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fftscope {
namespace {

using namespace npy;

void write(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const Dtype& dtype,
           std::span<const std::uint8_t> data, NpyWriteTimes* times) {
  if (shape.size() != 1 && shape.size() != 2)
    throw std::invalid_argument("writeNpy: rank " + number(shape.size()) + " is not supported; expected 1 or 2");
  std::size_t count = 1;
  for (std::size_t d : shape) {
    if (d == 0) throw std::invalid_argument("writeNpy: zero-sized dimension in shape " + shapeText(shape));
    count *= d;
  }
  if (count * dtype.bytes != data.size())
    throw std::invalid_argument("writeNpy: shape " + shapeText(shape) + " holds " + number(count) +
                                " values but the data has " + number(data.size() / dtype.bytes));

  std::string header = "{'descr': '<" + std::string(dtype.code) + "', 'fortran_order': False, 'shape': " +
                       shapeText(shape) + ", }";
  // Pads with spaces and a final '\n' so that the data starts on a kAlignment boundary.
  auto padded = [&](std::size_t preamble) {
    const std::size_t unpadded = preamble + header.size() + 1;
    return header.size() + (kAlignment - unpadded % kAlignment) % kAlignment + 1;
  };
  // Version 1.0 stores the header length in 16 bits; longer headers need 2.0 and a 32-bit length.
  const bool v1 = padded(10) <= 0xFFFF;
  const std::size_t headerLength = padded(v1 ? 10 : 12);
  header.resize(headerLength - 1, ' ');
  header += '\n';

  std::string prefix(kMagic);
  prefix += static_cast<char>(v1 ? 1 : 2);
  prefix += '\0';
  for (std::size_t i = 0, length = header.size(); i < (v1 ? 2u : 4u); ++i, length >>= 8)
    prefix += static_cast<char>(length & 0xFF);

  using Clock = std::chrono::steady_clock;
  auto msSince = [](Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); };
  auto started = Clock::now();
  io::StagedFile file(path);
  file.write(prefix + header);
  file.write(data);
  NpyWriteTimes spent;
  spent.writeMs = msSince(started);
  started = Clock::now();
  file.finish();
  spent.flushMs = msSince(started);
  started = Clock::now();
  file.commit();
  spent.renameMs = msSince(started);
  if (times) *times = spent;
}

// V: std::complex<float>, std::complex<double>, float or double.
template <typename V>
void write(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<V>& data) {
  constexpr bool isComplex = !std::is_floating_point_v<V>;
  constexpr std::size_t scalarBytes = isComplex ? sizeof(V) / 2 : sizeof(V);
  const Dtype& dtype = dtypeOf(isComplex, scalarBytes == 4 ? Precision::F32 : Precision::F64);
  write(path, shape, dtype, std::span(reinterpret_cast<const std::uint8_t*>(data.data()), data.size() * sizeof(V)),
        nullptr);
}

}  // namespace

void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape,
              const std::vector<std::complex<float>>& data) {
  write(path, shape, data);
}
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape,
              const std::vector<std::complex<double>>& data) {
  write(path, shape, data);
}
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<float>& data) {
  write(path, shape, data);
}
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<double>& data) {
  write(path, shape, data);
}
void writeNpyBytes(const std::filesystem::path& path, const std::vector<std::size_t>& shape, bool isComplex,
                   Precision precision, std::span<const std::uint8_t> data, NpyWriteTimes* times) {
  write(path, shape, dtypeOf(isComplex, precision), data, times);
}

}  // namespace fftscope
