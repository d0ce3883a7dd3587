#include "engine/runtime/TableKey.h"

#include "engine/planning/GroupedPlanner.h"

#include <functional>

namespace fftscope {
namespace {

void mix(std::size_t& seed, std::size_t value) { seed ^= value + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2); }

}  // namespace

std::size_t TableKeyHash::operator()(const TableKey& k) const {
  std::size_t seed = 0;
  for (std::size_t v : {static_cast<std::size_t>(k.table), static_cast<std::size_t>(k.kind), static_cast<std::size_t>(k.radix),
                        static_cast<std::size_t>(k.tailRadix), k.p, k.span, k.lanes, static_cast<std::size_t>(k.columns),
                        k.stride, k.length, static_cast<std::size_t>(k.splitTwiddles), k.outerLength,
                        static_cast<std::size_t>(k.twiddledBefore), k.splitCols, k.n, k.padded, k.rows})
    mix(seed, v);
  for (int r : k.innerRadices) mix(seed, static_cast<std::size_t>(r));
  return seed;
}

TableKey twiddleTableKey(const PassInfo& pass) {
  // Passes with the same radices and sub-sequence lengths share a table; a grouped pass's also
  // depends on its inner radices, lanes and outer twiddles.
  TableKey key;
  key.kind = pass.kind;
  key.radix = pass.radix;
  key.tailRadix = pass.localFft.tailRadix;
  key.p = pass.p;
  key.span = pass.span;
  if (pass.kind == PassKind::Grouped) {
    key.innerRadices = pass.grouped.innerRadices;
    key.lanes = pass.grouped.lanes;
    key.columns = pass.batchFastest;
    key.stride = pass.stride;
    key.length = pass.length;
    key.splitCols = pass.hooks.splitCols;
    key.splitTwiddles = pass.hooks.splitTwiddles;
    key.outerLength = groupedOuterLength(pass);
    key.twiddledBefore = pass.grouped.twiddledBefore;
  }
  return key;
}

TableKey bluesteinTableKey(const PassInfo& pass) {
  TableKey key;
  const bool hooked = pass.kind == PassKind::Grouped;
  key.table = hooked ? TableKind::HookedBluestein
              : pass.elementwise.kernel == ElementwiseKernel::SpectrumProduct ? TableKind::Filter
                                                                        : TableKind::Chirp;
  key.n = hooked ? pass.hooks.n : pass.length;
  key.padded = pass.padded;
  key.splitCols = hooked ? pass.hooks.splitCols : 0;  // a split's filter is in its row pass's order
  return key;
}

TableKey raderTableKey(const PassInfo& pass) {
  TableKey key;
  key.table = TableKind::Rader;
  key.n = pass.hooks.n;
  key.padded = pass.padded;
  key.rows = pass.rows;  // the side slots are the rows'
  return key;
}

TableKey raderLogarithmsKey(const PassInfo& pass) {
  TableKey key;
  key.table = TableKind::RaderLogarithms;
  key.n = pass.hooks.n;
  key.padded = pass.padded;
  return key;
}

}  // namespace fftscope
