// Real input and output around a complex transform (RealPlan.h). Needs common.cl before it.
// Even N = 2M: the N reals are read as M complex values z[n] = x[2n] + i·x[2n+1], transformed
// with M points, and untangled here (r2c_untangle); the inverse tangles a half spectrum into M
// values whose M-point inverse transform is the real signal (c2r_tangle). Odd N runs a complex
// transform of N points; these kernels widen the reals, crop the half spectrum, and extend a half
// spectrum by Hermitian symmetry. Every kernel takes (index within a row, row) as its 2D ids.
//   m        half the real length (even N), or the real length n (odd kernels)
//   rows     the rows of the batch (every row is transformed alike)
// Like NumPy's irfft, the imaginary parts of the DC bin (and of the Nyquist bin for even N) are
// not used.

// Bins 0 .. M of each row (untangled_bin in common.cl).
__kernel void r2c_untangle(__global const real2_t* z, __global real2_t* x, uint m, uint rows) {
  uint k = get_global_id(0), row = get_global_id(1);
  if (k > m || row >= rows) return;
  __global const real2_t* zr = z + (size_t)row * m;
  x[(size_t)row * (m + 1) + k] = untangled_bin(zr[k == m ? 0 : k], zr[k == 0 ? 0 : m - k], k, m);
}

// The inverse of r2c_untangle (tangled_point in common.cl): M values from bins 0 .. M.
__kernel void c2r_tangle(__global const real2_t* x, __global real2_t* z, uint m, uint rows) {
  uint k = get_global_id(0), row = get_global_id(1);
  if (k >= m || row >= rows) return;
  __global const real2_t* xr = x + (size_t)row * (m + 1);
  z[(size_t)row * m + k] = tangled_point(xr[k], xr[m - k], k, m);
}

// Odd N: the reals as complex values with zero imaginary parts.
__kernel void real_widen(__global const real_t* x, __global real2_t* z, uint m, uint rows) {
  uint k = get_global_id(0), row = get_global_id(1);
  if (k >= m || row >= rows) return;
  size_t i = (size_t)row * m + k;
  z[i] = (real2_t)(x[i], 0);
}

// Odd N: bins 0 .. N/2 of each row's full spectrum.
__kernel void half_crop(__global const real2_t* full, __global real2_t* x, uint m, uint rows) {
  uint k = get_global_id(0), row = get_global_id(1);
  uint bins = m / 2 + 1;
  if (k >= bins || row >= rows) return;
  x[(size_t)row * bins + k] = full[(size_t)row * m + k];
}

// Odd N: the full spectrum of a real signal from its bins 0 .. N/2.
__kernel void hermitian_extend(__global const real2_t* x, __global real2_t* full, uint m, uint rows) {
  uint k = get_global_id(0), row = get_global_id(1);
  if (k >= m || row >= rows) return;
  uint bins = m / 2 + 1;
  __global const real2_t* xr = x + (size_t)row * bins;
  real2_t v;
  if (k == 0) v = (real2_t)(xr[0].x, 0);
  else if (k < bins) v = xr[k];
  else v = (real2_t)(xr[m - k].x, -xr[m - k].y);
  full[(size_t)row * m + k] = v;
}

// Odd N: the real parts of an inverse transform.
__kernel void real_part(__global const real2_t* z, __global real_t* x, uint m, uint rows) {
  uint k = get_global_id(0), row = get_global_id(1);
  if (k >= m || row >= rows) return;
  size_t i = (size_t)row * m + k;
  x[i] = z[i].x;
}
