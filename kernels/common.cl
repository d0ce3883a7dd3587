// Shared by every FFT kernel family: the precision, complex products, twiddles and the small DFTs
// (2, 4, 8, 16 by butterflies, 32 and 64 by one Cooley-Tukey step over them; odd radices by a
// paired sum with exact constants; composites of both by the prime factor algorithm).
// Legend: real_t / real2_t are a scalar and a complex number in the plan's precision;
// FFT_SIGN is -1 for a forward and +1 for an inverse transform, so that every twiddle is
// w(e, n) = exp(FFT_SIGN * 2*pi*i * e / n). TWIDDLE_MODE picks how w is obtained (see twiddle()).

// A loop marked unroll whose bounds fold only after inlining makes clang (PoCL) print "loop not
// unrolled" on its own for every build; the kernels are correct either way, and a build log
// worth reading is printed with its program and device by FFTSCOPE_PRINT_KERNELS.
#ifdef __clang__
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

// The loops over a work-item's butterflies and their points, unrolled whole where the compiler
// takes NVIDIA's pragma: left to itself NVIDIA's compiler kept a register-held pass's arrays with an
// odd radix on the stack (1.3-1.6 KB a work-item, 3-4x slower), and unrolled every other pass
// already. PoCL's builds would only grow with it.
#ifdef cl_nv_pragma_unroll
#define UNROLL_WHOLE _Pragma("unroll")
#else
#define UNROLL_WHOLE
#endif

#define TWIDDLE_TABLE 0
#define TWIDDLE_SINCOS 1
#define TWIDDLE_NATIVE 2
#define TWIDDLE_RECURRENCE 3

#ifdef DOUBLE_PRECISION
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real_t;
typedef double2 real2_t;
typedef double4 real4_t;
#define HALF_PI 1.57079632679489661923
#define SQRT1_2 0.70710678118654752440
#define COS_PI_8 0.92387953251128675613
#define SIN_PI_8 0.38268343236508977173
#else
typedef float real_t;
typedef float2 real2_t;
typedef float4 real4_t;
#define HALF_PI 1.57079632679489661923f
#define SQRT1_2 0.70710678118654752440f
#define COS_PI_8 0.92387953251128675613f
#define SIN_PI_8 0.38268343236508977173f
#endif

#ifndef FFT_SIGN
#define FFT_SIGN -1
#endif
#ifndef TWIDDLE_MODE
#define TWIDDLE_MODE TWIDDLE_TABLE
#endif

inline real2_t cmul(real2_t a, real2_t b) {
  return (real2_t)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// a * w(1, 4): a quarter turn in the transform's direction.
inline real2_t rot4(real2_t a) {
#if FFT_SIGN < 0
  return (real2_t)(a.y, -a.x);
#else
  return (real2_t)(-a.y, a.x);
#endif
}

// a * w(1, 8) and a * w(3, 8) without a general complex product.
inline real2_t rot8(real2_t a) {
  return SQRT1_2 * (real2_t)(a.x - FFT_SIGN * a.y, a.y + FFT_SIGN * a.x);
}
inline real2_t rot8_3(real2_t a) { return rot4(rot8(a)); }

// cos and sin of an angle in [0, pi/4], by the mode's trigonometric functions.
inline real2_t cos_sin_small(real_t phi) {
#if TWIDDLE_MODE == TWIDDLE_NATIVE && !defined(DOUBLE_PRECISION)
  return (real2_t)(native_cos(phi), native_sin(phi));
#else
  real_t c;
  real_t s = sincos(phi, &c);
  return (real2_t)(c, s);
#endif
}

// w(e, n) computed on the device for 0 <= e < n < 2^30, any n. The angle is reduced with exact
// integer arithmetic to [0, pi/4] first: a float angle 2*pi*e/n loses the twiddle's accuracy
// above a few thousand points, the reduced one does not.
inline real2_t twiddle_computed(uint e, uint n) {
  uint e4 = e << 2;                     // the angle in quarter turns is e4 / n
  uint quadrant = (e4 / n) & 3u;
  uint r = e4 % n;                      // position inside the quadrant, 0 .. n-1
  bool folded = 2u * r > n;             // past pi/4: use the complementary angle
  uint rr = folded ? n - r : r;
  real2_t cs = cos_sin_small((real_t)rr * (HALF_PI / (real_t)n));
  if (folded) cs = (real2_t)(cs.y, cs.x);
  real2_t w;
  switch (quadrant) {
    case 0: w = cs; break;
    case 1: w = (real2_t)(-cs.y, cs.x); break;
    case 2: w = (real2_t)(-cs.x, -cs.y); break;
    default: w = (real2_t)(cs.y, -cs.x); break;
  }
  return (real2_t)(w.x, FFT_SIGN * w.y);
}

// In-place DFTs of 2, 4, 8 and 16 points of a private array, natural order in and out.
inline void dft2(real2_t* u, int s) {
  real2_t a = u[0];
  u[0] = a + u[s];
  u[s] = a - u[s];
}

inline void dft4(real2_t* u, int s) {
  real2_t v0 = u[0] + u[2 * s];
  real2_t v1 = u[0] - u[2 * s];
  real2_t v2 = u[s] + u[3 * s];
  real2_t v3 = rot4(u[s] - u[3 * s]);
  u[0] = v0 + v2;
  u[s] = v1 + v3;
  u[2 * s] = v0 - v2;
  u[3 * s] = v1 - v3;
}

// 8 = 4 x 2: two DFT4 over the even and odd inputs, twiddles w(k, 8), then DFT2 across.
inline void dft8(real2_t* u) {
  real2_t e[4] = {u[0], u[2], u[4], u[6]};
  real2_t o[4] = {u[1], u[3], u[5], u[7]};
  dft4(e, 1);
  dft4(o, 1);
  o[1] = rot8(o[1]);
  o[2] = rot4(o[2]);
  o[3] = rot8_3(o[3]);
  for (int k = 0; k < 4; ++k) {
    u[k] = e[k] + o[k];
    u[k + 4] = e[k] - o[k];
  }
}

// 16 = 4 x 4: DFT4 down the columns of u viewed as 4x4, twiddles w(n2*k1, 16), DFT4 across.
inline void dft16(real2_t* u) {
  real2_t t[16];
  for (int n2 = 0; n2 < 4; ++n2) {
    real2_t c[4] = {u[n2], u[4 + n2], u[8 + n2], u[12 + n2]};
    dft4(c, 1);
    for (int k1 = 0; k1 < 4; ++k1) t[4 * n2 + k1] = c[k1];
  }
  const real2_t w1 = (real2_t)(COS_PI_8, FFT_SIGN * SIN_PI_8);  // w(1, 16)
  const real2_t w3 = (real2_t)(SIN_PI_8, FFT_SIGN * COS_PI_8);  // w(3, 16)
  t[5] = cmul(t[5], w1);   // n2=1 k1=1: w^1
  t[6] = rot8(t[6]);       // n2=1 k1=2: w^2
  t[7] = cmul(t[7], w3);   // n2=1 k1=3: w^3
  t[9] = rot8(t[9]);       // n2=2 k1=1: w^2
  t[10] = rot4(t[10]);     // n2=2 k1=2: w^4
  t[11] = rot8_3(t[11]);   // n2=2 k1=3: w^6
  t[13] = cmul(t[13], w3); // n2=3 k1=1: w^3
  t[14] = rot8_3(t[14]);   // n2=3 k1=2: w^6
  t[15] = -cmul(t[15], w1);// n2=3 k1=3: w^9 = -w^1
  for (int k1 = 0; k1 < 4; ++k1) {
    real2_t c[4] = {t[k1], t[4 + k1], t[8 + k1], t[12 + k1]};
    dft4(c, 1);
    for (int k2 = 0; k2 < 4; ++k2) u[k1 + 4 * k2] = c[k2];
  }
}

// cos and sin of 2*pi*m/r for m = 1 .. (r-1)/2, the odd radices with constants written out
// (exactly rounded to the precision by the compiler).
#ifdef DOUBLE_PRECISION
#define RC(x) x
#else
#define RC(x) x##f
#endif
__constant real_t COS3[1] = {RC(-0.5)};
__constant real_t SIN3[1] = {RC(0.8660254037844386467637)};
__constant real_t COS5[2] = {RC(0.3090169943749474241023), RC(-0.8090169943749474241023)};
__constant real_t SIN5[2] = {RC(0.9510565162951535721164), RC(0.5877852522924731291687)};
__constant real_t COS7[3] = {RC(0.6234898018587335305251), RC(-0.2225209339563144042889), RC(-0.9009688679024191262361)};
__constant real_t SIN7[3] = {RC(0.7818314824680298087084), RC(0.9749279121818236070181), RC(0.4338837391175581204758)};
__constant real_t COS11[5] = {RC(0.8412535328311811688618), RC(0.4154150130018864255293), RC(-0.1423148382732851404438),
                              RC(-0.6548607339452850640569), RC(-0.9594929736144973898904)};
__constant real_t SIN11[5] = {RC(0.5406408174555975821076), RC(0.9096319953545183714117), RC(0.9898214418809327323761),
                              RC(0.7557495743542582837740), RC(0.2817325568414296977114)};
__constant real_t COS13[6] = {RC(0.8854560256532098959004), RC(0.5680647467311558025118), RC(0.1205366802553230533491),
                              RC(-0.3546048870425356259696), RC(-0.7485107481711010986346), RC(-0.9709418174260520271570)};
__constant real_t SIN13[6] = {RC(0.4647231720437685456560), RC(0.8229838658936563945796), RC(0.9927088740980539928008),
                              RC(0.9350162426854148234398), RC(0.6631226582407952023768), RC(0.2393156642875577671488)};

// w(m, r) for 0 < m <= r/2, r odd: from the constants above, else computed (any other odd radix).
inline real2_t odd_root(int m, int r) {
  real2_t cs;
  switch (r) {
    case 3: cs = (real2_t)(COS3[m - 1], SIN3[m - 1]); break;
    case 5: cs = (real2_t)(COS5[m - 1], SIN5[m - 1]); break;
    case 7: cs = (real2_t)(COS7[m - 1], SIN7[m - 1]); break;
    case 11: cs = (real2_t)(COS11[m - 1], SIN11[m - 1]); break;
    case 13: cs = (real2_t)(COS13[m - 1], SIN13[m - 1]); break;
    default: return twiddle_computed((uint)m, (uint)r);
  }
  return (real2_t)(cs.x, FFT_SIGN * cs.y);
}

// The DFT of r points, r odd (at most 2 * MAX_ODD_HALF + 1, prime or not), natural order, in place. Inputs j
// and r-j are paired: u_j w^jk + u_{r-j} w^-jk = cos * (u_j + u_{r-j}) + i sin * (u_j - u_{r-j}),
// which halves the products of the plain sum. The roots w(m, r), m <= r/2, are looked up once;
// w(r - m, r) is the conjugate of w(m, r).
#define MAX_ODD_HALF 15
inline void dft_odd(real2_t* u, int r) {
  const int h = r / 2;
  real2_t roots[MAX_ODD_HALF], sums[MAX_ODD_HALF], diffs[MAX_ODD_HALF];
  real2_t u0 = u[0], total = u[0];
  for (int j = 1; j <= h; ++j) {
    roots[j - 1] = odd_root(j, r);
    sums[j - 1] = u[j] + u[r - j];
    diffs[j - 1] = u[j] - u[r - j];
    total += sums[j - 1];
  }
  u[0] = total;
  for (int k = 1; k <= h; ++k) {
    real2_t re = u0, im = (real2_t)((real_t)0);
    for (int j = 1; j <= h; ++j) {
      int e = (j * k) % r;  // 0 where r is composite (9, 15, 25, 27: odd radices merged)
      real2_t w = e == 0 ? (real2_t)((real_t)1, (real_t)0)
                         : e <= h ? roots[e - 1] : (real2_t)(roots[r - e - 1].x, -roots[r - e - 1].y);
      re += w.x * sums[j - 1];
      im += w.y * diffs[j - 1];  // w.y carries the direction's sign
    }
    real2_t i_im = (real2_t)(-im.y, im.x);  // i * im
    u[k] = re + i_im;
    u[r - k] = re - i_im;
  }
}

// The DFT of the first `radix` entries of u, radix 2, 4, 8, 16 or odd.
inline void dft_small(real2_t* u, int radix) {
  switch (radix) {
    case 2: dft2(u, 1); break;
    case 4: dft4(u, 1); break;
    case 8: dft8(u); break;
    case 16: dft16(u); break;
    default: dft_odd(u, radix); break;
  }
}

// cos(2*pi*e/64) for e = 0 .. 16 (exactly rounded to the precision by the compiler), and w(e, 64)
// from it by the quarter turns: the twiddles inside a wide radix (dft_ct).
__constant real_t COS64[17] = {
    RC(1.0), RC(0.9951847266721968862448), RC(0.9807852804032304491262), RC(0.9569403357322088649358),
    RC(0.9238795325112867561282), RC(0.8819212643483550297128), RC(0.8314696123025452370788),
    RC(0.7730104533627369608109), RC(0.7071067811865475244008), RC(0.6343932841636454982152),
    RC(0.5555702330196022247428), RC(0.4713967368259976485564), RC(0.3826834323650897717285),
    RC(0.2902846772544623676362), RC(0.1950903220161282678483), RC(0.0980171403295606019942), RC(0.0)};
inline real2_t root64(int e) {
  const int quarter = (e / 16) % 4, r = e % 16;
  const real_t c = COS64[r], s = COS64[16 - r];  // cos and sin of 2*pi*r/64
  const real2_t turned = quarter == 0 ? (real2_t)(c, s) : quarter == 1 ? (real2_t)(-s, c)
                       : quarter == 2 ? (real2_t)(-c, -s) : (real2_t)(s, -c);
  return (real2_t)(turned.x, FFT_SIGN * turned.y);
}

// The DFT of r = a * b points as DFTs of a down the columns of u seen as a x b, then DFTs of b
// across: input n = (b*n1 + step*n2) mod r, output k = (k1*ua + k2*ub) mod r, and between them
// the twiddles w(n2*k1, r) where `twiddled` (r dividing 64). Every argument is a constant after
// inlining, so the indices fold.
#define MAX_COMPOSITE 64
inline void dft_two_factors(real2_t* u, int a, int b, int step, int ua, int ub, bool twiddled) {
  const int r = a * b;
  real2_t t[MAX_COMPOSITE];
  // Unrolled whole, so that every index is a constant and the arrays stay in registers.
#pragma unroll
  for (int n2 = 0; n2 < b; ++n2) {
    real2_t c[16];
#pragma unroll
    for (int n1 = 0; n1 < a; ++n1) c[n1] = u[(b * n1 + step * n2) % r];
    dft_small(c, a);
#pragma unroll
    for (int k1 = 0; k1 < a; ++k1)
      t[n2 * a + k1] = twiddled && n2 * k1 != 0 ? cmul(c[k1], root64(n2 * k1 * (64 / r))) : c[k1];
  }
#pragma unroll
  for (int k1 = 0; k1 < a; ++k1) {
    real2_t c[16];
#pragma unroll
    for (int n2 = 0; n2 < b; ++n2) c[n2] = t[n2 * a + k1];
    dft_small(c, b);
#pragma unroll
    for (int k2 = 0; k2 < b; ++k2) u[(k1 * ua + k2 * ub) % r] = c[k2];
  }
}

// The DFT of r = a * b points for coprime a and b by Good and Thomas's prime factor algorithm: input
// n = (b*n1 + a*n2) mod r and output k = (k1*ua + k2*ub) mod r, with ua = 1 mod a and 0 mod b and
// ub the other way round, make w(n*k, r) = w(n1*k1, a) * w(n2*k2, b), so the DFTs of a and of b
// need no twiddles between them. One inner pass of radix 10 then costs the arithmetic of 2 and 5
// without their trip through local memory.
inline void dft_pfa(real2_t* u, int a, int b, int ua, int ub) { dft_two_factors(u, a, b, a, ua, ub, false); }

// The DFT of r = a * b points (powers of two, r <= 64) by one Cooley-Tukey step: input
// n = b*n1 + n2, twiddles w(n2*k1, r), output k = k1 + a*k2. A radix of 32 or 64 held by one
// work-item saves an exchange through local memory.
inline void dft_ct(real2_t* u, int a, int b) { dft_two_factors(u, a, b, 1, 1, a, true); }

// The DFT of the first `radix` entries of u; radix is a compile-time constant after inlining.
// Composite radices of coprime factors (compositeRadix in core/engine/planning/GroupedPlanner.cpp) go by
// the prime factor algorithm, any other odd one by dft_odd.
inline void dft(real2_t* u, int radix) {
  switch (radix) {
    case 6: dft_pfa(u, 2, 3, 3, 4); break;
    case 10: dft_pfa(u, 2, 5, 5, 6); break;
    case 12: dft_pfa(u, 4, 3, 9, 4); break;
    case 14: dft_pfa(u, 2, 7, 7, 8); break;
    case 15: dft_pfa(u, 3, 5, 10, 6); break;
    case 18: dft_pfa(u, 2, 9, 9, 10); break;
    case 20: dft_pfa(u, 4, 5, 5, 16); break;
    case 21: dft_pfa(u, 3, 7, 7, 15); break;
    case 22: dft_pfa(u, 2, 11, 11, 12); break;
    case 24: dft_pfa(u, 8, 3, 9, 16); break;
    case 26: dft_pfa(u, 2, 13, 13, 14); break;
    case 28: dft_pfa(u, 4, 7, 21, 8); break;
    case 36: dft_pfa(u, 4, 9, 9, 28); break;
    case 40: dft_pfa(u, 8, 5, 25, 16); break;
    case 44: dft_pfa(u, 4, 11, 33, 12); break;
    case 48: dft_pfa(u, 16, 3, 33, 16); break;
    case 52: dft_pfa(u, 4, 13, 13, 40); break;
    case 56: dft_pfa(u, 8, 7, 49, 8); break;
    case 32: dft_ct(u, 8, 4); break;
    case 64: dft_ct(u, 8, 8); break;
    default: dft_small(u, radix); break;
  }
}

// Multiplies u[m] by w(m*k, radix*p) for m = 1 .. radix-1: the Stockham pass's twiddles.
// `table` holds this pass's w(m*k, radix*p) at [(m-1)*p + k], computed on the host in long
// double, so that neighbouring butterflies (k, k+1) read neighbouring entries.
inline void apply_twiddles(real2_t* u, int radix, uint k, uint p, __global const real2_t* table) {
  if (k == 0) return;
  uint span = (uint)radix * p;
#if TWIDDLE_MODE == TWIDDLE_TABLE
  for (int m = 1; m < radix; ++m) u[m] = cmul(u[m], table[(m - 1) * p + k]);
#elif TWIDDLE_MODE == TWIDDLE_RECURRENCE
  real2_t base = twiddle_computed(k, span);  // one sincos, then products (error grows with m)
  real2_t w = base;
  for (int m = 1; m < radix; ++m) {
    u[m] = cmul(u[m], w);
    w = cmul(w, base);
  }
#else
  for (int m = 1; m < radix; ++m) u[m] = cmul(u[m], twiddle_computed(m * k, span));
#endif
}

// Even real lengths 2M (kernels/real.cl, and grouped_fft.cl's passes that do it in their loads and
// stores): Z is the M-point transform of the 2M reals read as pairs, periodic in M.
// Bin k of the reals' spectrum from a = Z[k], b = Z[M-k]: X[k] = E[k] + w^k·O[k] with
// E = (a + conj b) / 2, O = (a - conj b) / 2i.
// w = w(k, 2M), from a table or computed (untangled_bin).
inline real2_t untangle_with(real2_t a, real2_t b, real2_t w) {
  b.y = -b.y;
  const real2_t e = (a + b) * RC(0.5);
  const real2_t d = (a - b) * RC(0.5);
  return e + cmul(w, (real2_t)(d.y, -d.x));
}
inline real2_t untangled_bin(real2_t a, real2_t b, uint k, uint m) {
  return untangle_with(a, b, twiddle_computed(k, 2 * m));
}

// The inverse (built with FFT_SIGN = +1, so w^-k), from a = X[k], b = X[M-k]: Z[k] = E[k] + i·O[k]
// with E = (a + conj b) / 2, O = (a - conj b)·w^-k / 2; the imaginary parts of the DC and Nyquist
// bins are not used (as NumPy's irfft).
inline real2_t tangle_with(real2_t a, real2_t b, uint k, real2_t w) {
  b.y = -b.y;
  if (k == 0) {
    a.y = 0;
    b.y = 0;
  }
  const real2_t e = (a + b) * RC(0.5);
  const real2_t o = cmul((a - b) * RC(0.5), w);
  return e + (real2_t)(-o.y, o.x);
}
inline real2_t tangled_point(real2_t a, real2_t b, uint k, uint m) {
  return tangle_with(a, b, k, twiddle_computed(k, 2 * m));
}
