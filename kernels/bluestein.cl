// Bluestein's chirp-z transform of length n as a circular convolution of length m >= 2n - 1:
//   X[k] = c[k] * (a (*) b)[k],  a[j] = x[j] * c[j] (zero for j >= n),  b[j] = conj(c[+-j]),
// with the chirp c[j] = w(j^2 mod 2n, 2n) from a host table (j^2 reduced exactly in integers).
// Both FFTs of m points run in the plan's direction; the second therefore gives the convolution
// reversed, G[(m - k) mod m], and `filter` holds FFT(b) / m so that no other scale is needed.
// Legend: n = transform length, m = convolution length, b = row (get_global_id(1)), j, k = point,
// stride and dist place the caller's rows (the padded rows of m are contiguous).
// Needs common.cl before it; built with -D FFT_SIGN [, DOUBLE_PRECISION].

__kernel void chirp_pad(__global const real2_t* x, __global real2_t* y, __global const real2_t* chirp,
                        uint n, uint m, uint rows, uint in_stride, uint in_dist) {
  uint j = (uint)get_global_id(0);
  uint b = (uint)get_global_id(1);
  if (j >= m || b >= rows) return;
  real2_t v = (real2_t)((real_t)0);
  if (j < n) v = cmul(x[(size_t)b * in_dist + (size_t)j * in_stride], chirp[j]);
  y[(size_t)b * m + j] = v;
}

__kernel void spectrum_product(__global const real2_t* x, __global real2_t* y, __global const real2_t* filter,
                               uint m, uint rows) {
  uint j = (uint)get_global_id(0);
  uint b = (uint)get_global_id(1);
  if (j >= m || b >= rows) return;
  size_t at = (size_t)b * m + j;
  y[at] = cmul(x[at], filter[j]);
}

__kernel void chirp_unpad(__global const real2_t* x, __global real2_t* y, __global const real2_t* chirp,
                          uint n, uint m, uint rows, uint out_stride, uint out_dist, real_t scale) {
  uint k = (uint)get_global_id(0);
  uint b = (uint)get_global_id(1);
  if (k >= n || b >= rows) return;
  real2_t g = x[(size_t)b * m + (k == 0 ? 0 : m - k)];
  y[(size_t)b * out_dist + (size_t)k * out_stride] = cmul(g, chirp[k]) * scale;
}

// Rader's stage (core/engine/algorithms/Rader.h) whose last grouped pass stored the convolution c[o] in its
// own order into padded rows of m = n - 1 points: X[k] = c[log_g k] + x[0] for k > 0 and
// X[0] = A[0] + x[0], x[0] and A[0] from the row's side slots in `hook` (from side_at on), so that
// X is written in order and the scattered accesses are reads.
__kernel void rader_permute(__global const real2_t* x, __global real2_t* y, __global const real2_t* hook,
                            __global const uint* logs, uint n, uint m, uint rows, uint out_stride, uint out_dist,
                            uint side_at, real_t scale) {
  uint k = (uint)get_global_id(0);
#if REVERSE_ROWS
  // Last row first: the pass before wrote it last, and the L2 cache still holds it.
  uint b = rows - 1 - (uint)get_global_id(1);
#else
  uint b = (uint)get_global_id(1);
#endif
  if (b >= rows) return;
  const real2_t x0 = hook[side_at + 2 * b];
  __global real2_t* out = y + (size_t)b * out_dist;
#if PAIRED
  // The last pass stored outputs o and o + m/2 side by side (rader_pair_store in grouped_io.cl): they
  // are X[k] and X[n - k], as g^(m/2) = -1, so one read serves both.
  if (k > m / 2) return;
  if (k == 0) {
    out[0] = (hook[side_at + 2 * b + 1] + x0) * scale;
    return;
  }
  const uint o = logs[k], halfway = m / 2;
  const real4_t pair = ((__global const real4_t*)(x + (size_t)b * m))[o % halfway];
  const real2_t first = pair.s01, second = pair.s23;
  out[(size_t)k * out_stride] = ((o < halfway ? first : second) + x0) * scale;
  out[(size_t)(n - k) * out_stride] = ((o < halfway ? second : first) + x0) * scale;
#else
  if (k >= n) return;
  const real2_t v = k == 0 ? hook[side_at + 2 * b + 1] : x[(size_t)b * m + logs[k]];
  out[(size_t)k * out_stride] = (v + x0) * scale;
#endif
}
