// A stage's grouped passes (kernels/grouped_fft.cl) as PassInfo, and Bluestein's stage made of
// them alone, its chirps and filter folded into their loads and stores. Plain data.
#pragma once

#include "engine/description/DeviceLimits.h"
#include "engine/description/PassInfo.h"
#include "engine/planning/GroupedPlanner.h"

#include <vector>

namespace fftscope {

// Grouped passes of F1, F2, ... points (p = 1, F1, F1*F2, ...) for the rows `base` describes,
// appended; false (nothing appended) when the grouped planner finds no way (a prime factor above
// 31, or sizes beyond 32-bit indices).
bool appendGrouped(std::vector<PassInfo>& passes, const PassInfo& base, Precision precision,
                   const DeviceLimits& limits);

// The grouped passes of one row's FFTs from passes[first] on, each after an FFT's first taking its
// outer twiddles from the stores of the one before (GroupedPass::nextPoints) where that one stores
// plainly (no filter, chirp or pairs of Bluestein's or Rader's stage in its stores), its last
// inner radix is a multiple of 4 and it twiddles no loads of its own (it is the first, or its
// inputs come twiddled); appendGrouped and appendFusedBluestein do this where
// DeviceLimits::storeTwiddles says so.
void twiddleOnStores(std::vector<PassInfo>& passes, std::size_t first);

// One grouped pass of `step` at Stockham p over the rows `base` describes (columns: neighbouring
// lanes are neighbours in memory), its work-items for base.rows * base.length / F lanes.
PassInfo groupedPass(const PassInfo& base, const GroupedStep& step, std::size_t p, bool columns);

// Where Bluestein's stage reads x and writes X: rows of n points, laid out by stride and dist.
struct HookedRows {
  std::size_t n;
  std::size_t stride;
  std::size_t dist;
  bool rader = false;  // Rader's stage over n - 1 points (ChirpHooks::rader), not Bluestein's
};

// Bluestein's stage as grouped passes of M = inner.length only: the same steps for both FFTs (the
// second's in reverse where bluesteinReversesSteps), the first pass reading x times the chirp from the stage's rows, the first FFT's last pass
// multiplying by the filter's spectrum as it stores (or, where bluesteinFftsMeet, running the
// second FFT's first pass in the same launch), the second FFT's last pass
// writing X = c times its reversed output into the stage's rows. False (nothing appended) when no
// grouped passes take M.
bool appendFusedBluestein(std::vector<PassInfo>& passes, const PassInfo& inner, const HookedRows& rows,
                          Precision precision, const DeviceLimits& limits);

// The limits a fused Bluestein or Rader stage's steps are planned with, by appendFusedBluestein
// and by the costs that choose between them (BluesteinLength.cpp): later passes of at most 8
// lanes, register-held steps of 16 values unless asked otherwise.
DeviceLimits fusedStageLimits(const DeviceLimits& limits);

// Whether Bluestein's first FFT's last step (radices `last`, exchanged in `lastRounds` rounds) and
// the second's first step (radices `first`) go into one launch (FILTER_MIDDLE in grouped_fft.cl):
// FFTs of two steps or more (where a whole FFT is one launch, both in one hold too many values a
// work-item: docs/engine.md), the same inner radices, two or more, held in local memory.
bool bluesteinStepsMeet(std::size_t steps, const std::vector<int>& last, std::size_t lastRounds,
                        const std::vector<int>& first);

// Whether Bluestein's second FFT takes the grouped steps of M in reverse order, so that its first
// step is the first FFT's last: where the limits let the FFTs meet, the first and last steps
// differ and every step is held in local memory (a register-held step's runs depend on its place).
bool bluesteinReversesSteps(const std::vector<GroupedStep>& steps, const DeviceLimits& limits);

// Whether Bluestein's FFTs over these steps of M meet in one launch, as appendFusedBluestein plans them.
bool bluesteinFftsMeet(const std::vector<GroupedStep>& steps, const DeviceLimits& limits);

}  // namespace fftscope
