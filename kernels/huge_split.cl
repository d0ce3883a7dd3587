// One huge transform split over G devices by one decimation-in-frequency step (the thesis's
// split), for data already on a device. Needs common.cl before it (real2_t, cmul, FFT_SIGN).
// Legend: N = G * m points; x[n1 + m * n2] with n1 < m, n2 < G; share g (g < G) is
//   y_g[n1] = scale * w(n1 * g, N) * sum_n2 x[n1 + m * n2] * w(n2 * g, G),
// whose m-point transform gives the outputs X[G * k1 + g]. w(e, n) = exp(FFT_SIGN * 2*pi*i * e / n),
// its angle reduced exactly in integers and taken in double where the device has it, so that a
// twiddle of a 2^30-point transform is as good as a table's.
//   dif_share   in: the whole input; out: share g (m points)
//   interleave  share: the m outputs of share g; out: the natural-order output, its G*k1 + g

#if defined(cl_khr_fp64) || defined(DOUBLE_PRECISION)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double angle_t;
#else
typedef float angle_t;
#endif

inline real2_t turn(ulong e, ulong n) {
  const angle_t a = (angle_t)FFT_SIGN * (angle_t)6.283185307179586476925 * ((angle_t)(e % n) / (angle_t)n);
  return (real2_t)((real_t)cos(a), (real_t)sin(a));
}

__kernel void dif_share(__global const real2_t* in, __global real2_t* out, ulong m, uint g, uint G, real_t scale) {
  const ulong n1 = get_global_id(0);
  if (n1 >= m) return;
  real2_t sum = in[n1];
  for (uint n2 = 1; n2 < G; ++n2) sum += cmul(in[n1 + m * n2], turn((ulong)n2 * g, G));
  out[n1] = scale * cmul(sum, turn(n1 * g, m * G));
}

__kernel void interleave(__global const real2_t* share, __global real2_t* out, ulong m, uint g, uint G) {
  const ulong k1 = get_global_id(0);
  if (k1 < m) out[k1 * G + g] = share[k1];
}
