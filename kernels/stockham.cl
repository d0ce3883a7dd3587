// One Stockham pass of radix RADIX over a batch of rows, out of place, natural order in and out.
// Legend: n = row length, t = n / RADIX butterflies per row, p = length of the sub-sequences
// already transformed (the product of the earlier passes' radices), i = butterfly index in its
// row, k = i mod p, b = row.
// Butterfly i reads x[i + m*t], twiddles input m by w(m*k, RADIX*p), takes a DFT of RADIX points
// and writes output m to y[(i - k)*RADIX + k + m*p]. Element j of row b lives at
// b*dist + j*stride, so rows and strided columns both work. Any radix dft() knows: 2, 4, 8, 16
// and odd ones. With POW2_INDEX (t and p powers of two) indices come from masks and shifts,
// otherwise from division.
// Needs common.cl before it; built with -D RADIX, TWIDDLE_MODE, FFT_SIGN [, DOUBLE_PRECISION,
// POW2_INDEX].

__kernel void stockham(__global const real2_t* x, __global real2_t* y,
                       __global const real2_t* table,
                       uint p, uint t, uint log2_t, uint batch, uint batch_fastest,
                       uint in_stride, uint in_dist, uint out_stride, uint out_dist, real_t scale) {
  size_t g = get_global_id(0);
  uint i, b;
  if (batch_fastest) {  // neighbouring work-items take neighbouring rows: coalesced when stride > 1
    b = (uint)(g % batch);
    i = (uint)(g / batch);
    if (i >= t) return;
  } else {
#ifdef POW2_INDEX
    i = (uint)g & (t - 1u);
    b = (uint)(g >> log2_t);
#else
    i = (uint)(g % t);
    b = (uint)(g / t);
#endif
    if (b >= batch) return;
  }
#ifdef POW2_INDEX
  uint k = i & (p - 1u);
#else
  uint k = i % p;
#endif
  x += (size_t)b * in_dist;
  y += (size_t)b * out_dist;

  real2_t u[RADIX];
  for (int m = 0; m < RADIX; ++m) u[m] = x[(size_t)(i + m * t) * in_stride];
  apply_twiddles(u, RADIX, k, p, table);
  dft(u, RADIX);

  uint j = (i - k) * RADIX + k;
  real_t s = scale;
  for (int m = 0; m < RADIX; ++m) y[(size_t)(j + m * p) * out_stride] = u[m] * s;
}
