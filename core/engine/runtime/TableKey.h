// Which table a pass reads, as one value: passes whose keys are equal share one buffer of a plan
// (Plan::tables_). Twiddles depend on the pass's shape (and a grouped pass's inner radices,
// lanes and outer length); Bluestein's chirp and filter on n and M (and a split's order); Rader's
// tables on n, M and the rows whose side slots they hold.
#pragma once

#include "engine/description/PassInfo.h"

#include <cstddef>
#include <vector>

namespace fftscope {

enum class TableKind {
  Twiddles,         // TwiddleTable.h
  Chirp,            // chirp_pad's and chirp_unpad's chirp
  Filter,           // spectrum_product's filter spectrum
  HookedBluestein,  // a grouped pass's chirp, then its filter spectrum (ChirpHooks)
  Rader,            // Rader's filter spectrum, powers of g and side slots (read and written)
  RaderLogarithms,  // rader_permute's logarithms
};

struct TableKey {
  TableKind table = TableKind::Twiddles;
  PassKind kind = PassKind::Stockham;
  int radix = 0;
  int tailRadix = 0;
  std::size_t p = 0;
  std::size_t span = 0;
  // A grouped pass's twiddles.
  std::vector<int> innerRadices;
  std::size_t lanes = 0;
  bool columns = false;
  std::size_t stride = 0;
  std::size_t length = 0;
  SplitTwiddles splitTwiddles = SplitTwiddles::Rows;
  std::size_t outerLength = 0;
  bool twiddledBefore = false;
  // Bluestein's and Rader's tables (and a split's order).
  std::size_t splitCols = 0;
  std::size_t n = 0;
  std::size_t padded = 0;
  std::size_t rows = 0;

  bool operator==(const TableKey&) const = default;
};

struct TableKeyHash {
  std::size_t operator()(const TableKey& key) const;
};

TableKey twiddleTableKey(const PassInfo& pass);
// The chirp (or, for spectrum_product, the filter) of an element-wise Bluestein pass, or a
// grouped pass's chirp and filter.
TableKey bluesteinTableKey(const PassInfo& pass);
TableKey raderTableKey(const PassInfo& pass);
TableKey raderLogarithmsKey(const PassInfo& pass);

}  // namespace fftscope
