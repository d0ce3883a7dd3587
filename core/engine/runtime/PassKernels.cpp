#include "engine/runtime/PassKernels.h"

#include "engine/algorithms/Rader.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/RealSteps.h"
#include "engine/planning/RegisterExchange.h"

#include <algorithm>

namespace fftscope {
namespace {

int twiddleModeNumber(TwiddleMode mode) {
  switch (mode) {
    case TwiddleMode::Table: return 0;
    case TwiddleMode::Sincos: return 1;
    case TwiddleMode::Native: return 2;
    case TwiddleMode::Recurrence: return 3;
  }
  return 0;
}

}  // namespace

std::string passFamily(const PassInfo& pass) {
  if (isBluesteinPass(pass)) return "bluestein";
  if (isRealKernelPass(pass)) return "real";
  return pass.kernelName();
}

std::string passBuildOptions(const PassInfo& pass, Precision precision, Direction direction) {
  // Only integers go into options, so the user's locale cannot change them.
  std::string options;
  if (precision == Precision::F64) options += "-D DOUBLE_PRECISION ";
  options += direction == Direction::Forward ? "-D FFT_SIGN=-1" : "-D FFT_SIGN=1";
  switch (pass.kind) {
    case PassKind::Stockham:
      options += " -D RADIX=" + std::to_string(pass.radix) + " -D TWIDDLE_MODE=" +
                 std::to_string(twiddleModeNumber(pass.twiddle));
      if (isPowerOfTwo(pass.length / pass.radix) && isPowerOfTwo(pass.p)) options += " -D POW2_INDEX";
      break;
    case PassKind::Local:
      options += " -D LOCAL_POINTS=" + std::to_string(pass.span) + " -D RADIX=" + std::to_string(pass.radix) +
                 " -D TAIL_RADIX=" + std::to_string(pass.tailRadix) + " -D GROUP_ROWS=" + std::to_string(pass.groupRows) +
                 " -D TWIDDLE_MODE=" + std::to_string(twiddleModeNumber(pass.twiddle));
      break;
    case PassKind::Grouped: {
      const bool columns = pass.batchFastest;
      // A split's passes (SplitBluestein.h) each take whole columns or rows of a padded row.
      const std::size_t subs = pass.hooks.splitCols ? 1 : pass.length / pass.span;
      auto d = [&](const char* name, std::size_t value) { options += std::string(" -D ") + name + "=" + std::to_string(value); };
      d("POINTS", pass.span);
      d("LANES", pass.lanes);
      d("GROUP", pass.local[0]);
      d("SUBS", subs);
      d("P_TW", pass.p);
      d("STRIDE", pass.stride);
      d("COLUMNS", columns ? 1 : 0);
      d("COLS", columns ? pass.stride : 1);
      d("ROW_DIST", pass.dist);
      // Neighbouring work-items take neighbouring lanes where lanes are neighbours in memory:
      // columns, and the positions of a long row; a whole row's points are its own neighbours.
      d("READ_LANE_FAST", columns || subs > 1 ? 1 : 0);
      // A pass that ends as the first of Bluestein's second FFT writes in its order (p = 1).
      const std::size_t outP = pass.hooks.filterMiddle ? 1 : pass.p;
      d("WRITE_LANE_FAST", columns || (outP >= pass.lanes && subs > 1) ? 1 : 0);
      d("INNER_COUNT", pass.innerRadices.size());
      for (std::size_t i = 0; i < pass.innerRadices.size(); ++i)
        d(("R" + std::to_string(i)).c_str(), static_cast<std::size_t>(pass.innerRadices[i]));
      d("RLAST", static_cast<std::size_t>(pass.innerRadices.back()));
      const GroupedTableLayout table = groupedTableLayout(pass);
      for (std::size_t i = 0; i < table.innerOffsets.size(); ++i)
        d(("TWO" + std::to_string(i + 1)).c_str(), table.innerOffsets[i]);
      // (A first pass reads no outer twiddles: its PRE_LOG_L is unused.)
      const std::size_t outerLength = groupedOuterLength(pass);
      d("PRE_LOG_L", groupedSplitLog2(outerLength ? outerLength : pass.span * pass.p));
      d("PRE_LO", table.loOffset());
      d("PRE_HI", table.hiOffset());
      d("PRE_LANE", table.laneOffset());
      d("PRE_SPLIT", static_cast<std::size_t>(table.split));
      d("MAX_VALUES", pass.values);
      d("EXCHANGE_ROUNDS", pass.exchangeRounds);
      d("TWIDDLE_MODE", static_cast<std::size_t>(twiddleModeNumber(pass.twiddle)));
      if (pass.nextPoints) d("NEXT_POINTS", pass.nextPoints);
      if (pass.twiddledBefore) d("TWIDDLED_BEFORE", 1);
      if (pass.reverseGroups) d("REVERSE_GROUPS", 1);
      if (pass.batchGroups) d("BATCH_GROUPS", pass.batchGroups);
      if (pass.pairedOut) d("PAIRED_OUT", 1);
      if (pass.untangleOut) d("UNTANGLE_OUT", 1);
      if (pass.tangleIn) d("TANGLE_IN", 1);
      if (pass.untangleOut || pass.tangleIn) d("UNTANGLE_TW", table.untangleOffset());
      // Padded half spectra (RealSteps.h): columns' pitches and the columns used, rows' bins.
      if (columns && pass.sourcePitch) d("IN_COLS", pass.sourcePitch);
      if (columns && pass.destinationPitch) d("OUT_COLS", pass.destinationPitch);
      if (columns && pass.usedColumns) d("USED_COLS", pass.usedColumns);
      if (pass.untangleOut && pass.destinationPitch) d("BIN_PITCH", pass.destinationPitch);
      if (pass.tangleIn && pass.sourcePitch) d("BIN_PITCH", pass.sourcePitch);
      if (pass.hooks.any()) {
        d("CHIRP_IN", pass.hooks.chirpIn ? 1 : 0);
        d("FILTER_OUT", pass.hooks.filterOut ? 1 : 0);
        d("FILTER_MIDDLE", pass.hooks.filterMiddle ? 1 : 0);
        d("OUT_P", outP);
        d("CHIRP_OUT", pass.hooks.chirpOut ? 1 : 0);
        d("PADDED", pass.padded);
        d("CHIRP_N", pass.hooks.n);
        if (pass.hooks.rader) {
          d("RADER", 1);
          d("SIDE_AT", raderSideAt(pass.padded, bytesPerComplex(precision)));
        }
        d("HOOK_STRIDE", pass.hooks.stride);
        d("HOOK_DIST", pass.hooks.dist);
        d("HOOK_COLUMNS", columns && !pass.hooks.splitCols ? 1 : 0);
        if (pass.hooks.splitCols) d("SPLIT_COLS", pass.hooks.splitCols);
        if (pass.hooks.splitTwiddles != SplitTwiddles::Rows)
          d("COLUMN_TWIDDLES", pass.hooks.splitTwiddles == SplitTwiddles::Columns ? 1 : 2);
      }
      break;
    }
    case PassKind::Transpose:
      options += " -D TILE=" + std::to_string(pass.local[0]);
      options += pass.transpose == TransposeMode::Padded ? " -D TILE_PAD=1" : " -D TILE_PAD=0";
      if (pass.transpose == TransposeMode::Naive) options += " -D TRANSPOSE_NAIVE";
      break;
    case PassKind::Elementwise:
      if (pass.reverseGroups) options += " -D REVERSE_ROWS=1";
      if (pass.pairedOut) options += " -D PAIRED=1";
      break;
    case PassKind::Copy:
    case PassKind::Upload:
    case PassKind::Download:
      break;
  }
  return options;
}

std::string passBuildOptions(const PassInfo& pass, Precision precision, Direction direction, const DeviceLimits& limits) {
  std::string options = passBuildOptions(pass, precision, direction);
  // A pass that twiddles its own loads reads its group's outer twiddles from local memory where
  // that has room beside the pass's own (kernels/grouped_fft.cl, STAGED_TWIDDLES).
  const std::size_t stagedSets = pass.kind == PassKind::Grouped && groupedTableLayout(pass).split == 3 ? 2 : 1;
  const bool loadTwiddles = pass.kind == PassKind::Grouped && twiddlesOwnLoads(pass);
  if (loadTwiddles && limits.stagedTwiddles &&
      groupedLocalBytes(pass.span / pass.exchangeRounds, pass.lanes, precision) +
              stagedSets * pass.span * bytesPerComplex(precision) <=
          limits.localMemBytes)
    options += " -D STAGED_TWIDDLES=1";
  // Not in f64 register-held passes: PoCL took minutes to build one (a 2^22 row's second pass),
  // and so it did f32 ones with a table of the powers (grouped_fft.cl makes them one by one there).
  if (loadTwiddles && limits.outerSteps &&
      (pass.exchangeRounds == 1 || precision == Precision::F32))
    options += " -D OUTER_STEPS=1";
  // Not in register-held passes of 64 values a work-item, nor of 32 and radices up to 8: on the
  // H200 16384-point f32 rows of 64 (16 16 16 4) took 0.124 ms reading every twiddle against 0.481
  // with steps (whose arrays went to a 1 KiB stack frame), of 32 (8 8 8 8 4) 0.1296 against
  // 0.1321, while 4096-point f64 rows of 32 (16 16 16) took 0.157 against 0.139.
  const bool held = pass.exchangeRounds > 1;
  const bool eights = std::all_of(pass.innerRadices.begin(), pass.innerRadices.end(), [](int r) { return r <= 8; });
  const bool readEvery = held && !limits.innerStepsEverywhere && (pass.values >= 64 || (pass.values >= 32 && eights));
  if (pass.kind == PassKind::Grouped && limits.innerSteps && pass.twiddle == TwiddleMode::Table && !readEvery)
    options += " -D INNER_STEPS=1";
  if (pass.kind == PassKind::Grouped && pass.hooks.filterMiddle && limits.filterPrefetch) options += " -D FILTER_PREFETCH=1";
  const bool filterCap = registerCapOf(pass, limits) && pass.hooks.filterMiddle && limits.filterPassCap;
  // A declared group size would override the filter pass's cap (REQD_GROUP in grouped_fft.cl);
  // passes of 64 values a work-item ran faster without it (PassPlan.h, reqdWideHeld).
  const bool wideHeld = held && pass.values >= 64 && !limits.reqdWideHeld;
  if (pass.kind == PassKind::Grouped && (!limits.reqdGroup || filterCap || wideHeld)) options += " -D REQD_GROUP=0";
  if (const std::size_t cap = registerCapOf(pass, limits)) options += " -cl-nv-maxrregcount=" + std::to_string(cap);
  return options;
}

std::size_t registerCapOf(const PassInfo& pass, const DeviceLimits& limits) {
  if (pass.kind != PassKind::Grouped || !limits.registerCap) return 0;
  if (pass.hooks.filterMiddle && limits.filterPassCap) return limits.filterPassCap;
  // Register-held passes, and local-memory ones of more work-items than the 256 a GPU builds them
  // for unasked (FFTSCOPE_MAX_GROUP).
  const std::size_t items = pass.local[0] * pass.local[1];
  return pass.exchangeRounds > 1 || items > 256 || limits.capEveryPass ? registerCapFor(items, limits) : 0;
}

}  // namespace fftscope
