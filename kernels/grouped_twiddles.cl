// The twiddles of a grouped pass (grouped_fft.cl): the outer ones a pass after others multiplies
// its inputs by, w(f*k, F*p), from the two-level table, staged in local memory for the group or
// stepped from R/4 + 1 lookups, or moved onto the stores of the pass before (NEXT_POINTS); and the
// inner passes' w(m*k, R*pp). Symbols as in grouped_fft.cl's legend; needs common.cl,
// grouped_io.cl, grouped_hooks.cl and grouped_real.cl before it and the same build options.

// A split's twiddles w(n2*k1, M) (SplitBluestein.h, SplitTwiddles) on its column passes,
// COLUMN_TWIDDLES: 1, the first one's stores and the last one's loads, the row pass between them
// then has none; 2, the first one's stores and the row pass's stores. 0: the row pass's loads and
// stores.
#ifndef COLUMN_TWIDDLES
#define COLUMN_TWIDDLES 0
#endif
#define SPLIT_TWIDDLED_COLUMNS (SPLIT_COLUMN_PASS && (COLUMN_TWIDDLES == 1 || (COLUMN_TWIDDLES == 2 && CHIRP_IN)))
// Whether the row pass twiddles its stores by w(g*k1, M).
#define SPLIT_TWIDDLED_ROW_STORES (SPLIT_ROW_PASS && COLUMN_TWIDDLES != 1)
// NEXT_POINTS = F' (PassInfo::nextPoints): the pass stores each output times the outer twiddle
// the next pass, of F' points at p' = F*p, would multiply that point by on its loads; the next
// pass, TWIDDLED_BEFORE, then reads its inputs twiddled. A pass with NEXT_POINTS twiddles no loads
// of its own (p = 1, or TWIDDLED_BEFORE): its outer table and OUTER_N are the next pass's.
#ifndef NEXT_POINTS
#define NEXT_POINTS 0
#endif
#ifndef TWIDDLED_BEFORE
#define TWIDDLED_BEFORE 0
#endif
// The twiddled stores are plain ones (last_to_global), in the Stockham order of P_TW: the planner
// keeps them off stores that carry hooks or another order (twiddleOnStores, GroupedPasses.h).
#if NEXT_POINTS && (defined(FILTER_OUT) && FILTER_OUT || defined(CHIRP_OUT) && CHIRP_OUT ||          \
                    defined(FILTER_MIDDLE) && FILTER_MIDDLE || defined(PAIRED_OUT) || defined(UNTANGLE_OUT) && \
                    UNTANGLE_OUT || defined(SPLIT_COLS) && SPLIT_COLS)
#error "NEXT_POINTS on a pass whose stores are not plain"
#endif
// Whether the pass twiddles its inputs by w(f*k, F*p): a pass after others.
#define OUTER_TWIDDLES (P_TW > 1 && !TWIDDLED_BEFORE && !(SPLIT_ROW_PASS && COLUMN_TWIDDLES))
// n of the outer twiddles w(e, n): F*p, M for a split's twiddled columns, F'*F*p for the next's.
#if SPLIT_TWIDDLED_COLUMNS
#define OUTER_N PADDED
#elif NEXT_POINTS
#define OUTER_N (NEXT_POINTS * F * P_TW)
#else
#define OUTER_N (F * P_TW)
#endif

// w(e, OUTER_N) from the two-level table (or computed).
inline real2_t pre_twiddle(uint e, __global const real2_t* table) {
#if TWIDDLE_MODE == TWIDDLE_TABLE
  const uint lo = 1u << PRE_LOG_L;
  return cmul(table[PRE_LO + (e & (lo - 1u))], table[PRE_HI + (e >> PRE_LOG_L)]);
#else
  return twiddle_computed(e, OUTER_N);
#endif
}

// w(e0 + m*step) for m = 0, 1, ... in turn (call it in that order), from R/4 + 1 lookups:
// w(e0 + 4a*step) at every fourth m, times w(step)^b, b < 4, between.
typedef struct {
  real2_t upper, s1, s2, s3;
} twiddle_steps_t;
inline twiddle_steps_t twiddle_steps(uint step, __global const real2_t* table) {
  twiddle_steps_t s;
  s.s1 = pre_twiddle(step, table);
  s.s2 = cmul(s.s1, s.s1);
  s.s3 = cmul(s.s2, s.s1);
  s.upper = (real2_t)((real_t)1, (real_t)0);
  return s;
}
inline real2_t stepped_twiddle(twiddle_steps_t* s, uint m, uint e0, uint step, __global const real2_t* table) {
  if (m % 4 == 0) {
    s->upper = pre_twiddle(e0 + m * step, table);
    return s->upper;
  }
  return cmul(s->upper, m % 4 == 1 ? s->s1 : m % 4 == 2 ? s->s2 : s->s3);
}

// A pass after others whose lanes share k0 (PRE_SPLIT 1, 2 or 3) with STAGED_TWIDDLES: the group's F
// twiddles w(f*k0, F*p) go into local memory once (stage_twiddles), so that each point reads one
// of them (every lane of a warp the same few) instead of two table entries and a product.
#ifndef STAGED_TWIDDLES
#define STAGED_TWIDDLES 0
#endif
#define GROUP_TWIDDLES (STAGED_TWIDDLES && OUTER_TWIDDLES && PRE_SPLIT != 0 && TWIDDLE_MODE == TWIDDLE_TABLE)

// w(f*k, F*p) for lane c of the group, k0 the k of the group's first lane (see PRE_SPLIT in
// GroupedPlanner.h): neighbouring lanes read the same or neighbouring entries.
inline real2_t lane_twiddle(uint f, uint k, uint k0, uint c, __global const real2_t* table,
                            __local const real2_t* staged_twiddles) {
#if GROUP_TWIDDLES && PRE_SPLIT == 1
  return cmul(staged_twiddles[f], table[PRE_LANE + f * C + c]);
#elif GROUP_TWIDDLES && PRE_SPLIT == 3
  return staged_twiddles[(k == k0 ? 0 : F) + f];
#elif GROUP_TWIDDLES
  return staged_twiddles[f];
#elif PRE_SPLIT == 1 && TWIDDLE_MODE == TWIDDLE_TABLE
  // One lane a group: w(f*c) = 1.
  return C == 1 ? pre_twiddle(f * k0, table) : cmul(pre_twiddle(f * k0, table), table[PRE_LANE + f * C + c]);
#elif PRE_SPLIT == 2
  return pre_twiddle(f * k0, table);
#else
  return pre_twiddle(f * k, table);
#endif
}

#if GROUP_TWIDDLES
// PRE_SPLIT 3: the second set, at F, for the k of the group's last lane (another row of columns).
#define STAGED_SETS (PRE_SPLIT == 3 ? 2 : 1)
inline void stage_twiddles(__local real2_t* twiddles, uint t, uint lane0, uint lanes, __global const real2_t* table) {
  size_t unused0, unused1;
  uint k[2] = {0, 0};
  lane_at(lane0, lanes, &unused0, &unused1, &k[0]);
  k[1] = k[0];
  if (STAGED_SETS == 2) lane_at(lane0 + C - 1, lanes, &unused0, &unused1, &k[1]);
  for (uint e = t; e < STAGED_SETS * F; e += G) twiddles[e] = pre_twiddle((e % F) * k[e / F], table);
  barrier(CLK_LOCAL_MEM_FENCE);
}
#endif

// OUTER_STEPS: a pass after others, its first radix a multiple of 4, its outer twiddles read point
// by point (PRE_SPLIT 0 or 1), takes them for a butterfly's R points f = i + m*(F/R), m = 4a + b,
// from R/4 + 1 lookups: w(f*k) = w(i*k) * w(4a*(F/R)*k) * w((F/R)*k)^b, the powers b < 4 by products.
#ifndef OUTER_STEPS
#define OUTER_STEPS 0
#endif
#define STEPPED_TWIDDLES (OUTER_STEPS && OUTER_TWIDDLES && R0 % 4 == 0 && PRE_SPLIT <= 1)

// INNER_STEPS: an inner pass of radix R (a multiple of 4, above 4) takes its twiddles w^m from
// R/4 + 2 lookups, w^(4a+b) = w^(4a) * w^b, instead of R - 1.
#ifndef INNER_STEPS
#define INNER_STEPS 0
#endif

// Inner pass twiddles: input m of butterfly i of radix R after inner passes of product pp, from
// this pass's part of the table at [(m-1)*pp + k] = w(m*k, R*pp) (or computed).
inline void inner_twiddles(real2_t* u, uint R, uint pp, uint i, __global const real2_t* table) {
  uint k = i % pp;
  if (k == 0) return;
#if TWIDDLE_MODE == TWIDDLE_TABLE && INNER_STEPS
  if (R % 4 == 0 && R > 4) {
    const real2_t lower[4] = {(real2_t)((real_t)1, (real_t)0), table[k], table[pp + k], table[2 * pp + k]};
    UNROLL_WHOLE
    for (uint a = 0; a < R / 4; ++a) {
      const real2_t upper = a == 0 ? lower[0] : table[(4 * a - 1) * pp + k];
      UNROLL_WHOLE
      for (uint b = 0; b < 4; ++b) {
        if (a == 0 && b == 0) continue;
        u[4 * a + b] = cmul(u[4 * a + b], a == 0 ? lower[b] : b == 0 ? upper : cmul(upper, lower[b]));
      }
    }
    return;
  }
#endif
#if TWIDDLE_MODE == TWIDDLE_TABLE
  UNROLL_WHOLE
  for (uint m = 1; m < R; ++m) u[m] = cmul(u[m], table[(m - 1) * pp + k]);
#else
  UNROLL_WHOLE
  for (uint m = 1; m < R; ++m) u[m] = cmul(u[m], twiddle_computed(m * k, R * pp));
#endif
}
