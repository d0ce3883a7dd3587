// The first log2 M Stockham passes of a row inside one work-group, through local memory: global
// memory is read once and written once. With M = n that is the whole transform of a row; with
// M < n it computes the n/M interleaved sub-transforms x[s + j*(n/M)], j < M, and writes
// y[s*M + k], exactly the state a global Stockham pass with p = M expects next.
// Legend: M = LOCAL_POINTS, R = RADIX (points per work-item per pass), W = M / R work-items per
// sub-transform, G = GROUP_ROWS sub-transforms per work-group (so that small transforms still
// fill a group), s = sub-transform, i = work-item, p and k as in stockham.cl. A last pass of the
// smaller radix TAIL_RADIX (1 if none) finishes when log2 M is not a multiple of log2 R.
// Needs common.cl before it; built with -D LOCAL_POINTS, RADIX, TAIL_RADIX, GROUP_ROWS,
// TWIDDLE_MODE, FFT_SIGN.

#define W (LOCAL_POINTS / RADIX)
// One element of padding per 16 in local memory: the passes write at strides of R^k elements,
// which would otherwise fall into the same memory bank.
#define LPAD(index) ((index) + ((index) >> 4))
#define PADDED_POINTS (LOCAL_POINTS + LOCAL_POINTS / 16)

__kernel __attribute__((reqd_work_group_size(W, GROUP_ROWS, 1)))
void local_fft(__global const real2_t* x, __global real2_t* y,
               __global const real2_t* table,
               uint subs, uint count, uint in_stride, uint in_dist, uint out_stride, uint out_dist, real_t scale) {
  __local real2_t rows_buf[GROUP_ROWS][PADDED_POINTS];
  __local real2_t* buf = rows_buf[get_local_id(1)];
  uint flat = (uint)get_group_id(1) * GROUP_ROWS + (uint)get_local_id(1);  // sub-transform overall
  // Work-items past the last sub-transform still meet every barrier, but touch no global memory.
  bool active = flat < count;
  if (!active) flat = 0;
  uint b = flat / subs;   // row
  uint s = flat % subs;   // sub-transform in the row
  uint i = (uint)get_local_id(0);
  x += (size_t)b * in_dist + (size_t)s * in_stride;
  y += (size_t)b * out_dist + (size_t)s * LOCAL_POINTS * out_stride;
  const size_t in_step = (size_t)subs * in_stride;  // element j of sub-transform s
  const real_t sc = scale;

  real2_t u[RADIX];
  for (int m = 0; m < RADIX; ++m) u[m] = x[(i + m * W) * in_step];

  uint p = 1;
  for (;;) {
    uint k = i & (p - 1u);
    apply_twiddles(u, RADIX, k, p, table + (p - 1));  // this pass's part of the table
    dft(u, RADIX);
    uint j = (i - k) * RADIX + k;
    if (p * RADIX == LOCAL_POINTS) {
      if (active)
        for (int m = 0; m < RADIX; ++m) y[(size_t)(j + m * p) * out_stride] = u[m] * sc;
      return;
    }
    barrier(CLK_LOCAL_MEM_FENCE);  // everyone has read the previous pass's values
    for (int m = 0; m < RADIX; ++m) buf[LPAD(j + m * p)] = u[m];
    barrier(CLK_LOCAL_MEM_FENCE);
    p *= RADIX;
    if (p * RADIX > LOCAL_POINTS) break;
    for (int m = 0; m < RADIX; ++m) u[m] = buf[LPAD(i + m * W)];
  }

#if TAIL_RADIX > 1
  // The tail pass: M / TAIL_RADIX butterflies, RADIX / TAIL_RADIX of them per work-item.
  const uint tail_t = LOCAL_POINTS / TAIL_RADIX;
  for (uint q = 0; q < RADIX / TAIL_RADIX; ++q) {
    uint ii = i + q * W;
    uint k = ii & (p - 1u);
    real2_t v[TAIL_RADIX];
    for (int m = 0; m < TAIL_RADIX; ++m) v[m] = buf[LPAD(ii + m * tail_t)];
    apply_twiddles(v, TAIL_RADIX, k, p, table + (p - 1));
    dft(v, TAIL_RADIX);
    uint j = (ii - k) * TAIL_RADIX + k;
    if (active)
      for (int m = 0; m < TAIL_RADIX; ++m) y[(size_t)(j + m * p) * out_stride] = v[m] * sc;
  }
#endif
}
