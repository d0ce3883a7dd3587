// R2C's untangling and C2R's tangling in grouped passes (core/engine/planning/RealSteps.h): each lane is a
// whole row of F complex values made of 2F reals, whose bins 0 .. F are stored BIN_PITCH apart.
// Needs common.cl and grouped_io.cl before it, grouped_fft.cl after it.

#if TANGLE_IN || UNTANGLE_OUT
// w(k, 2F) for R2C's untangling and C2R's tangling: from the pass's table, or computed.
#if defined(UNTANGLE_TW) && TWIDDLE_MODE == TWIDDLE_TABLE
#define REAL_TWIDDLE(k) (table[UNTANGLE_TW + (k)])
#else
#define REAL_TWIDDLE(k) twiddle_computed((k), 2 * F)
#endif
#endif

// Bins 0 .. F of a row are BIN_PITCH apart: F + 1, or more where the half spectrum's rows are
// padded to whole runs for its column passes (RealSteps.h).
#ifndef BIN_PITCH
#define BIN_PITCH (F + 1)
#endif

#if TANGLE_IN
// The group's rows tangled into local memory (as to_local lays a lane out), each pair of points
// (k, F - k) by one work-item from bins k and F - k read straight from global memory (bin F for
// point 0), so that the first inner pass loads plain points. Every pair's bins and twiddles load
// before the first is tangled: on the H200, loading each twiddle between the stores took C2R
// 4096 x 4096's rows 0.060 ms against 0.049. The second bins of neighbouring work-items are
// neighbours too, descending.
#define TANGLE_ROUNDS ROUNDS_OF(C * (F / 2 + 1))
inline void stage_bins(__global const real2_t* x, __local real2_t* staged, uint t, uint lane0, uint lanes,
                       __global const real2_t* table) {
  real2_t lo[TANGLE_ROUNDS], hi[TANGLE_ROUNDS], wk[TANGLE_ROUNDS], wf[TANGLE_ROUNDS];
#pragma unroll
  for (uint i = 0; i < TANGLE_ROUNDS; ++i) {
    const uint b = t + i * G, c = b / (F / 2 + 1), k = b - c * (F / 2 + 1);
    const bool on = b < C * (F / 2 + 1) && lane0 + c < lanes;
    __global const real2_t* bins = x + (size_t)(lane0 + c) * BIN_PITCH;
    lo[i] = on ? bins[k] : (real2_t)((real_t)0);
    hi[i] = on ? bins[F - k] : (real2_t)((real_t)0);
    wk[i] = on ? REAL_TWIDDLE(k) : (real2_t)((real_t)0);
    wf[i] = on ? REAL_TWIDDLE(F - k) : (real2_t)((real_t)0);
  }
#pragma unroll
  for (uint i = 0; i < TANGLE_ROUNDS; ++i) {
    const uint b = t + i * G, c = b / (F / 2 + 1), k = b - c * (F / 2 + 1);
    if (b >= C * (F / 2 + 1) || lane0 + c >= lanes) continue;
    __local real2_t* row = staged + c * LSTRIDE;
    if (k == 0) {
      row[0] = tangle_with(lo[i], hi[i], 0, wk[i]);
    } else if (2 * k == F) {
      row[LPAD(k)] = tangle_with(lo[i], lo[i], k, wk[i]);
    } else {
      row[LPAD(k)] = tangle_with(lo[i], hi[i], k, wk[i]);
      row[LPAD(F - k)] = tangle_with(hi[i], lo[i], F - k, wf[i]);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#endif

#if UNTANGLE_OUT
// R2C (core/engine/planning/RealSteps.h): each lane is a whole row of F complex values made of 2F reals.
// Its transform Z is in local memory, natural order; bins k and F - k of the reals' spectrum
// (untangle_with in common.cl) both come from Z[k] and Z[F - k], so a work-item makes the pair
// from one read of each (bin 0 and bin F from Z[0]), stored BIN_PITCH apart. Its twiddles are
// all loaded before the first store, which the compiler cannot move a table load past (the
// stores might alias it): on the H200 loading each after the last store took R2C 4096 x 4096's
// rows 0.056 ms against 0.050.
#define PAIR_ROUNDS ROUNDS_OF(C * (F / 2 + 1))
inline void untangle_to_global(__global real2_t* y, __local const real2_t* buf, uint t, uint lane0, uint lanes,
                               real_t scale, __global const real2_t* table) {
  real2_t wk[PAIR_ROUNDS], wf[PAIR_ROUNDS];
#pragma unroll
  for (uint i = 0; i < PAIR_ROUNDS; ++i) {
    const uint b = t + i * G, k = b % (F / 2 + 1);
    const bool on = b < C * (F / 2 + 1);
    wk[i] = on ? REAL_TWIDDLE(k) : (real2_t)((real_t)0);
    wf[i] = on ? REAL_TWIDDLE(F - k) : (real2_t)((real_t)0);
  }
#pragma unroll
  for (uint i = 0; i < PAIR_ROUNDS; ++i) {
    const uint b = t + i * G, c = b / (F / 2 + 1), k = b - c * (F / 2 + 1);
    if (b >= C * (F / 2 + 1) || lane0 + c >= lanes) continue;
    __local const real2_t* row = buf + c * LSTRIDE;
    __global real2_t* out = y + (size_t)(lane0 + c) * BIN_PITCH;
    const real2_t a = row[LPAD(k)], m = row[LPAD(k == 0 ? 0 : F - k)];
    out[k] = untangle_with(a, m, wk[i]) * scale;
    if (k == 0)
      out[F] = untangle_with(a, a, wf[i]) * scale;
    else if (2 * k != F)
      out[F - k] = untangle_with(m, a, wf[i]) * scale;
  }
}
// The last pass's outputs (radix R after inner passes of product pp) into local memory, untangled.
#define UNTANGLE_FROM(R, PP, FAST)                      \
  barrier(CLK_LOCAL_MEM_FENCE);                         \
  to_local(buf, v, t, R, PP, FAST, 0, 0, 0);            \
  barrier(CLK_LOCAL_MEM_FENCE);                         \
  untangle_to_global(y, buf, t, lane0, lanes, scale, table);
#endif
