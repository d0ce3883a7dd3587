// What the planner needs to know of a device, and the settings that time other plans on it
// (planning/DeviceLimitsOf.cpp reads them from the device and the environment).
#pragma once

#include "engine/description/PassInfo.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace fftscope {

// What the planner needs to know of a device.
struct DeviceLimits {
  std::uint64_t localMemBytes = 32768;
  std::size_t maxWorkGroupSize = 256;
  // Whether `auto` plans grouped passes. They are built for each length, which a GPU's compiler
  // does in milliseconds and a CPU OpenCL's in seconds; there `auto` keeps local_fft and the
  // radix passes, which every length shares.
  bool groupedPasses = true;
  // Whether grouped passes may hold more points than local memory does, in registers
  // (FFTSCOPE_REGISTER_PASSES=0 turns them off, to compare).
  bool registerPasses = true;
  // Whether a step read lane by lane that local memory cannot hold is held in registers, saving a
  // pass at the price of shorter runs (FFTSCOPE_REGISTER_PASSES=prefer); without it such a step
  // is cut into local-memory passes, and registers only lengthen a local pass's runs.
  bool preferRegisterPasses = false;
  // Whether a register-held step over whole rows may take an odd radix (6144 = 3 * 2048 in one
  // pass: RegisterExchange.h), in f64 rows, and in f32 rows too: on the H200 such f64 rows took
  // 0.66-0.77 of the two-pass time, f32 rows 0.91-1.48 times it (10240 the one faster), so f32
  // rows take it by measurement alone (docs/performance.md). FFTSCOPE_ODD_REGISTER_PASSES=0 keeps
  // powers of two, f32 takes f32 rows too, to compare.
  bool oddRegisterPasses = true;
  bool oddRegisterPassesF32 = false;
  // Whether such an f32 row goes through local memory a component at a time where one component
  // of the row fits it, in whole runs of 32 points and at most 64 values a work-item, by estimate
  // too (6144, 6400, 7168, 9216 and 10240 points among others: RegisterExchange.cpp's
  // componentsFit; FFTSCOPE_COMPONENT_EXCHANGE=0 leaves such rows to slices of whole values, by
  // measurement only, to compare).
  bool componentExchange = true;
  // Whether plain and component grouped passes lay their exchanges out so that a butterfly's
  // positions stay evenly spaced (planning/ExchangeLayout.h); false: every position padded on
  // its own (FFTSCOPE_EXCHANGE_LAYOUT=0).
  bool exchangeLayouts = true;
  // 32-bit registers one work-group may take (an NVIDIA SM's file).
  std::size_t registerFile = 65536;
  // Values a work-item of a register-held pass holds: 16, 32, 64, or 0 for the fewest of them
  // that take the fewest inner passes (RegisterExchange.cpp), which limitsOf gives a GPU;
  // FFTSCOPE_REGISTER_VALUES=16, 32 or 64 takes one alone. More values take fewer work-items and
  // let larger radices write in rounds. (PoCL builds some passes of 32 values for minutes.)
  std::size_t registerValues = 16;
  // Whether the build caps a register-held kernel's registers at registerFile / group (NVIDIA's
  // -cl-nv-maxrregcount), so that groups are sized by their values alone, not by what the
  // compiler would take unasked (FFTSCOPE_REGISTER_CAP=0 turns it off, to compare).
  bool registerCap = false;
  // A cap to build with instead of the file shared out (FFTSCOPE_REGISTER_CAP=N), to try others.
  std::size_t registerCapOverride = 0;
  // Whether every grouped pass is built with a cap, not only register-held and large groups, to
  // measure occupancy (FFTSCOPE_CAP_EVERY_PASS=1, with FFTSCOPE_REGISTER_CAP=N).
  bool capEveryPass = false;
  // Whether grouped kernels declare their group size (reqd_work_group_size). NVIDIA's compiler
  // takes it as a launch bound that overrides a register cap (a 4096-point row pass built with a
  // cap of 64 used 104 registers), so measuring caps needs it off (FFTSCOPE_REQD_GROUP=0). Off,
  // every grouped kernel leaves it out, and where the driver then allows fewer work-items than a
  // pass needs, the plan is made again (KernelGroupTooLarge, Plan.h's limitsAfterRefusal).
  bool reqdGroup = true;
  // Whether register-held passes of 64 values a work-item declare it too; off, because they ran
  // slightly faster without it (docs/engine.md, "Why the defaults"; FFTSCOPE_REQD_GROUP=all).
  bool reqdWideHeld = false;
  // Whether R2C's untangling goes into the stores of a row pass that holds whole rows in local
  // memory (RealSteps.h), saving a launch (FFTSCOPE_FUSED_UNTANGLE=0 keeps its own kernel, to compare).
  bool fusedUntangle = true;
  // Whether a 2D real transform pads its half spectrum's rows to whole 128-byte runs between the
  // row pass and the column passes (RealSteps.h; FFTSCOPE_PAD_HALF_SPECTRUM=0 keeps N/2 + 1, to compare).
  bool padHalfSpectrum = true;
  // The longest run, in bytes, of neighbouring lanes that a grouped step read or written at a
  // stride aims for (FFTSCOPE_RUN_BYTES); longer runs take more lanes a group.
  std::size_t runBytes = 128;
  // The same for steps over columns (2D columns read in place, Bluestein's split's column passes;
  // FFTSCOPE_COLUMN_RUN_BYTES), where a step keeps enough work-groups so (GroupedPlanner.cpp).
  // Longer than rows' runs because 2D columns gained with them and 1D steps lost (docs/engine.md,
  // "Why the defaults").
  std::size_t columnRunBytes = 256;
  // Runs, in bytes, of a register-held step read or written at a stride (FFTSCOPE_HELD_RUN_BYTES),
  // and the lanes of a long row's local-memory passes after its first (FFTSCOPE_LATER_LANES).
  std::size_t heldRunBytes = 64;
  std::size_t laterLanes = 16;
  // The shortest runs, in bytes, a register-held step read or written at a stride may take
  // (FFTSCOPE_HELD_FEWEST_RUN_BYTES=32, to time shorter ones; GroupedPlanner.cpp says why 64).
  std::size_t heldFewestRunBytes = 64;
  // Whether a row's or a column's grouped passes after the first take their outer twiddles from
  // the stores of the pass before, where twiddleOnStores (GroupedPasses.h) allows it
  // (GroupedPass::nextPoints; FFTSCOPE_STORE_TWIDDLES=0 leaves them on the loads, to compare).
  bool storeTwiddles = true;
  // Whether a register-held step over whole rows may take inner radices of 32 and 64, done by one
  // work-item in registers (dft_ct in kernels/common.cl), for fewer exchanges through local memory
  // (GroupedPlanner.cpp says where they gained; FFTSCOPE_WIDE_RADICES=0 keeps radices up to 16, to
  // compare).
  bool wideRadices = true;
  // Work-items a grouped pass over short rows gathers rows for, at least (FFTSCOPE_GROUP_TARGET),
  // and the inner passes above which its odd radices merge (3 * 5 into 15 and so on; threes always
  // go in pairs as nines) (FFTSCOPE_ODD_INNER_PASSES, at most 6).
  std::size_t groupTarget = 128;
  std::size_t oddInnerPasses = 6;
  // The largest radix a power of two and an odd factor make together as one inner pass of a first
  // step (the prime factor algorithm, CompositeRadices.h; FFTSCOPE_COMPOSITE_RADIX, at most 64;
  // 0: none), and what an inner pass's trip through local memory costs there, in values a
  // work-item goes through (FFTSCOPE_INNER_PASS_VALUES). 12 because composites up to 12 always
  // gained and larger ones won and lost (docs/engine.md, "Why the defaults").
  std::size_t compositeRadix = 12;
  std::size_t innerPassValues = 8;
  // A grouped step's inner radices by name, for the steps of their product (FFTSCOPE_INNER_RADICES=
  // 20,20,10), to time a sequence the planner would not choose.
  std::vector<int> innerRadices{};
  // A local-memory step's work-items: at most maxGroupItems a group (FFTSCOPE_MAX_GROUP), each
  // aiming at one butterfly of the step's largest radix, but at rowItemPoints points in a step
  // over whole rows with an odd radix (FFTSCOPE_ROW_ITEM_POINTS), or at itemPoints in every step
  // (FFTSCOPE_ITEM_POINTS; 0: as said). Fewer points a work-item shorten the rounds of a step's
  // smaller radices.
  std::size_t maxGroupItems = 256;
  // A step over lanes may take up to this many work-items where that runs every inner pass in one
  // round (GroupedPlanner.cpp; FFTSCOPE_ONE_ROUND_GROUP=512, to time it). Off (maxGroupItems):
  // it won on some 2D shapes and lost on others (docs/engine.md, "Why the defaults").
  std::size_t oneRoundGroupItems = 256;
  // Whether a row's first grouped step whose twos leave a 2 after its 16s takes 8 * 4 for the last
  // 16 * 2, or 8 * 8 * 8 for 16 * 16 * 2 (FFTSCOPE_EIGHT_FOUR=0 keeps them, to compare).
  bool eightFour = true;
  // Whether an f32 pass after others with an odd radix takes the group of fewest rounds
  // (GroupedPlanner; FFTSCOPE_FEWEST_ROUNDS=0 keeps one butterfly of the largest radix, to compare).
  bool fewestRounds = true;
  std::size_t rowItemPoints = 8;
  std::size_t itemPoints = 0;
  // Whether a grouped pass after others stages its group's outer twiddles in local memory
  // (FFTSCOPE_STAGED_TWIDDLES=0 reads them from the table point by point, to compare).
  bool stagedTwiddles = true;
  // Batch members a chunk of a batched plan may hold, in bytes, so that what one pass writes the
  // next reads from the L2 cache (CacheChunks.h; FFTSCOPE_CACHE_CHUNK=BYTES). 0: the whole batch.
  std::uint64_t cacheChunkBytes = 0;
  // Bluestein's convolution length where it is long enough, instead of the estimate's choice: a
  // candidate `--plan measure` times (PlanCandidates.h), or FFTSCOPE_BLUESTEIN_M. 0: estimated.
  std::size_t bluesteinLength = 0;
  // Whether Bluestein's grouped FFTs meet in one launch (ChirpHooks::filterMiddle) where the first's
  // last pass and the second's first allow it (FFTSCOPE_BLUESTEIN_MIDDLE=0 keeps two, to compare).
  bool bluesteinMiddle = true;
  // Whether a prime length whose n - 1 the grouped passes take may go by Rader's algorithm where
  // the estimate finds it cheaper than Bluestein's (FFTSCOPE_RADER=0 keeps Bluestein, to compare),
  // or wherever it applies (FFTSCOPE_RADER=prefer, to time it).
  bool rader = true;
  bool preferRader = false;
  // Whether a grouped pass after others makes its outer twiddles from R/4 + 1 lookups a butterfly
  // (OUTER_STEPS in grouped_fft.cl) instead of one a point (FFTSCOPE_OUTER_STEPS=0 turns it off,
  // to compare): on the H200 most later passes took 5-24% less time, a few up to 11% more.
  bool outerSteps = true;
  // Whether an inner pass of radix 8, 12, 16, 32 or 64 takes its twiddles from R/4 + 2 table lookups and
  // products instead of R - 1 lookups (kernels/grouped_fft.cl, INNER_STEPS; FFTSCOPE_INNER_STEPS=0
  // reads every one, to compare).
  bool innerSteps = true;
  // Whether register-held passes of 32 and 64 values take them too (FFTSCOPE_INNER_STEPS=all), to
  // time them there (PassKernels.cpp says why they do not).
  bool innerStepsEverywhere = false;
  // Whether a pass where Bluestein's or Rader's FFTs meet in registers reads the filter during the
  // first FFT's last exchange (grouped_hooks.cl, PREFETCHING; FFTSCOPE_FILTER_PREFETCH=1, to
  // compare) instead of after the first FFT. Off: holding the filter across that exchange takes
  // more registers, fewer groups an SM and more time (docs/engine.md, "Why the defaults").
  bool filterPrefetch = false;
  // A register cap for those passes alone, built without their declared group size so that it
  // takes (FFTSCOPE_FILTER_PASS_CAP=80, to time more groups an SM against spills); 0: none.
  std::size_t filterPassCap = 0;
  // Whether every other grouped pass of a plan over more than one row takes its lanes last to
  // first (PassInfo::reverseGroups; FFTSCOPE_REVERSE_GROUPS=0 keeps the natural order, to
  // compare): the next pass starts on what the L2 cache still holds. A pass where Bluestein's or
  // Rader's FFTs meet keeps the natural order, which it needs (docs/engine.md, "Why the defaults"),
  // and so does one long row's (alternateGroupOrder).
  bool reverseGroups = true;
  // Whether Rader's stage over rows (not columns) that one local-memory pass does not hold stores
  // in order and permutes in a pass of its own (GroupedPasses.cpp; FFTSCOPE_RADER_PERMUTE=0
  // scatters in the last pass, to compare): the scattered stores cost more than the extra pass.
  bool raderPermutePass = true;
  // Whether Bluestein's stage over rows may see its padded rows of M as N1 x N2 and convolve in
  // three launches, columns, rows (both FFTs and the filter), columns, where the estimate finds it
  // cheaper (SplitBluestein.h; FFTSCOPE_SPLIT_BLUESTEIN=0 keeps the Stockham steps of M, to
  // compare), or wherever it applies (FFTSCOPE_SPLIT_BLUESTEIN=prefer, to time and test it).
  bool splitBluestein = true;
  bool preferSplitBluestein = false;
  // Where a split's twiddles go (ChirpHooks::splitTwiddles); unset: splitTwiddlesFor's choice.
  std::optional<SplitTwiddles> splitTwiddles{};
  // The split's rows (N2) where M has that split, instead of the longest that local memory holds
  // (FFTSCOPE_SPLIT_ROWS=2048, or a `--plan measure` candidate); 0: the longest.
  std::size_t splitRowLength = 0;
  // Which passes of Bluestein's split over a batch of rows take the rows' groups in turn
  // (GroupedPass::batchGroups; FFTSCOPE_BATCH_GROUPS=0 none, 1 the filter's row pass, 2 the chirps'
  // column passes too): otherwise each row sweeps the whole filter (M entries) before the next.
  std::size_t batchFastGroups = 1;
};

}  // namespace fftscope
