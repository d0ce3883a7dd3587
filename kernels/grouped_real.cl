// R2C's untangling and C2R's tangling in grouped passes (core/engine/RealSteps.h): each lane is a
// whole row of F complex values made of 2F reals, whose bins 0 .. F are stored F + 1 apart.
// Needs common.cl and grouped_io.cl before it, grouped_fft.cl after it.

#if TANGLE_IN || UNTANGLE_OUT
// w(k, 2F) for R2C's untangling and C2R's tangling: from the pass's table, or computed.
#if defined(UNTANGLE_TW) && TWIDDLE_MODE == TWIDDLE_TABLE
#define REAL_TWIDDLE(k) (table[UNTANGLE_TW + (k)])
#else
#define REAL_TWIDDLE(k) twiddle_computed((k), 2 * F)
#endif
#endif

#if TANGLE_IN
// The group's rows of bins into local memory (as to_local lays a lane out, bin F beside the rows),
// then tangled there in place, each pair of points (k, F - k) by the work-item that owns it, so
// that the first inner pass loads plain points.
inline void stage_bins(__global const real2_t* x, __local real2_t* staged, __local real2_t* nyquist, uint t,
                       uint lane0, uint lanes, __global const real2_t* table) {
  for (uint b = t; b < C * (F + 1); b += G) {
    const uint c = b / (F + 1), k = b - c * (F + 1);
    if (lane0 + c >= lanes) continue;
    const real2_t z = x[(size_t)(lane0 + c) * (F + 1) + k];
    if (k == F)
      nyquist[c] = z;
    else
      staged[c * LSTRIDE + LPAD(k)] = z;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = t; b < C * (F / 2 + 1); b += G) {
    const uint c = b / (F / 2 + 1), k = b - c * (F / 2 + 1);
    if (lane0 + c >= lanes) continue;
    __local real2_t* row = staged + c * LSTRIDE;
    const real2_t a = row[LPAD(k)];
    if (k == 0) {
      row[0] = tangle_with(a, nyquist[c], 0, REAL_TWIDDLE(0));
    } else if (2 * k == F) {
      row[LPAD(k)] = tangle_with(a, a, k, REAL_TWIDDLE(k));
    } else {
      const real2_t b2 = row[LPAD(F - k)];
      row[LPAD(k)] = tangle_with(a, b2, k, REAL_TWIDDLE(k));
      row[LPAD(F - k)] = tangle_with(b2, a, F - k, REAL_TWIDDLE(F - k));
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#endif

#if UNTANGLE_OUT
// R2C (core/engine/RealSteps.h): each lane is a whole row of F complex values made of 2F reals.
// Its transform Z is in local memory, natural order, so that bin k meets bin F - k; bins 0 .. F of
// the reals' spectrum (untangle_with in common.cl) are stored F + 1 apart.
inline void untangle_to_global(__global real2_t* y, __local const real2_t* buf, uint t, uint lane0, uint lanes,
                               real_t scale, __global const real2_t* table) {
  for (uint b = t; b < C * (F + 1); b += G) {
    const uint c = b / (F + 1), k = b - c * (F + 1);
    if (lane0 + c >= lanes) continue;
    const real2_t z = untangle_with(buf[c * LSTRIDE + LPAD(k == F ? 0 : k)], buf[c * LSTRIDE + LPAD(k == 0 ? 0 : F - k)],
                                    REAL_TWIDDLE(k));
    y[(size_t)(lane0 + c) * (F + 1) + k] = z * scale;
  }
}
// The last pass's outputs (radix R after inner passes of product pp) into local memory, untangled.
#define UNTANGLE_FROM(R, PP, FAST)                      \
  barrier(CLK_LOCAL_MEM_FENCE);                         \
  to_local(buf, v, t, R, PP, FAST, 0);                  \
  barrier(CLK_LOCAL_MEM_FENCE);                         \
  untangle_to_global(y, buf, t, lane0, lanes, scale, table);
#endif
