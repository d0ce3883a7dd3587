#include "engine/runtime/PassKernels.h"

#include "engine/algorithms/Rader.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/PassPlan.h"
#include "engine/planning/RealSteps.h"

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
                 " -D TAIL_RADIX=" + std::to_string(pass.localFft.tailRadix) + " -D GROUP_ROWS=" + std::to_string(pass.localFft.groupRows) +
                 " -D TWIDDLE_MODE=" + std::to_string(twiddleModeNumber(pass.twiddle));
      break;
    case PassKind::Grouped: {
      const bool columns = pass.batchFastest;
      // A split's passes (SplitBluestein.h) each take whole columns or rows of a padded row.
      const std::size_t subs = pass.hooks.splitCols ? 1 : pass.length / pass.span;
      auto d = [&](const char* name, std::size_t value) { options += std::string(" -D ") + name + "=" + std::to_string(value); };
      d("POINTS", pass.span);
      d("LANES", pass.grouped.lanes);
      d("GROUP", pass.local[0]);
      d("SUBS", subs);
      d("P_TW", pass.p);
      d("STRIDE", pass.stride);
      d("COLUMNS", columns ? 1 : 0);
      d("COLS", columns ? pass.stride : 1);
      d("ROW_DIST", pass.dist);
      // Neighbouring work-items take neighbouring lanes where lanes are neighbours in memory:
      // columns, and the positions of a long row; a whole row's points are its own neighbours.
      d("READ_LANE_FAST", readsLaneFast(pass) ? 1 : 0);
      d("WRITE_LANE_FAST", writesLaneFast(pass) ? 1 : 0);
      // A pass that ends as the first of Bluestein's second FFT writes in its order (p = 1).
      const std::size_t outP = pass.hooks.filterMiddle ? 1 : pass.p;
      d("INNER_COUNT", pass.grouped.innerRadices.size());
      for (std::size_t i = 0; i < pass.grouped.innerRadices.size(); ++i)
        d(("R" + std::to_string(i)).c_str(), static_cast<std::size_t>(pass.grouped.innerRadices[i]));
      d("RLAST", static_cast<std::size_t>(pass.grouped.innerRadices.back()));
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
      d("MAX_VALUES", pass.grouped.values);
      d("EXCHANGE_ROUNDS", pass.grouped.exchangeRounds);
      if (pass.grouped.componentExchange) d("COMPONENT_EXCHANGE", 1);
      d("TWIDDLE_MODE", static_cast<std::size_t>(twiddleModeNumber(pass.twiddle)));
      if (pass.grouped.nextPoints) d("NEXT_POINTS", pass.grouped.nextPoints);
      if (pass.grouped.twiddledBefore) d("TWIDDLED_BEFORE", 1);
      if (pass.reverseGroups) d("REVERSE_GROUPS", 1);
      if (pass.grouped.batchGroups) d("BATCH_GROUPS", pass.grouped.batchGroups);
      if (pass.pairedOut) d("PAIRED_OUT", 1);
      if (pass.grouped.half.untangleOut) d("UNTANGLE_OUT", 1);
      if (pass.grouped.half.tangleIn) d("TANGLE_IN", 1);
      if (pass.grouped.half.untangleOut || pass.grouped.half.tangleIn) d("UNTANGLE_TW", table.untangleOffset());
      // Padded half spectra (RealSteps.h): columns' pitches and the columns used, rows' bins.
      if (columns && pass.grouped.half.sourcePitch) d("IN_COLS", pass.grouped.half.sourcePitch);
      if (columns && pass.grouped.half.destinationPitch) d("OUT_COLS", pass.grouped.half.destinationPitch);
      if (columns && pass.grouped.half.usedColumns) d("USED_COLS", pass.grouped.half.usedColumns);
      if (pass.grouped.half.untangleOut && pass.grouped.half.destinationPitch) d("BIN_PITCH", pass.grouped.half.destinationPitch);
      if (pass.grouped.half.tangleIn && pass.grouped.half.sourcePitch) d("BIN_PITCH", pass.grouped.half.sourcePitch);
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
      const GroupedBuild& build = pass.grouped.build;
      if (build.stagedTwiddles) options += " -D STAGED_TWIDDLES=1";
      if (build.outerSteps) options += " -D OUTER_STEPS=1";
      if (build.innerSteps) options += " -D INNER_STEPS=1";
      if (build.filterPrefetch) options += " -D FILTER_PREFETCH=1";
      if (!build.declaredGroup) options += " -D REQD_GROUP=0";
      if (build.layouts) {
        d("AFFINE_EXCHANGES", 1);
        d("LANE_STRIDE", build.layouts->laneStride);
        for (std::size_t e = 0; e < build.layouts->exchanges.size(); ++e) {
          const ExchangeLayout& layout = build.layouts->exchanges[e];
          if (!layout.every) continue;
          d(("EVERY" + std::to_string(e + 1)).c_str(), layout.every);
          d(("GAP" + std::to_string(e + 1)).c_str(), layout.gap);
        }
      }
      if (build.registerCap) options += " -cl-nv-maxrregcount=" + std::to_string(build.registerCap);
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

cl::ProgramKey programKey(const PassInfo& pass, Precision precision, Direction direction) {
  return {passFamily(pass), passBuildOptions(pass, precision, direction)};
}

}  // namespace fftscope
