// How one axis is cut into grouped passes (kernels/grouped_fft.cl): as few passes as local memory
// allows, each a composite radix F done through local memory by small radices, with enough
// neighbouring lanes a work-group that every global access is a run of at least 32 bytes.
// Plain data: no device needed, so tests and `fftscope-cli plan` see what the plan runs.
#pragma once

#include "engine/description/FftTypes.h"

#include <cstddef>
#include <vector>

namespace fftscope {

// The product of radices or factors.
template <typename T>
std::size_t productOf(const std::vector<T>& v) {
  std::size_t p = 1;
  for (T f : v) p *= static_cast<std::size_t>(f);
  return p;
}

struct DeviceLimits;
struct PassInfo;

struct GroupedStep {
  std::vector<int> radices;  // the inner passes, in order; their product is points
  std::size_t points = 0;    // F
  std::size_t lanes = 1;     // C: lanes (butterflies of the big pass, or rows) a work-group takes
  std::size_t group = 0;     // work-items a group: lanes * points / the points a work-item aims at
  std::size_t values = 0;    // values a work-item holds (the kernel's MAX_VALUES)
  std::size_t rounds = 1;    // exchange rounds through local memory (> 1: register-held)
  bool components = false;   // register-held, the rounds a component each (RegisterExchange.h)
};

// The passes for `rows` rows of n points (columns: neighbouring rows are neighbours in memory),
// or none when n has a prime factor above 31 or cannot be cut within the device's limits.
std::vector<GroupedStep> groupedSteps(std::size_t n, std::size_t rows, bool columns, Precision precision,
                                      const DeviceLimits& limits);

// Where a grouped pass's twiddles sit in its table (complex entries):
// - inner pass i >= 1 (radix R after inner passes of product pp): w(m*k, R*pp) at
//   innerOffsets[i-1] + (m-1)*pp + k, as local_fft.cl's table, so neighbouring k are neighbours;
// - outer twiddles w(e, n), n = groupedOuterLength (F*p for a pass after others, F'*F*p for one
//   that twiddles its stores for the next): lo[e mod L] * hi[e / L] (L = lo entries);
// - split 1 (lanes of a group are neighbouring k = k0 + c): w(f*k, F*p) = w(f*k0) * w(f*c), the
//   latter at lo + hi + f*C + c, so a group reads one entry a point and neighbouring lanes
//   neighbouring entries; split 2 (columns: k is the same for a group's lanes): w(f*k0) alone;
//   split 3 (columns of a width the lanes do not divide: a group's lanes have k0 or, past the end
//   of a row of the array, one other k): w(f*k) from lo and hi, staged for both k where it can be;
// - a pass that (un)tangles real rows: w(k, 2F), k = 0 .. F, last.
struct GroupedTableLayout {
  std::vector<std::size_t> innerOffsets;
  std::size_t innerSize = 0;
  std::size_t lo = 0, hi = 0;
  int split = 0;
  std::size_t laneSize = 0;  // split 1: F * C entries
  std::size_t loOffset() const { return innerSize; }
  std::size_t hiOffset() const { return innerSize + lo; }
  std::size_t laneOffset() const { return innerSize + lo + hi; }
  // R2C's untangling or C2R's tangling in the pass: w(k, 2F) for k = 0 .. F.
  std::size_t untangleOffset() const { return laneOffset() + laneSize; }
};
GroupedTableLayout groupedTableLayout(const PassInfo& pass);

// Whether a grouped pass multiplies its inputs by its own outer twiddles: a pass after others
// whose inputs the pass before did not store twiddled (GroupedPass::twiddledBefore).
bool twiddlesOwnLoads(const PassInfo& pass);

// n of the outer twiddles w(e, n) a grouped pass reads from lo and hi: F*p for a pass after
// others, M for a split's column passes that take its twiddles (ChirpHooks::splitTwiddles), F'*F*p
// for a pass that twiddles its stores for the next (GroupedPass::nextPoints), 0 for none (a first
// pass, a pass whose inputs come twiddled, or a split's row pass whose twiddles the columns take).
std::size_t groupedOuterLength(const PassInfo& pass);

// log2 of L, where a grouped pass's twiddles w(e, n), e < n, come from lo[e mod L] * hi[e / L]:
// about sqrt(n), so that both tables stay small.
std::size_t groupedSplitLog2(std::size_t n);

// Local memory a grouped pass of F points and C lanes takes, in bytes.
std::size_t groupedLocalBytes(std::size_t points, std::size_t lanes, Precision precision);

// Whether neighbouring work-items take neighbouring lanes in a grouped pass's first inner pass
// (READ_LANE_FAST) and in its last (WRITE_LANE_FAST): where lanes are neighbours in memory
// (columns, and the positions of a long row; a whole row's points are its own neighbours).
bool readsLaneFast(const PassInfo& pass);
bool writesLaneFast(const PassInfo& pass);

}  // namespace fftscope
