// What to compute: shape, batch, direction, precision and variant. A plain value; validate()
// refuses what no device could run (zero sizes, more than 2^28 points) before any OpenCL work.
// Any length >= 1 is accepted (1 is the identity).
#pragma once

#include "engine/description/FftTypes.h"

#include <cstddef>
#include <string>

namespace fftscope {

struct PlanDescription {
  int dimensions = 1;       // 1: `batch` rows of `cols` points; 2: `batch` arrays of rows x cols
  std::size_t rows = 1;     // 2D only
  std::size_t cols = 0;     // the transform length in 1D, the width in 2D
  std::size_t batch = 1;
  Direction direction = Direction::Forward;
  Precision precision = Precision::F32;
  Variant variant = Variant::Auto;
  TwiddleMode twiddle = TwiddleMode::Table;
  TransposeMode transpose = TransposeMode::Tiled;

  std::size_t points() const { return rows * cols; }  // points in one transform
  std::size_t elements() const { return points() * batch; }
  std::size_t bytes() const { return elements() * bytesPerComplex(precision); }
  std::string summary() const;  // e.g. "1D 1024 x3 f32 forward r16/table"

  static PlanDescription oneD(std::size_t n, std::size_t batch = 1);
  static PlanDescription twoD(std::size_t rows, std::size_t cols, std::size_t batch = 1);
};

bool isPowerOfTwo(std::size_t n);
// Throws std::invalid_argument naming the offending field.
void validate(const PlanDescription& description);
// The same checks (kept for callers that planned transposes of any shape before any size was).
void validateShape(const PlanDescription& description);

}  // namespace fftscope
