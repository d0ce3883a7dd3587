// Bluestein's convolution over padded rows of M = N1 x N2 points in three launches: the four-step
// FFT without its transposes (Bailey's; seed 004 on splitting a long FFT into ones that fit local
// memory). A padded row is read as N1 rows of N2 points:
// 1. columns: each of the N2 columns' N1-point FFTs, in place, its loads x times the chirp;
// 2. rows: each row k1 twiddled by w(f*k1, M), its N2-point FFT, the filter's spectrum, the
//    second FFT's N2 points, twiddled by w(g*k1, M) again, in place: the first FFT's outputs stay
//    in the order this leaves them (the filter's spectrum is stored so), which is the order the
//    second FFT's transposed steps read;
// 3. columns: each column's N1-point FFT, X = c times its reversed outputs stored.
// Every launch reads and writes whole rows or runs of neighbouring columns, where Stockham steps
// of M need one more launch each way for M beyond what two steps of local memory hold (2^21 f32:
// five launches). Plain data: no device needed.
#pragma once

#include "engine/planning/GroupedPasses.h"

#include <complex>
#include <vector>

namespace fftscope {

struct SplitShape {
  std::size_t rows = 0;  // N1, the columns' length
  std::size_t cols = 0;  // N2, the rows' length; 0: M has no split here
  GroupedStep column;    // the column passes' one step
  GroupedStep row;       // the row pass's one step, held in local memory, each FFT
};

// The split of M for `batch` padded rows with the longest rows a local-memory pass of two inner
// passes or more holds, and columns in one step; cols = 0 where there is none (or the limits turn
// splits off).
SplitShape splitShape(std::size_t m, std::size_t batch, Precision precision, const DeviceLimits& limits);

// Every split of M that splitShape weighs, longest rows first: of the four longest rows local
// memory holds, those that make a split (the first is splitShape's), or the one of
// limits.splitRowLength where that is asked and makes one; none where there is none.
std::vector<SplitShape> splitShapes(std::size_t m, std::size_t batch, Precision precision, const DeviceLimits& limits);

// Bluestein's stage over `inner`'s rows (length M, inner.rows of them) split as `shape`, appended:
// the three launches above, every pass's length M and padded M, their lanes batch * N2 and
// batch * N1. The twiddles w(n2*k1, M) go where limits.splitTwiddles says; with
// limits.batchFastGroups the row pass (1) or every pass (2) takes a batch's rows in turn.
void appendSplitBluestein(std::vector<PassInfo>& passes, const PassInfo& inner, const HookedRows& stage,
                          const SplitShape& shape, Precision precision, const DeviceLimits& limits);

// The filter's spectrum in the split's order: entry k1 * N2 + k2 holds spectrum[k1 + N1 * k2].
std::vector<std::complex<long double>> splitOrder(const std::vector<std::complex<long double>>& spectrum,
                                                  std::size_t cols);

}  // namespace fftscope
