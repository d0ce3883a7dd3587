// The vocabulary of the engine: precision, direction and the variant names used everywhere
// (CLI flags, JSON, GUI). Parsing throws std::invalid_argument naming the accepted values.
#pragma once

#include "io/Precision.h"

#include <string>
#include <string_view>
#include <vector>

namespace fftscope {

enum class Direction { Forward, Inverse };
// Stockham passes of radix 2/4/8/16 in global memory, one work-group per row, or the planner's pick.
enum class Variant { R2, R4, R8, R16, Local, Auto };
enum class TwiddleMode { Table, Sincos, Native, Recurrence };
enum class TransposeMode { Naive, Tiled, Padded, None };

std::string_view toString(Precision);
std::string_view toString(Direction);
std::string_view toString(Variant);
std::string_view toString(TwiddleMode);
std::string_view toString(TransposeMode);

Precision parsePrecision(std::string_view);
Direction parseDirection(std::string_view);
Variant parseVariant(std::string_view);
TwiddleMode parseTwiddleMode(std::string_view);
TransposeMode parseTransposeMode(std::string_view);

const std::vector<Variant>& allVariants();          // r2 r4 r8 r16 local auto
const std::vector<TwiddleMode>& allTwiddleModes();
const std::vector<TransposeMode>& allTransposeModes();

inline std::size_t bytesPerComplex(Precision p) { return p == Precision::F32 ? 8 : 16; }
inline int radixOf(Variant v) {
  switch (v) {
    case Variant::R2: return 2;
    case Variant::R4: return 4;
    case Variant::R8: return 8;
    case Variant::R16: return 16;
    default: return 0;
  }
}

}  // namespace fftscope
