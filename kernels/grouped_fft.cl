// One Stockham pass of a composite radix F = POINTS over LANES neighbouring lanes per work-group,
// the F-point DFTs done by INNER_COUNT smaller passes (radices R0, R1, ...) through local memory.
// A lane is one butterfly of the big pass: position `flat` < S = n / F of its row, reading the
// points x[flat + f*S], f < F, and, for a pass after others (P_TW = p > 1), multiplying point f by
// w(f*k, F*p) with k = flat mod p, unless the pass before stored it so multiplied (TWIDDLED_BEFORE;
// NEXT_POINTS below). Output g goes to (flat / Q)*Q*F + flat mod Q + g*Q: with Q = p
// that is the Stockham order the next pass expects (natural order after the last one), with
// Q = S the points stay where they were read (columns of a 2D array transformed in place).
// - One pass over a whole row: S = 1, F = n, lanes are rows (several a group when rows are short).
// - A long row: passes of F1, F2, ... with p = 1, F1, F1*F2, ...; every global access is a run
//   of neighbouring lanes (or, writing the first pass, of neighbouring outputs of one lane).
// - 2D columns in place (COLUMNS): lanes are neighbouring columns, elements COLS apart.
// Everything but the lane count is fixed when the kernel is built, so that addresses cost a
// multiply-add per point and the twiddle indices need no division at run time.
// Legend: G work-items; t a work-item; a butterfly of an inner pass of radix R is (lane c, index
// i < F/R) and a work-item takes one or more of them (rounds); LANE_FAST maps neighbouring
// work-items to neighbouring lanes, else to neighbouring i of one lane.
// Twiddles: from a table made on the host in long double, or computed (TWIDDLE_MODE).
// Needs common.cl, grouped_io.cl, grouped_hooks.cl, grouped_real.cl, grouped_twiddles.cl and grouped_exchange.cl before it; built with -D POINTS, LANES, GROUP,
// SUBS, P_TW, STRIDE, COLUMNS, COLS, ROW_DIST, READ_LANE_FAST, WRITE_LANE_FAST, INNER_COUNT, R0..R5, RLAST, TWO1..TWO5,
// PRE_LOG_L, PRE_LO, PRE_HI, PRE_LANE, PRE_SPLIT, MAX_VALUES, TWIDDLE_MODE, FFT_SIGN
// [, EXCHANGE_ROUNDS, COMPONENT_EXCHANGE, DOUBLE_PRECISION, NEXT_POINTS, TWIDDLED_BEFORE] [, CHIRP_IN, FILTER_OUT,
// FILTER_MIDDLE, CHIRP_OUT with PADDED, CHIRP_N, HOOK_STRIDE, HOOK_DIST, HOOK_COLUMNS, OUT_P]
// [, UNTANGLE_OUT or TANGLE_IN, with UNTANGLE_TW]; the table's layout is GroupedTableLayout's
// (core/engine/planning/GroupedPlanner.h).

// Reads the first inner pass's inputs from global memory (pre-twiddled) and transforms them.
inline void first_pass(__global const real2_t* x, real2_t* v, uint t, uint lane0, uint lanes,
                       __global const real2_t* table, __global HOOK_CONST real2_t* hook, __local const real2_t* staged,
                       __local const real2_t* staged_twiddles) {
  const uint R = R0, rounds = (C * F / R0 + G - 1) / G;
  size_t unused0, unused1;
  uint k0 = 0;
  if (OUTER_TWIDDLES) lane_at(lane0, lanes, &unused0, &unused1, &k0);
  UNROLL_WHOLE
  for (uint q = 0; q < rounds; ++q) {
    uint b = t + q * G;
    uint2 ci = butterfly(b, R, READ_LANE_FAST);
    size_t in0 = 0, out0 = 0;
    uint k = 0;  // lanes past the last one read nothing, and twiddle by w(0) = 1
    bool active = b < C * F / R && lane_at(lane0 + ci.x, lanes, &in0, &out0, &k);
    const hook_lane_t h = LANE_HOOKS(lane0 + ci.x);
    real2_t* u = v + q * R;
#if STEPPED_TWIDDLES && XR > 1
    // Register-held: each power made from the last, which keeps PoCL's build of these kernels
    // short (a table of the powers took it minutes).
    const real2_t base = active ? lane_twiddle(ci.y, k, k0, ci.x, table, staged_twiddles) : (real2_t)((real_t)0);
    const real2_t step = active ? lane_twiddle(F / R0, k, k0, ci.x, table, staged_twiddles) : (real2_t)((real_t)0);
    real2_t tw = base;
#elif STEPPED_TWIDDLES
    real2_t upper[R0 / 4], lower[4];
    if (active) {
      const real2_t base = lane_twiddle(ci.y, k, k0, ci.x, table, staged_twiddles);
      for (uint a = 0; a < R0 / 4; ++a)
        upper[a] = a == 0 ? base : cmul(base, lane_twiddle(4 * a * (F / R0), k, k0, ci.x, table, staged_twiddles));
      lower[1] = lane_twiddle(F / R0, k, k0, ci.x, table, staged_twiddles);
      lower[2] = cmul(lower[1], lower[1]);
      lower[3] = cmul(lower[2], lower[1]);
    }
#endif
#if SPLIT_TWIDDLED_COLUMNS && CHIRP_OUT
    // The last column pass: input f of column n2 = h.flat is the row pass's output k1 = f.
    twiddle_steps_t steps = twiddle_steps(h.flat * (F / R), table);
#endif
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m) {
      uint f = ci.y + m * (F / R);
      real2_t value = active ? LOAD_POINT(x, in0 + (size_t)f * SUBS * IN_STRIDE, ci.x, f, h) : (real2_t)((real_t)0);
#if SPLIT_TWIDDLED_COLUMNS && CHIRP_OUT
      // Past the last butterfly ci.y runs beyond F/R, and the exponent beyond the table.
      if (active) value = cmul(value, stepped_twiddle(&steps, m, h.flat * ci.y, h.flat * (F / R), table));
#endif
#if STEPPED_TWIDDLES && XR > 1
      if (active) {
        tw = m % 4 != 0 ? cmul(tw, step)
             : m == 0   ? base
                        : cmul(base, lane_twiddle(m * (F / R0), k, k0, ci.x, table, staged_twiddles));
        value = cmul(value, tw);
      }
#elif STEPPED_TWIDDLES
      if (active) value = cmul(value, m % 4 == 0 ? upper[m / 4] : cmul(upper[m / 4], lower[m % 4]));
#else
      if (OUTER_TWIDDLES && active) value = cmul(value, lane_twiddle(f, k, k0, ci.x, table, staged_twiddles));
#endif
      u[m] = value;
    }
    dft(u, R);
  }
}

// Twiddles and transforms a pass's inputs, from w into v.
inline void transform(const real2_t* w, real2_t* v, uint t, uint R, uint pp, bool lane_fast,
                      __global const real2_t* table) {
  const uint rounds = (C * F / R + G - 1) / G;
  UNROLL_WHOLE
  for (uint q = 0; q < rounds; ++q) {
    uint b = t + q * G;
    if (XR == 1 && b >= C * F / R) break;  // register-held: every work-item has all its butterflies
    uint2 ci = butterfly(b, R, lane_fast);
    real2_t* u = v + q * R;
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m) u[m] = w[q * R + m];
    inner_twiddles(u, R, pp, ci.y, table);
    dft(u, R);
  }
}

// Writes the last inner pass's outputs (radix R after inner passes of product pp) to global memory;
// Rader's scatter makes every point's store first, then stores them (rader_scatter in grouped_io.cl);
// Rader's pairs go side by side (rader_pair_store there).
inline void last_to_global(__global real2_t* y, const real2_t* v, uint t, uint R, uint pp, bool lane_fast,
                           uint lane0, uint lanes, real_t scale, __global HOOK_CONST real2_t* hook,
                           __global const real2_t* table) {
#if RADER_SCATTER
  rader_scatter(y, v, t, R, pp, lane_fast, lane0, lanes, scale, hook);
#else
  const uint rounds = (C * F / R + G - 1) / G;
  UNROLL_WHOLE
  for (uint q = 0; q < rounds; ++q) {
    uint b = t + q * G;
    uint2 ci = butterfly(b, R, lane_fast);
    size_t in0, out0;
    uint k;
    if (b >= C * F / R || !lane_at(lane0 + ci.x, lanes, &in0, &out0, &k)) continue;
    const hook_lane_t h = LANE_HOOKS(lane0 + ci.x);
    uint kk = ci.y % pp, j = (ci.y - kk) * R + kk;
#if PAIRED_OUT
    const size_t row = out0 - out0 % ROW_DIST;
    UNROLL_WHOLE
    for (uint m = 0; m < R / 2; ++m)
      rader_pair_store(y + row, out0 - row + (size_t)(j + m * pp) * OUT_P, v[q * R + m] * scale,
                       v[q * R + m + R / 2] * scale);
#elif SPLIT_TWIDDLED_ROW_STORES || (SPLIT_TWIDDLED_COLUMNS && CHIRP_IN) || NEXT_POINTS
    // Outputs g = j + m*pp times w(e0 + m*step, OUTER_N), a butterfly's from R/4 + 1 lookups.
#if NEXT_POINTS
    // Output g of lane `flat` is the next pass's point f = flat / (S / F') of a lane whose
    // k = flat mod p + g*p (with S = SUBS, p' = F*p divides S / F'): times w(f*k, F'*F*p).
    const uint flat = lane_flat(lane0 + ci.x), f = flat / (SUBS / NEXT_POINTS);
    const uint e0 = f * (flat % P_TW + j * P_TW), step = f * pp * P_TW;
#else
    // Bluestein's second FFT's rows: output g times w(g*k, M) before the column pass; or the first
    // column pass, output k1 = g of column n2 = h.flat times w(n2*k1, M) before the row pass.
    const uint factor = SPLIT_ROW_PASS ? k : h.flat;
    const uint e0 = j * factor, step = pp * factor;
#endif
    twiddle_steps_t steps = twiddle_steps(step, table);
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m) {
      const real2_t tw = stepped_twiddle(&steps, m, e0, step, table);
      y[out0 + (size_t)(j + m * pp) * OUT_P * OUT_STRIDE] = cmul(v[q * R + m], tw) * scale;
    }
#else
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m)
      STORE_POINT(y, out0 + (size_t)(j + m * pp) * OUT_P * OUT_STRIDE, v[q * R + m] * scale, h, j + m * pp);
#endif
  }
#endif
}

// One inner pass after the first: through local memory (in XR rounds); the last one writes to
// global memory.
// The rounds are written out (XR <= 8) so that every register index is a constant.
#define EXCHANGE_ROUND(x, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP) \
  if (XR > (x)) {                                                         \
    barrier(CLK_LOCAL_MEM_FENCE);                                         \
    TO_LOCAL(buf, v, t, PREV_R, PREV_PP, PREV_FAST, x, EVERY, GAP);       \
    PREFETCH_FILTER                                                       \
    barrier(CLK_LOCAL_MEM_FENCE);                                         \
    READ_LOCAL(buf, w, t, R, (LAST) ? WRITE_LANE_FAST : 1, x, EVERY, GAP); \
  }
#define INNER_PASS(R, PP, PREV_R, PREV_PP, PREV_FAST, LAST, OFFSET, EVERY, GAP) \
  EXCHANGE_ROUND(0, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP)           \
  EXCHANGE_ROUND(1, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP)           \
  EXCHANGE_ROUND(2, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP)           \
  EXCHANGE_ROUND(3, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP)           \
  EXCHANGE_ROUND(4, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP)           \
  EXCHANGE_ROUND(5, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP)           \
  EXCHANGE_ROUND(6, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP)           \
  EXCHANGE_ROUND(7, R, PREV_R, PREV_PP, PREV_FAST, LAST, EVERY, GAP)           \
  transform(w, v, t, R, PP, (LAST) ? WRITE_LANE_FAST : 1, table + (OFFSET));

// The inner passes after the first that the pass has; FIRST_FAST: how the first inner pass took
// its butterflies; TO_GLOBAL: whether the last writes to global memory (then its butterflies
// follow WRITE_LANE_FAST).
#if INNER_COUNT > 1
#define INNER_PASS_1(FIRST_FAST, TO_GLOBAL) INNER_PASS(R1, R0, R0, 1, FIRST_FAST, (TO_GLOBAL) && INNER_COUNT == 2, TWO1, EVERY1, GAP1)
#else
#define INNER_PASS_1(FIRST_FAST, TO_GLOBAL)
#endif
#if INNER_COUNT > 2
#define INNER_PASS_2(TO_GLOBAL) INNER_PASS(R2, R0 * R1, R1, R0, 1, (TO_GLOBAL) && INNER_COUNT == 3, TWO2, EVERY2, GAP2)
#else
#define INNER_PASS_2(TO_GLOBAL)
#endif
#if INNER_COUNT > 3
#define INNER_PASS_3(TO_GLOBAL) INNER_PASS(R3, R0 * R1 * R2, R2, R0 * R1, 1, (TO_GLOBAL) && INNER_COUNT == 4, TWO3, EVERY3, GAP3)
#else
#define INNER_PASS_3(TO_GLOBAL)
#endif
#if INNER_COUNT > 4
#define INNER_PASS_4(TO_GLOBAL) \
  INNER_PASS(R4, R0 * R1 * R2 * R3, R3, R0 * R1 * R2, 1, (TO_GLOBAL) && INNER_COUNT == 5, TWO4, EVERY4, GAP4)
#else
#define INNER_PASS_4(TO_GLOBAL)
#endif
#if INNER_COUNT > 5
#define INNER_PASS_5(TO_GLOBAL) \
  INNER_PASS(R5, R0 * R1 * R2 * R3 * R4, R4, R0 * R1 * R2 * R3, 1, (TO_GLOBAL) && INNER_COUNT == 6, TWO5, EVERY5, GAP5)
#else
#define INNER_PASS_5(TO_GLOBAL)
#endif
#define INNER_PASSES(FIRST_FAST, TO_GLOBAL)                                                          \
  INNER_PASS_1(FIRST_FAST, TO_GLOBAL) INNER_PASS_2(TO_GLOBAL) INNER_PASS_3(TO_GLOBAL) INNER_PASS_4(TO_GLOBAL) \
  INNER_PASS_5(TO_GLOBAL)

// The group size as a launch bound, which NVIDIA's compiler lets override a register cap: without
// it (REQD_GROUP 0, FFTSCOPE_REQD_GROUP=0) a cap (-cl-nv-maxrregcount) takes.
#ifndef REQD_GROUP
#define REQD_GROUP 1
#endif
#if REQD_GROUP
__kernel __attribute__((reqd_work_group_size(G, 1, 1)))
#else
__kernel
#endif
void grouped_fft(__global const real2_t* x, __global real2_t* y, __global const real2_t* table, uint lanes,
                 real_t scale, __global HOOK_CONST real2_t* hook, ulong x_offset, ulong y_offset) {
  // A plan run in chunks of its batch (core/engine/planning/CacheChunks.h): where this chunk's data starts
  // in the source and the destination (0 in scratch, which holds one chunk).
  x += x_offset;
  y += y_offset;
  const uint t = (uint)get_local_id(0);
#if REVERSE_GROUPS
  // Last to first: the pass before ran first to last, and the L2 cache still holds its last writes.
  uint group = (uint)(get_num_groups(0) - 1 - get_group_id(0));
#else
  uint group = (uint)get_group_id(0);
#endif
#ifdef BATCH_GROUPS
  // The batch's rows in turn (PassInfo::batchGroups): groups that read the same filter or chirp
  // entries run together, and all but the first find them in the L2 cache.
  const uint batch_rows = (uint)get_num_groups(0) / BATCH_GROUPS;
  group = (group % batch_rows) * BATCH_GROUPS + group / batch_rows;
#endif
  const uint lane0 = group * C;
  real2_t v[MAX_VALUES];
#if (COMPONENT_EXCHANGE || AFFINE_EXCHANGES) && (TANGLE_IN || UNTANGLE_OUT || RADER_STAGED || FILTER_MIDDLE || INNER_COUNT == 1)
#error "a component exchange or a laid-out one serves the inner passes of a plain pass alone"
#elif AFFINE_EXCHANGES && XR > 1 && !COMPONENT_EXCHANGE
#error "exchanges in slices are padded position by position"
#endif
#if GROUP_TWIDDLES
  __local real2_t twiddles[STAGED_SETS * F];
  stage_twiddles(twiddles, t, lane0, lanes, table);
#else
  __local real2_t* twiddles = 0;
#endif
#if TANGLE_IN
  // Staged bins share local memory with the inner passes: each pass's exchange starts at a barrier.
  __local real2_t buf[C * LSTRIDE];
  stage_bins(x, buf, t, lane0, lanes, table);
  first_pass(x, v, t, lane0, lanes, table, hook, buf, twiddles);
#elif RADER_STAGED && CHIRP_IN
  __local real2_t buf[C * LSTRIDE];
  stage_rader_rows(x, buf, t, lane0, lanes);
  first_pass(x, v, t, lane0, lanes, table, hook, buf, twiddles);
#else
  first_pass(x, v, t, lane0, lanes, table, hook, 0, twiddles);
#endif
#if INNER_COUNT == 1 && READ_LANE_FAST == WRITE_LANE_FAST && !UNTANGLE_OUT
  last_to_global(y, v, t, R0, 1, WRITE_LANE_FAST, lane0, lanes, scale, hook, table);
#else
#if COMPONENT_EXCHANGE && AFFINE_EXCHANGES
  __local real_t buf[C * LSTRIDE];
#elif COMPONENT_EXCHANGE
  __local real_t buf[C * F];
#elif !TANGLE_IN && !(RADER_STAGED && CHIRP_IN)
  __local real2_t buf[C * LSTRIDE];
#endif
#if INNER_COUNT == 1 && UNTANGLE_OUT
  UNTANGLE_FROM(R0, 1, READ_LANE_FAST)
#elif INNER_COUNT == 1
  real2_t w[MAX_VALUES];
  // Only the work-items change: through local memory once, as a pass of radix 1.
  barrier(CLK_LOCAL_MEM_FENCE);
  to_local(buf, v, t, R0, 1, READ_LANE_FAST, 0, 0, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  read_local(buf, w, t, 1, WRITE_LANE_FAST, 0, 0, 0);
  transform(w, v, t, 1, F, WRITE_LANE_FAST, table);
  last_to_global(y, v, t, 1, F, WRITE_LANE_FAST, lane0, lanes, scale, hook, table);
#else
  real2_t w[MAX_VALUES];
#if FILTER_MIDDLE
  // Bluestein's two FFTs meet here: the first's last pass, the filter, then the second's first
  // pass (p = 1, no outer twiddles) on the same lanes, whose inputs are those outputs.
  real2_t filter[MAX_VALUES];
#if PREFETCHING
  uint exchanges = 0;
#endif
  INNER_PASSES(READ_LANE_FAST, 0)
  if (!PREFETCHING) load_filter(filter, t, RLAST, F / RLAST, lane0, lanes, hook);
  filter_in_registers(v, filter, t, RLAST, F / RLAST, lane0, lanes, hook);
#if RLAST == R0
  // The first's last butterflies made points i + m*F/R of a lane, the very points the second's
  // first butterflies take: they stay in the work-item's registers.
  transform(v, v, t, R0, 1, 1, table);
#else
  barrier(CLK_LOCAL_MEM_FENCE);
  to_local(buf, v, t, RLAST, F / RLAST, 1, 0, 0, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  read_local(buf, w, t, R0, 1, 0, 0, 0);
  transform(w, v, t, R0, 1, 1, table);
#endif
  INNER_PASSES(1, 1)
#else
  INNER_PASSES(READ_LANE_FAST, 1)
#endif
#if UNTANGLE_OUT
  UNTANGLE_FROM(RLAST, F / RLAST, WRITE_LANE_FAST)
#elif RADER_STAGED && CHIRP_OUT
  RADER_TO_GLOBAL(RLAST, F / RLAST, WRITE_LANE_FAST)
#else
  last_to_global(y, v, t, RLAST, F / RLAST, WRITE_LANE_FAST, lane0, lanes, scale, hook, table);
#endif
#endif
#endif
}
