// What the .npy reader and writer share (numpy/lib/format.py):
//   "\x93NUMPY", major, minor, header length (uint16 LE for 1.0, uint32 LE for 2.0 and 3.0),
//   header: a Python dict literal {'descr': ..., 'fortran_order': ..., 'shape': (...), } padded
//   with spaces and ended by '\n' so that the data starts on a 64-byte boundary, then the data.
// Numbers are parsed and printed with std::from_chars / std::to_chars, which ignore the locale.
// Written by hand on purpose: .npy is a file format of our own to parse, so every byte is checked
// here (and the bad-file tests feed it hostile headers) rather than trusted to a general library.
#pragma once

#include "io/Precision.h"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::npy {

// Data is copied with memcpy as little-endian; a big-endian host would need byte swaps here.
static_assert(std::endian::native == std::endian::little, "Npy I/O assumes a little-endian host");

inline constexpr std::string_view kMagic{"\x93NUMPY", 6};
inline constexpr std::size_t kAlignment = 64;  // what numpy writes since 1.14; readers accept any
inline constexpr std::string_view kAccepted = "'<c8', '<c16', '<f4', '<f8'";

// Throws std::runtime_error "npy file 'PATH': PROBLEM".
[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem);

std::string number(std::uint64_t value);
// Python's spelling: (5,) or (2, 3).
std::string shapeText(const std::vector<std::size_t>& shape);

struct Dtype {
  std::string_view code;  // without the byte-order character
  bool isComplex;
  Precision precision;
  std::size_t bytes;
};

inline constexpr std::array<Dtype, 4> kDtypes{{{"c8", true, Precision::F32, 8},
                                               {"c16", true, Precision::F64, 16},
                                               {"f4", false, Precision::F32, 4},
                                               {"f8", false, Precision::F64, 8}}};

const Dtype& dtypeOf(bool isComplex, Precision precision);

}  // namespace fftscope::npy
