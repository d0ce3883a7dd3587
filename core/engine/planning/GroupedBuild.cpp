#include "engine/planning/GroupedBuild.h"

#include "engine/planning/ExchangeLayout.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/RegisterExchange.h"

#include <algorithm>

namespace fftscope {
namespace {

GroupedBuild buildOf(const PassInfo& pass, Precision precision, const DeviceLimits& limits) {
  GroupedBuild build;
  // A pass that twiddles its own loads reads its group's outer twiddles from local memory where
  // that has room beside the pass's own (kernels/grouped_fft.cl, STAGED_TWIDDLES).
  const std::size_t stagedSets = groupedTableLayout(pass).split == 3 ? 2 : 1;
  const bool loadTwiddles = twiddlesOwnLoads(pass);
  build.layouts = exchangeLayoutsOf(pass, precision, limits);
  const std::size_t valueBytes = pass.grouped.componentExchange ? bytesPerComplex(precision) / 2 : bytesPerComplex(precision);
  const std::size_t exchangeBytes =
      build.layouts                    ? pass.grouped.lanes * build.layouts->laneStride * valueBytes
      : pass.grouped.componentExchange ? pass.grouped.lanes * pass.span * valueBytes
                                       : groupedLocalBytes(pass.span / pass.grouped.exchangeRounds, pass.grouped.lanes, precision);
  build.stagedTwiddles = loadTwiddles && limits.stagedTwiddles &&
                         exchangeBytes + stagedSets * pass.span * bytesPerComplex(precision) <= limits.localMemBytes;
  // Not in f64 register-held passes: PoCL builds one (a 2^22 row's second pass) for minutes, as
  // it did f32 ones with a table of the powers (grouped_fft.cl makes them one by one there).
  build.outerSteps = loadTwiddles && limits.outerSteps && (pass.grouped.exchangeRounds == 1 || precision == Precision::F32);
  // Not in register-held passes of 64 values a work-item, nor of 32 and radices up to 8, whose
  // step arrays the compiler keeps on the stack (docs/engine.md has the timings).
  const bool held = pass.grouped.exchangeRounds > 1;
  const bool eights = std::all_of(pass.grouped.innerRadices.begin(), pass.grouped.innerRadices.end(), [](int r) { return r <= 8; });
  const bool readEvery = held && !limits.innerStepsEverywhere && (pass.grouped.values >= 64 || (pass.grouped.values >= 32 && eights));
  build.innerSteps = limits.innerSteps && pass.twiddle == TwiddleMode::Table && !readEvery;
  build.filterPrefetch = pass.hooks.filterMiddle && limits.filterPrefetch;
  build.registerCap = registerCapOf(pass, limits);
  // A declared group size would override the filter pass's cap (REQD_GROUP in grouped_fft.cl);
  // passes of 64 values a work-item run faster without it (DeviceLimits::reqdWideHeld).
  const bool filterCap = build.registerCap && pass.hooks.filterMiddle && limits.filterPassCap;
  const bool wideHeld = held && pass.grouped.values >= 64 && !limits.reqdWideHeld;
  build.declaredGroup = limits.reqdGroup && !filterCap && !wideHeld;
  return build;
}

}  // namespace

void chooseGroupedBuilds(std::vector<PassInfo>& passes, Precision precision, const DeviceLimits& limits) {
  for (PassInfo& pass : passes)
    if (pass.kind == PassKind::Grouped) pass.grouped.build = buildOf(pass, precision, limits);
}

std::size_t registerCapOf(const PassInfo& pass, const DeviceLimits& limits) {
  if (pass.kind != PassKind::Grouped || !limits.registerCap) return 0;
  if (pass.hooks.filterMiddle && limits.filterPassCap) return limits.filterPassCap;
  // Register-held passes, and local-memory ones of more work-items than the 256 a GPU builds them
  // for unasked (FFTSCOPE_MAX_GROUP).
  const std::size_t items = pass.local[0] * pass.local[1];
  return pass.grouped.exchangeRounds > 1 || items > 256 || limits.capEveryPass ? registerCapFor(items, limits) : 0;
}

}  // namespace fftscope
