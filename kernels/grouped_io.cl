// The layout of a grouped pass (grouped_fft.cl, which follows this file and grouped_hooks.cl in
// its program): F, C, G and the local-memory strides, and where a lane reads and writes (lane_at).

#define F POINTS
#define C LANES
#define G GROUP
#define LPAD(index) ((index) + ((index) >> 4))
// The rounds in which the group's work-items go through `count` elements, one each a round. A
// constant, so that loops over them unroll and every load of a round is in flight before the first
// is used: on the H200 C2R's row pass, storing each bin as it arrived, took twice a plain pass.
#define ROUNDS_OF(count) (((count) + G - 1) / G)
#ifndef EXCHANGE_ROUNDS
#define EXCHANGE_ROUNDS 1
#endif
// Register-held passes (EXCHANGE_ROUNDS = X > 1): the group's C*F values stay in registers
// (MAX_VALUES a work-item) and go through local memory in X rounds between inner passes, a
// slice of F/X positions of every lane a round. Each work-item then takes exactly V/R butterflies
// of every inner pass, and which slice a value falls into follows from its butterfly round q and
// point m alone (write_slice, read_slice), so that the compiler sees which registers each round
// frees and fills. GroupedPlanner checks those formulas for every work-item before it plans one.
#define XR EXCHANGE_ROUNDS
#define SLICE (F / XR)
// Exchanges laid out by the planner (AFFINE_EXCHANGES, core/engine/planning/ExchangeLayout.h):
// exchange e, before inner pass e, leaves GAPe positions empty after every EVERYe (none where
// EVERYe is 0), spaced so that the positions of a butterfly stay evenly spaced once laid out: its
// first is laid out once and the others lie a constant step on, which the compiler folds into
// the accesses. Lanes are LANE_STRIDE apart. Otherwise every position is padded on its own
// (LPAD, CSKEW), an address computed for each access.
#ifndef AFFINE_EXCHANGES
#define AFFINE_EXCHANGES 0
#endif
#if AFFINE_EXCHANGES
#define LSTRIDE LANE_STRIDE
#else
// A lane's stride in local memory is odd, so that neighbouring lanes fall into different banks.
#define LSTRIDE ((SLICE + SLICE / 16) | 1)
#endif

// Register-held passes: the slice that output m of butterfly round q of a pass (radix R after
// inner passes of product pp, written lane-fast) falls into. With T = G / C butterflies of a lane
// between rounds, either pp divides T (the round is the output's high digit) or T divides pp
// (the high digit is made of the round's part above pp and m).
inline uint write_slice(uint q, uint m, uint R, uint pp) {
  const uint T = G / C, Q = C * F / (R * G);
  if (T % pp == 0) return q / (Q / XR);
  return ((q / (pp / T)) * R + m) / ((F / (R * pp)) * R / XR);
}

// The slice that input m of butterfly round q of a pass of radix R reads: the position is
// (m*Q + q)*T + a lane's offset below T.
inline uint read_slice(uint q, uint m, uint R) {
  const uint Q = C * F / (R * G);
  return (m * Q + q) / (Q * R / XR);
}

// A register-held pass may instead go through local memory a component at a time
// (COMPONENT_EXCHANGE, with XR = 2): every value's real part in round 0, its imaginary part in
// round 1. Local memory then holds one real number a point of the group's lanes (10240 f32 points
// take 40 KiB), and a work-item may hold any share of the row its radices divide, since no round
// frees or fills a subset of its registers: 6144 points take 256 work-items of 24 values, where
// slices take 96. Lanes are F apart and skewed within each run of 32 (the bank count) instead of
// padded, which would not fit: position i sits at i + i/32 mod 32 of its run, so C * F is a
// multiple of 32 (RegisterExchange.cpp's componentsFit).
#ifndef COMPONENT_EXCHANGE
#define COMPONENT_EXCHANGE 0
#endif
#if COMPONENT_EXCHANGE
#define CSKEW(i) (((i) & ~31u) | (((i) + ((i) >> 5)) & 31u))
#endif

#if XR > 1 && !COMPONENT_EXCHANGE
#define IN_WRITE_SLICE(q, m, R, pp, x) (write_slice(q, m, R, pp) == (x))
#define IN_READ_SLICE(q, m, R, x) (read_slice(q, m, R) == (x))
#else
#define IN_WRITE_SLICE(q, m, R, pp, x) 1
#define IN_READ_SLICE(q, m, R, x) 1
#endif

#ifndef R1
#define R1 1
#endif
#ifndef R2
#define R2 1
#endif
#ifndef R3
#define R3 1
#endif
#ifndef R4
#define R4 1
#endif
#ifndef TWO1
#define TWO1 0
#endif
#ifndef TWO2
#define TWO2 0
#endif
#ifndef TWO3
#define TWO3 0
#endif
#ifndef TWO4
#define TWO4 0
#endif
#ifndef TWO5
#define TWO5 0
#endif
// Where no layout is asked for, an exchange is not laid out (AFFINE_EXCHANGES above).
#ifndef EVERY1
#define EVERY1 0
#define GAP1 0
#endif
#ifndef EVERY2
#define EVERY2 0
#define GAP2 0
#endif
#ifndef EVERY3
#define EVERY3 0
#define GAP3 0
#endif
#ifndef EVERY4
#define EVERY4 0
#define GAP4 0
#endif
#ifndef EVERY5
#define EVERY5 0
#define GAP5 0
#endif
#ifndef R5
#define R5 1
#endif
#ifndef TANGLE_IN
#define TANGLE_IN 0
#endif
#ifndef UNTANGLE_OUT
#define UNTANGLE_OUT 0
#endif

// The Stockham p of the order a pass writes in: its own p, or 1 where it ends as a first pass.
#ifndef OUT_P
#define OUT_P P_TW
#endif

// Bluestein's padded rows as N1 x N2 (SPLIT_COLS = N2; core/engine/planning/SplitBluestein.h): the column
// passes (COLUMNS) transform a padded row's N2 columns of N1 points in place, the row pass between
// them (P_TW = N1) each of its N1 rows of N2 points, twiddled by w(f*k, M) on the way in and out,
// k the row's number in its padded row.
#ifndef SPLIT_COLS
#define SPLIT_COLS 0
#endif
#define SPLIT_COLUMN_PASS (SPLIT_COLS && COLUMNS)
#define SPLIT_ROW_PASS (SPLIT_COLS && !COLUMNS)

// Columns of a half spectrum whose rows are padded to whole runs (core/engine/planning/RealSteps.h): COLS
// lanes a row, of which USED_COLS hold data (the others neither read nor written), rows IN_COLS
// apart in the source and OUT_COLS apart in the destination.
#ifndef USED_COLS
#define USED_COLS COLS
#endif
#ifndef IN_COLS
#define IN_COLS COLS
#endif
#ifndef OUT_COLS
#define OUT_COLS COLS
#endif
#if COLUMNS
#define IN_STRIDE IN_COLS
#define OUT_STRIDE OUT_COLS
#else
#define IN_STRIDE STRIDE
#define OUT_STRIDE STRIDE
#endif

// Lane L's position among the S = SUBS lanes of its row or column (its butterfly of the big pass).
inline uint lane_flat(uint L) {
#if COLUMNS
  return (L / COLS) % SUBS;
#else
  return L % SUBS;
#endif
}

// Where lane L reads its point 0 and writes its output 0, and its k; false past the last lane
// (and for a column that holds no data).
inline bool lane_at(uint L, uint lanes, size_t* in0, size_t* out0, uint* k) {
  if (L >= lanes) return false;
  size_t in_base, out_base;
  const uint flat = lane_flat(L);
#if COLUMNS
  uint c = L % COLS, r = L / COLS;
  in_base = (size_t)(r / SUBS) * ((size_t)F * SUBS * IN_COLS) + c;
  out_base = (size_t)(r / SUBS) * ((size_t)F * SUBS * OUT_COLS) + c;
#else
  in_base = out_base = (size_t)(L / SUBS) * ROW_DIST;
#endif
  *in0 = in_base + (size_t)flat * IN_STRIDE;
  *out0 = out_base + ((size_t)(flat / OUT_P) * OUT_P * F + flat % OUT_P) * OUT_STRIDE;
#if SPLIT_ROW_PASS
  *k = L % P_TW;
#else
  *k = flat % P_TW;
#endif
#if COLUMNS && USED_COLS != COLS
  return c < USED_COLS;
#else
  return true;
#endif
}
