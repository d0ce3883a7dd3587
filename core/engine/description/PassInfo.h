// The vocabulary of a plan's launches: what kind of pass, which buffers, where Bluestein's and
// Rader's steps ride in a grouped pass's loads and stores, and one launch as plain data (PassInfo):
// a common part and each kind's own fields.
// The planner (planning/PassPlan.h) makes lists of them; the runtime and the graphs read them.
#pragma once

#include "engine/description/FftTypes.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fftscope {

// Elementwise: a per-element kernel outside the FFT proper (mask products, display measures).
// Upload, Download: host-device copies, recorded beside the kernels that use them.
// Grouped: a Stockham pass of a composite radix over neighbouring lanes (kernels/grouped_fft.cl).
enum class PassKind { Stockham, Local, Transpose, Copy, Elementwise, Upload, Download, Grouped };

// The element-wise kernels a plan launches within its transform, each with its own arguments
// (runtime/PassArguments.cpp): Bluestein's (kernels/bluestein.cl) and Rader's permutation
// (kernels/rader.cl). Other: a kernel launched by name outside a plan's transform
// (ElementwisePass::name; kernels/real.cl, the mask and display kernels).
enum class ElementwiseKernel { Other, ChirpPad, SpectrumProduct, ChirpUnpad, RaderPermute };

// The plan's buffers: the caller's input and output, up to two scratch buffers of the data's
// size, and two more for Bluestein's padded rows (rows x padded points).
enum BufferSlot { kInput = 0, kOutput = 1, kScratchA = 2, kScratchB = 3, kScratchC = 4, kScratchD = 5 };

// Bluestein's element-wise steps folded into a grouped pass over the padded rows of M points
// (kernels/grouped_fft.cl, kernels/bluestein.cl for the maths): the pass reads or writes the
// stage's own rows (n points, laid out by stride and dist) where it would the padded ones.
// Where Bluestein's split (SplitBluestein.h) puts its twiddles w(n2*k1, M), before and after the
// row pass: on the row pass's loads and stores (Rows); on the first column pass's stores and the
// last one's loads (Columns); or on the first column pass's stores and the row pass's stores
// (FirstColumn). The column passes wait on memory, the row pass on its arithmetic, and the last
// column pass's loads wait longest (FFTSCOPE_SPLIT_COLUMN_TWIDDLES=0 or rows, 1 or columns, first).
enum class SplitTwiddles { Rows, Columns, FirstColumn };

struct ChirpHooks {
  bool chirpIn = false;    // loads x[j]*c[j] for j < n, 0 beyond (the first pass of the first FFT)
  bool filterOut = false;  // stores its outputs times the filter's spectrum (its last pass)
  bool chirpOut = false;   // stores output o as X[k], k = (M - o) mod M < n, times c[k] (the last pass)
  // The first FFT's last pass and the second's first in one launch: the first's outputs, times the
  // filter's spectrum, go through local memory into the second's, which stores as a first pass.
  bool filterMiddle = false;
  // Rader's algorithm for a prime n instead (Rader.h): padded rows of n - 1 points gathered as
  // x[g^q] - x[0], X stored at g^o, X[0] from the side slots the first and the filter's pass keep.
  bool rader = false;
  std::size_t n = 0;
  std::size_t stride = 1;
  std::size_t dist = 0;
  // Bluestein's padded rows of M seen as M / splitCols rows of splitCols points (SplitBluestein.h):
  // the column passes transform columns in place, the row pass between them rows; 0: not split.
  std::size_t splitCols = 0;
  // Where a split's twiddles w(n2*k1, M) go (SplitTwiddles).
  SplitTwiddles splitTwiddles = SplitTwiddles::Rows;
  bool any() const { return chirpIn || filterOut || chirpOut || filterMiddle; }
};

// An exchange's layout in local memory (planning/ExchangeLayout.h): `gap` positions left empty
// after every `every` (0: none).
struct ExchangeLayout {
  std::size_t every = 0;
  std::size_t gap = 0;
  bool operator==(const ExchangeLayout&) const = default;
};

// A grouped pass's exchanges laid out, one layout for each (before inner pass 1, 2, ...), its
// lanes laneStride positions apart; none: every position padded on its own (kernels/grouped_io.cl).
struct ExchangeLayouts {
  std::vector<ExchangeLayout> exchanges;
  std::size_t laneStride = 0;
  bool operator==(const ExchangeLayouts&) const = default;
};

// How a grouped pass's kernel is built beyond its shape, chosen by the planner for the device
// (planning/GroupedBuild.h) so that a pass, with the plan's precision and direction, names its
// program: each a switch of kernels/grouped_fft.cl.
struct GroupedBuild {
  bool stagedTwiddles = false;  // STAGED_TWIDDLES: the group's outer twiddles staged in local memory
  bool outerSteps = false;      // OUTER_STEPS: outer twiddles from R/4 + 1 lookups a butterfly
  bool innerSteps = false;      // INNER_STEPS: inner twiddles from R/4 + 2 lookups and products
  bool filterPrefetch = false;  // FILTER_PREFETCH: the filter read during the first FFT's last exchange
  bool declaredGroup = true;    // the group size declared (reqd_work_group_size); false: REQD_GROUP=0
  std::size_t registerCap = 0;  // NVIDIA's -cl-nv-maxrregcount; 0: none
  std::optional<ExchangeLayouts> layouts;  // AFFINE_EXCHANGES; none: LPAD or CSKEW
  bool operator==(const GroupedBuild&) const = default;
};

// Local: a whole row (or `span` points of it) transformed in one work-group (kernels/local_fft.cl).
struct LocalPass {
  int tailRadix = 1;           // the radix of its last, smaller pass (1: none)
  std::size_t groupRows = 1;   // sub-transforms one work-group takes
};

// Elementwise: which kernel, by kind within a plan's transform or by name outside it.
struct ElementwisePass {
  ElementwiseKernel kernel = ElementwiseKernel::Other;
  std::string name;  // Other: the kernel's name (kernels/real.cl, the mask and display kernels)
};

// Grouped, whole rows of F = N/2 points in local memory or columns of a half spectrum: the real
// transform's steps (RealSteps.h).
struct HalfSpectrum {
  // R2C's untangling in its stores, bins 0 .. F of N reals a row, F + 1 apart (kernels/real.cl's
  // r2c_untangle).
  bool untangleOut = false;
  // C2R's tangling in its loads, from bins 0 .. F of N reals a row, F + 1 apart (c2r_tangle).
  bool tangleIn = false;
  // Over a half spectrum whose rows are padded to whole 128-byte runs between its passes: where
  // not 0, the row pitch, in elements, of what the pass reads and of what it writes (columns:
  // instead of `stride`; (un)tangling rows: instead of F + 1), and the columns that hold data
  // (the others are neither read nor written).
  std::size_t sourcePitch = 0;
  std::size_t destinationPitch = 0;
  std::size_t usedColumns = 0;
};

// Grouped: a Stockham pass of a composite radix over neighbouring lanes (kernels/grouped_fft.cl),
// every choice of its kernel made by the planner.
struct GroupedPass {
  std::vector<int> innerRadices;   // the radices of its inner passes (span = their product)
  std::size_t lanes = 1;           // lanes a work-group takes
  std::size_t values = 0;          // values a work-item holds
  std::size_t exchangeRounds = 1;  // rounds of each exchange through local memory (>1: register-held)
  bool componentExchange = false;  // register-held, real parts in one round, imaginary in the other
  HalfSpectrum half;
  // Where not 0, the work-groups one row of the batch takes; with R rows in the batch, work-group
  // g then takes group g / R of row g % R, so that the rows' groups that read the same filter or
  // chirp entries run together and the L2 cache serves all but the first (batchFastGroups).
  std::size_t batchGroups = 0;
  // A plain pass before another of its row or column (DeviceLimits::storeTwiddles): its stores
  // multiply each output by the outer twiddle w(f*k, F'*p') that the next pass (of F' points,
  // nextPoints) would multiply that point by on its loads, and the next pass reads its inputs
  // twiddled (twiddledBefore). On the H200 twiddles cost a pass's loads more time than its stores
  // (GroupedPasses.h's twiddleOnStores says where). 0 / false: the next pass twiddles its own loads.
  std::size_t nextPoints = 0;
  bool twiddledBefore = false;
  GroupedBuild build;  // how its kernel is built
};

// One launch. The common part says what every kind has (its shape over the data, buffers,
// geometry, traffic); each kind's own fields are in its struct (LocalPass, ElementwisePass,
// GroupedPass), left at their defaults for passes of other kinds.
struct PassInfo {
  PassKind kind = PassKind::Stockham;
  int radix = 0;          // Stockham: the pass's radix; Local: points per work-item per pass
  std::size_t p = 1;      // Stockham, Grouped: sub-sequence length before the pass (1, R, R^2, ...)
  std::size_t length = 0; // points in a row of this stage (Transpose: input cols)
  std::size_t span = 0;   // Local: points one work-group transforms (M); Transpose: input rows; Grouped: F
  std::size_t rows = 0;   // rows transformed (Transpose: matrices in the batch)
  std::size_t stride = 1; // distance between a row's neighbouring points, in elements
  std::size_t dist = 0;   // distance between rows, in elements
  bool batchFastest = false;  // neighbouring work-items take neighbouring rows
  int axis = 0;           // 2D: 0 along rows, 1 along columns
  TwiddleMode twiddle = TwiddleMode::Table;
  TransposeMode transpose = TransposeMode::Tiled;
  float scale = 1.0f;     // the inverse transform's 1/N, on the last pass over the data
  std::size_t scaleDivisor = 1;  // that N (1: no scaling); kernels get 1/N in the plan's precision
  int source = kInput;
  int destination = kOutput;
  std::array<std::size_t, 3> global{1, 1, 1};
  std::array<std::size_t, 3> local{1, 1, 1};
  int workDim = 1;
  std::uint64_t bytesRead = 0;
  std::uint64_t bytesWritten = 0;
  std::size_t padded = 0; // Bluestein: the convolution length M (chirp passes: length is n; FFT passes of a
                          // fused stage: length is M)
  // Bluestein's and Rader's steps: a grouped pass's loads and stores, rader_permute's n and layout.
  ChirpHooks hooks;
  // The plan runs `chunks` times, once for each equal part of the batch in order, every launch
  // planned for one part (CacheChunks.h); 1: the whole batch at once.
  std::size_t chunks = 1;
  // Grouped, rader_permute: work-groups take their lanes (rows) last to first, so that a pass
  // starts on what the pass before it wrote last, while the L2 cache still holds it
  // (alternateGroupOrder).
  bool reverseGroups = false;
  // Rader's stage with its own permutation: the last grouped pass stores outputs o and o + N/2
  // (X[k] and X[n - k]) side by side, and rader_permute reads them so (PAIRED_OUT, PAIRED).
  bool pairedOut = false;

  LocalPass localFft;           // Local
  ElementwisePass elementwise;  // Elementwise
  GroupedPass grouped;          // Grouped

  std::string kernelName() const;  // "stockham", "local_fft", "transpose", "copy", "chirp_pad", ...
  std::string label() const;       // e.g. "stockham r16 p=256 n=4096 rows=8"
};

}  // namespace fftscope
