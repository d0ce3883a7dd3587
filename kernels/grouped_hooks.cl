// The global loads and stores of a grouped pass (grouped_fft.cl) and what they fold in: Bluestein's
// and Rader's chirps, filter and permutations, and C2R's tangling from bins staged in local memory
// (LOAD_POINT / STORE_POINT). Follows grouped_io.cl in the program.

// Bluestein's element-wise steps (kernels/bluestein.cl) in the global loads and stores of a pass
// over padded rows of PADDED points; `hook` holds the chirp c (CHIRP_N entries), then the filter's
// spectrum (PADDED entries).
// - CHIRP_IN: loads read x[j]*c[j] for j < n from the stage's own rows (HOOK_STRIDE, HOOK_DIST),
//   and 0 beyond: the padded rows are never written.
// - FILTER_OUT: stores multiply by the filter's spectrum.
// - CHIRP_OUT: output o is X[k] = c[k] * (its value), k = (M - o) mod M, stored into the stage's
//   rows for k < n only.
// - FILTER_MIDDLE: the first FFT's last pass and the second's first in one launch (grouped_fft.cl,
//   filter_in_registers): the first's outputs, times the filter's spectrum, are the second's
//   inputs, and the pass stores as the second's first (OUT_P = 1).
// Columns read in place (HOOK_COLUMNS, with COLUMNS): the padded rows are columns too, of arrays of
// PADDED x COLS beside the stage's arrays of CHIRP_N x COLS, so neighbouring lanes stay neighbours.
// A point's place in its padded row follows from its lane's (hook_lane, once a lane), without a
// division a point.
// Indices fit in 32 bits: the planner keeps rows * PADDED below 2^31.
// RADER: the same hooks for Rader's algorithm over a prime n = CHIRP_N (core/engine/algorithms/Rader.h): the
// padded rows are N = n - 1 = PADDED points a[q] = x[g^q], the hook holds the filter's spectrum
// (PADDED entries), then g^q mod n (PADDED uints, from RADER_POWERS on), then two side slots a row
// (from SIDE_AT on): x[0], which the first pass keeps, and A[0], which the filter's pass keeps, so
// that the last pass stores output o as X[g^o] = c[o] + x[0] and X[0] = A[0] + x[0]. (Taking x[0]
// from every a[q] instead would add it to every output for free, the b[m] summing to -1, but then
// X[0] = A[0] + n*x[0] cancels: on the H200 its error reached 10x the L2 error.)
#ifndef FILTER_MIDDLE
#define FILTER_MIDDLE 0
#endif
#ifndef RADER
#define RADER 0
#endif
#if RADER
#define HOOK_CONST
#define FILTER_AT 0
#define RADER_POWERS ((__global const uint*)(hook + PADDED))
#define SIDE(h, slot) hook[SIDE_AT + 2 * (h).row + (slot)]
// The filter's pass keeps A[0] (position 0 of its padded row) before it multiplies.
#define KEEP_DC(h, position, value) \
  if ((position) == 0) SIDE(h, 1) = (value)
#else
#define HOOK_CONST const
#define FILTER_AT CHIRP_N
#define KEEP_DC(h, position, value)
#endif
#ifndef HOOK_COLUMNS
#define HOOK_COLUMNS 0
#endif
#define HOOKED (CHIRP_IN || FILTER_OUT || CHIRP_OUT || FILTER_MIDDLE)
#if (FILTER_OUT || CHIRP_OUT || FILTER_MIDDLE) && P_TW != SUBS && !SPLIT_COLS
#error "Bluestein's stores go into an FFT's last pass (p = SUBS)"
#endif
#if HOOKED && (USED_COLS != COLS || IN_COLS != COLS || OUT_COLS != COLS)
#error "Bluestein's and Rader's hooks read and write columns COLS apart"
#endif
#if SPLIT_COLS && (RADER || HOOK_COLUMNS)
#error "split padded rows are Bluestein's, of rows"
#endif
#if HOOKED
// Lane L's place in its padded row (flat; its input f is at flat + f*SUBS, and, as the stores with
// hooks are a last pass's, where flat < p, its output g at flat + g*OUT_P), and where its row
// starts in the stage's own layout.
typedef struct {
  uint flat;
  uint row;  // the padded row's number, for Rader's side slots
  size_t base;
} hook_lane_t;
inline hook_lane_t hook_lane(uint L) {
  hook_lane_t h;
#if HOOK_COLUMNS
  const uint r = L / COLS, flat = r % SUBS;
  h.row = (r / SUBS) * COLS + L % COLS;
  h.base = (size_t)(r / SUBS) * CHIRP_N * COLS + L % COLS;
#define HOOK_STEP COLS
#elif SPLIT_COLUMN_PASS
  // Column flat of padded row L / SPLIT_COLS.
  const uint flat = L % SPLIT_COLS;
  h.row = L / SPLIT_COLS;
  h.base = (size_t)h.row * HOOK_DIST;
#define HOOK_STEP HOOK_STRIDE
#elif SPLIT_ROW_PASS
  // Row L % P_TW of padded row L / P_TW, which starts at place flat.
  const uint flat = (L % P_TW) * F;
  h.row = L / P_TW;
  h.base = (size_t)h.row * HOOK_DIST;
#define HOOK_STEP HOOK_STRIDE
#else
  const uint flat = L % SUBS;
  h.row = L / SUBS;
  h.base = (size_t)h.row * HOOK_DIST;
#define HOOK_STEP HOOK_STRIDE
#endif
  h.flat = flat;
  return h;
}
#define LANE_HOOKS(L) hook_lane(L)
// The places in its padded row of a lane's input f and output g (the first FFT's last pass's
// outputs where FFTs meet: MIDDLE_PLACE).
#if SPLIT_COLUMN_PASS
#define IN_PLACE(h, f) ((h).flat + (f) * SPLIT_COLS)
#define OUT_PLACE(h, g) ((h).flat + (g) * SPLIT_COLS)
#else
#define IN_PLACE(h, f) ((h).flat + (f) * SUBS)
#define OUT_PLACE(h, g) ((h).flat + (g) * OUT_P)
#endif
#define MIDDLE_PLACE(h, g) ((h).flat + (g) * (SPLIT_ROW_PASS ? 1 : P_TW))
#else
typedef uint hook_lane_t;
#define LANE_HOOKS(L) 0u
#endif
// Rader's rows in one pass (SUBS = 1, held in local memory): the group's rows go through local
// memory in order, x[j] at j - 1 (stage_rader_rows), and a[q] is read from there; the last pass
// puts output o at X's place g^o - 1 there and stores the rows in order (rader_to_global). Random
// reads and writes of global memory cost an H200 several round trips of the data.
#define RADER_STAGED (RADER && SUBS == 1 && XR == 1 && INNER_COUNT > 1)
#if RADER_STAGED
#define RADER_ROUNDS ROUNDS_OF(C * CHIRP_N)  // the group's rows' elements
// Element b of the group's rows (j < n) as lane c and index j: lane-fast for columns.
inline uint2 rader_element(uint b) {
#if HOOK_COLUMNS
  return (uint2)(b % C, b / C);
#else
  return (uint2)(b / CHIRP_N, b % CHIRP_N);
#endif
}
#endif
#if CHIRP_IN && RADER_STAGED
inline void stage_rader_rows(__global const real2_t* x, __local real2_t* staged, uint t, uint lane0, uint lanes) {
  real2_t z[RADER_ROUNDS];
#pragma unroll
  for (uint i = 0; i < RADER_ROUNDS; ++i) {
    const uint b = t + i * G;
    const uint2 cj = rader_element(b);
    const bool active = b < C * CHIRP_N && lane0 + cj.x < lanes && cj.y != 0;
    z[i] = active ? x[hook_lane(lane0 + cj.x).base + (size_t)cj.y * HOOK_STEP] : (real2_t)((real_t)0);
  }
#pragma unroll
  for (uint i = 0; i < RADER_ROUNDS; ++i) {
    const uint b = t + i * G;
    const uint2 cj = rader_element(b);
    if (b < C * CHIRP_N && lane0 + cj.x < lanes && cj.y != 0) staged[cj.x * LSTRIDE + LPAD(cj.y - 1)] = z[i];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
inline real2_t rader_staged(__global const real2_t* x, __local const real2_t* staged, uint c, hook_lane_t h, uint q,
                            __global real2_t* hook) {
  if (q == 0) SIDE(h, 0) = x[h.base];
  return staged[c * LSTRIDE + LPAD(RADER_POWERS[q] - 1)];
}
#define LOAD_POINT(x, at, c, f, h) rader_staged((x), staged, (c), (h), IN_PLACE(h, f), hook)
#elif CHIRP_IN && RADER
inline real2_t rader_in(__global const real2_t* x, hook_lane_t h, uint q, __global real2_t* hook) {
  if (q == 0) SIDE(h, 0) = x[h.base];
  return x[h.base + (size_t)RADER_POWERS[q] * HOOK_STEP];
}
#define LOAD_POINT(x, at, c, f, h) rader_in((x), (h), IN_PLACE(h, f), hook)
#elif CHIRP_IN
inline real2_t chirp_in(__global const real2_t* x, hook_lane_t h, uint j, __global const real2_t* hook) {
  if (j >= CHIRP_N) return (real2_t)((real_t)0);
  return cmul(x[h.base + (size_t)j * HOOK_STEP], hook[j]);
}
#define LOAD_POINT(x, at, c, f, h) chirp_in((x), (h), IN_PLACE(h, f), hook)
#elif TANGLE_IN
// C2R (core/engine/planning/RealSteps.h): each lane is a whole row of F points, made from bins 0 .. F of a
// real signal of 2F samples, F + 1 apart (tangle_with in common.cl). The group's rows are tangled
// into local memory first (stage_bins), each pair from its two bins read once from global memory:
// on the H200 that took C2R 4096²'s row pass from 0.065 to 0.060 ms against staging the bins in
// order and tangling them there.
#define LOAD_POINT(x, at, c, f, h) (staged[(c) * LSTRIDE + LPAD(f)])
#endif
#ifndef LOAD_POINT
#define LOAD_POINT(x, at, c, f, h) ((x)[at])
#endif

#if CHIRP_OUT && RADER_STAGED
// The outputs, at X's places in local memory, then the group's rows in order, X[0] from the side slots.
#define RADER_TO_GLOBAL(R, PP, FAST) rader_to_global(y, buf, v, t, R, PP, FAST, lane0, lanes, scale, hook);
#define STORE_POINT(y, at, value, h, g) ((y)[at] = (value))  // last_to_global, which these passes skip
inline uint2 butterfly(uint b, uint R, bool lane_fast);  // grouped_exchange.cl
inline void rader_to_global(__global real2_t* y, __local real2_t* buf, const real2_t* v, uint t, uint R, uint pp,
                            bool lane_fast, uint lane0, uint lanes, real_t scale, __global real2_t* hook) {
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint rounds = (C * F / R + G - 1) / G;
  for (uint q = 0; q < rounds; ++q) {
    const uint b = t + q * G;
    const uint2 ci = butterfly(b, R, lane_fast);
    if (b >= C * F / R) break;
    const uint kk = ci.y % pp, j = (ci.y - kk) * R + kk;
    for (uint m = 0; m < R; ++m) buf[ci.x * LSTRIDE + LPAD(RADER_POWERS[j + m * pp] - 1)] = v[q * R + m] * scale;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  // Every value made before the first store, which could alias the side slots' loads.
  real2_t z[RADER_ROUNDS];
#pragma unroll
  for (uint i = 0; i < RADER_ROUNDS; ++i) {
    const uint b = t + i * G;
    const uint2 cj = rader_element(b);
    if (b >= C * CHIRP_N || lane0 + cj.x >= lanes) continue;
    const hook_lane_t h = hook_lane(lane0 + cj.x);
    z[i] = (cj.y == 0 ? SIDE(h, 1) * scale : buf[cj.x * LSTRIDE + LPAD(cj.y - 1)]) + SIDE(h, 0) * scale;
  }
#pragma unroll
  for (uint i = 0; i < RADER_ROUNDS; ++i) {
    const uint b = t + i * G;
    const uint2 cj = rader_element(b);
    if (b < C * CHIRP_N && lane0 + cj.x < lanes) y[hook_lane(lane0 + cj.x).base + (size_t)cj.y * HOOK_STEP] = z[i];
  }
}
#elif CHIRP_OUT && RADER
// Rader's scatter goes in two steps (rader_scatter): each point's store, with the hook values it
// needs loaded, then the stores. A load after a store waits for it (the compiler cannot tell that
// the hook is not the output), so loading each point's place just before its store kept a
// work-item one memory latency a point: on the H200 65537's scatter took 0.43 ms that way, 0.34
// this way (f64 0.60, 0.42).
// Rader's: output o is X[g^o] = c[o] + x[0]; the work-item that stores output 0 also stores X[0] =
// A[0] + x[0] (rader_dc).
#define RADER_SCATTER 1
// One store of the scatter, made before any is stored: where (below 2^31, as every index of a
// hooked pass), what, and whether.
typedef struct {
  uint at;
  real2_t value;
  bool on;
} rader_store_t;
inline rader_store_t rader_store(real2_t value, hook_lane_t h, uint g, real_t scale, __global real2_t* hook) {
  rader_store_t p;
  p.at = (uint)(h.base + (size_t)RADER_POWERS[OUT_PLACE(h, g)] * HOOK_STEP);
  p.value = value + SIDE(h, 0) * scale;
  p.on = true;
  return p;
}
inline real2_t rader_dc(hook_lane_t h, real_t scale, __global real2_t* hook) { return (SIDE(h, 1) + SIDE(h, 0)) * scale; }
#elif CHIRP_OUT
// Bluestein's: output o is X[k] = c[k] * (its value), k = (M - o) mod M, stored for k < n only.
// (Stored point by point: on the H200 its parts made first, as Rader's are, took 12289's last pass
// 0.41 ms against 0.18.)
inline void chirp_out(__global real2_t* y, hook_lane_t h, uint o, real2_t value, __global const real2_t* hook) {
  const uint k = o == 0 ? 0 : PADDED - o;
  if (k < CHIRP_N) y[h.base + (size_t)k * HOOK_STEP] = cmul(value, hook[k]);
}
#define STORE_POINT(y, at, value, h, g) chirp_out((y), (h), OUT_PLACE(h, g), (value), hook)
#elif FILTER_OUT
inline void filter_out(__global real2_t* y, size_t at, real2_t value, hook_lane_t h, uint position,
                       __global HOOK_CONST real2_t* hook) {
  KEEP_DC(h, position, value);
  y[at] = cmul(value, hook[FILTER_AT + position]);
}
#define STORE_POINT(y, at, value, h, g) filter_out((y), (at), (value), (h), OUT_PLACE(h, g), hook)
#endif
#ifndef RADER_SCATTER
#define RADER_SCATTER 0
#endif
#ifndef STORE_POINT
#define STORE_POINT(y, at, value, h, g) ((y)[at] = (value))
#endif

#if RADER_SCATTER
inline uint2 butterfly(uint b, uint R, bool lane_fast);  // grouped_exchange.cl
// Rader's scatter, the last pass's outputs (radix R after inner passes of product pp): every
// point's store made first, then stored (rader_store says why).
inline void rader_scatter(__global real2_t* y, const real2_t* v, uint t, uint R, uint pp, bool lane_fast, uint lane0,
                          uint lanes, real_t scale, __global real2_t* hook) {
  const uint rounds = (C * F / R + G - 1) / G;
  rader_store_t part[MAX_VALUES];
  // X[0], by the work-item that stores output 0 of its lane (at most one lane a round).
  bool dc_on[MAX_VALUES];
  uint dc_at[MAX_VALUES];
  real2_t dc_value[MAX_VALUES];
  for (uint q = 0; q < rounds; ++q) {
    uint b = t + q * G;
    uint2 ci = butterfly(b, R, lane_fast);
    size_t in0, out0;
    uint k;
    const bool active = b < C * F / R && lane_at(lane0 + ci.x, lanes, &in0, &out0, &k);
    const hook_lane_t h = LANE_HOOKS(lane0 + ci.x);
    uint kk = ci.y % pp, j = (ci.y - kk) * R + kk;
    for (uint m = 0; m < R; ++m) {
      part[q * R + m].on = false;
      if (active)
        part[q * R + m] = rader_store(v[q * R + m] * scale, h, j + m * pp, scale, hook);
    }
    dc_on[q] = active && h.flat == 0 && j == 0;  // output 0: position 0 of a lane at flat 0
    dc_at[q] = (uint)h.base;
    dc_value[q] = dc_on[q] ? rader_dc(h, scale, hook) : (real2_t)((real_t)0);
  }
  for (uint i = 0; i < rounds * R; ++i)
    if (part[i].on) y[part[i].at] = part[i].value;
  for (uint q = 0; q < rounds; ++q)
    if (dc_on[q]) y[dc_at[q]] = dc_value[q];
}
#endif
#if PAIRED_OUT
#if INNER_COUNT == 1
#error "paired stores take the outputs of one butterfly of the last inner pass: two inner passes or more"
#endif
// Rader's convolution for rader_permute (bluestein.cl), from the last pass (radix R): outputs o
// and o + n/2 of a row (m and m + R/2 of a butterfly: X[k] and X[N - k] of the prime N) side by
// side, one 2-point store at pair o of the row starting at `row`.
inline void rader_pair_store(__global real2_t* row, size_t o, real2_t a, real2_t c) {
  *(__global real4_t*)(row + 2 * o) = (real4_t)(a.x, a.y, c.x, c.y);
}
#endif

#if FILTER_MIDDLE
#if INNER_COUNT < 2 || XR > 1 || TANGLE_IN || UNTANGLE_OUT
#error "FILTER_MIDDLE needs two inner passes or more, held in local memory, of complex data"
#endif
// The first FFT's outputs (the last inner pass's: radix R after inner passes of product pp,
// lane-fast, in v) times the filter's spectrum: the second FFT's inputs. This is the first FFT's
// last pass (flat < P_TW), so output g of a lane is at place flat + g*P_TW of its padded row
// (MIDDLE_PLACE; in a split's row pass, flat + g).
inline uint2 butterfly(uint b, uint R, bool lane_fast);  // grouped_exchange.cl

// Butterfly b of that pass: whether its lane exists, the lane's hooks (h) and the j whose outputs
// j + m*pp it made.
inline bool middle_butterfly(uint b, uint R, uint pp, uint lane0, uint lanes, hook_lane_t* h, uint* j) {
  const uint2 ci = butterfly(b, R, 1);
  size_t in0 = 0, out0;
  uint k;
  *h = hook_lane(lane0 + ci.x);
  const uint kk = ci.y % pp;
  *j = (ci.y - kk) * R + kk;
  return lane_at(lane0 + ci.x, lanes, &in0, &out0, &k);
}

// The filter's spectrum at those outputs, read into f ahead of need: its loads then wait beside
// the first FFT's last exchange instead of after its last butterflies.
inline void load_filter(real2_t* f, uint t, uint R, uint pp, uint lane0, uint lanes, __global HOOK_CONST real2_t* hook) {
  for (uint q = 0, b = t; q < (C * F / R + G - 1) / G && b < C * F / R; ++q, b += G) {
    hook_lane_t h;
    uint j;
    const bool active = middle_butterfly(b, R, pp, lane0, lanes, &h, &j);
    for (uint m = 0; m < R; ++m)
      f[q * R + m] = active ? hook[FILTER_AT + MIDDLE_PLACE(h, j + m * pp)] : (real2_t)((real_t)0);
  }
}

// v times f; Rader's keeps A[0] first (KEEP_DC).
inline void filter_in_registers(real2_t* v, const real2_t* f, uint t, uint R, uint pp, uint lane0, uint lanes,
                                __global HOOK_CONST real2_t* hook) {
  for (uint q = 0, b = t; q < (C * F / R + G - 1) / G && b < C * F / R; ++q, b += G) {
#if RADER
    hook_lane_t h;
    uint j;
    if (middle_butterfly(b, R, pp, lane0, lanes, &h, &j))
      for (uint m = 0; m < R; ++m) KEEP_DC(h, MIDDLE_PLACE(h, j + m * pp), v[q * R + m]);
#endif
    for (uint m = 0; m < R; ++m) v[q * R + m] = cmul(v[q * R + m], f[q * R + m]);
  }
}

// Bluestein's and Rader's filter, read during the first FFT's last exchange (the
// (INNER_COUNT - 1)th of the launch; `exchanges` counts them, which the compiler folds), where
// the FFTs meet in registers, with FILTER_PREFETCH (DeviceLimits::filterPrefetch): it once took
// Rader's 65537 x 255 filter pass from 0.119 to 0.101 ms on the H200, but since the passes got
// faster it costs more registers than it saves (0.1015 against 0.0988 ms); by default the filter
// is read after the first FFT.
#ifndef FILTER_PREFETCH
#define FILTER_PREFETCH 0
#endif
#define PREFETCHING (FILTER_MIDDLE && RLAST == R0 && FILTER_PREFETCH)
#if PREFETCHING
#define PREFETCH_FILTER \
  if (++exchanges == INNER_COUNT - 1) load_filter(filter, t, RLAST, F / RLAST, lane0, lanes, hook);
#else
#define PREFETCH_FILTER
#endif
#endif
#ifndef PREFETCH_FILTER
#define PREFETCH_FILTER
#endif
