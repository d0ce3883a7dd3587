// What the explorer shows on hover: a butterfly output's formula, a twiddle exactly and as the
// plan stores it, and an index in binary (power-of-two radices) or in mixed-radix digits.
//
// Legend: W = w(1, N) = exp(sign·2πi/N); y = what the column writes, x = what it reads;
// i, k, p, R as in StockhamMapping.h; j = (i − k)·R + k, the output index of slot 0.
#pragma once

#include "graph/FlowGraph.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fftscope::graph {

// e.g. "y[5] = x[1] + W^12·x[5] + W^8·x[9] + W^4·x[13]"; "− x[b]" for W^(N/2); a trailing
// " (·1/N)" where the column scales. butterfly indexes column.butterflies; q < its outputs.
std::string formula(const FlowGraph& graph, const Column& column, std::size_t butterfly, int q);

struct TwiddleAnnotation {
  std::uint64_t numerator = 0;    // the angle as a reduced fraction of the full circle
  std::uint64_t denominator = 1;
  std::string fraction;           // "3/16", "0"
  long double cosExact = 1.0L;    // Re w and Im w (with the direction's sign), long double
  long double sinExact = 0.0L;
  double cosStored = 1.0;         // as TwiddleTable.cpp stores them: rounded once to the precision
  double sinStored = 0.0;
  long double storedError = 0.0L; // |stored − exact|
};

// The value is computed from the unreduced (exponent, over) exactly as TwiddleTable.cpp does:
// what the device multiplies by with twiddle mode `table`. The modes sincos, native and
// recurrence compute twiddles on the device instead; their values are not modelled here.
TwiddleAnnotation annotateTwiddle(const Twiddle& twiddle, Direction direction, Precision precision);

struct IndexAnnotation {
  std::size_t value = 0;
  std::string binary;             // most significant bit first, log2 N digits; empty if N is no power of two
  int insertedLow = -1;           // the column's slot bits: [insertedLow, insertedLow + insertedCount)
  int insertedCount = 0;
  std::vector<int> radices;       // mixed-radix digits of the value, least significant first ...
  std::vector<std::size_t> digits;  // ... by the radices of the graph's columns
  int insertedDigit = -1;         // the digit the column's slot m fills (Stockham graphs)
};

// An index written by `column` (a node of boundary c + 1): for a Stockham stage, the output
// slot q sits in the log2 R bits at bit log2 p (power-of-two R), or in digit c (any R).
IndexAnnotation annotateOutputIndex(const FlowGraph& graph, const Column& column, std::size_t index);
// Any index of the graph, without the column's inserted bits.
IndexAnnotation annotateIndex(const FlowGraph& graph, std::size_t index);

// Where a butterfly writes, in bits: i, its low log2 p bits k, and j = (i − k)·R + k, which is
// i with log2 R zero bits put in at bit log2 p; output q then fills those bits with q.
struct ButterflyAnnotation {
  std::size_t i = 0;
  std::size_t k = 0;
  std::size_t j = 0;
  std::string iBinary;   // log2(M/R) digits (M: points of the sub-transform); empty unless powers of two
  int kBits = 0;         // the low kBits bits of i are k
  std::string jBinary;   // log2 M digits
  int insertedLow = -1;  // j's zero bits [insertedLow, insertedLow + insertedCount)
  int insertedCount = 0;
};

// For a Stockham or local stage column (the textbook graphs index in place).
ButterflyAnnotation annotateButterfly(const Column& column, std::size_t butterfly);

}  // namespace fftscope::graph
