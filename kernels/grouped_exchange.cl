// A grouped pass's butterflies and its exchanges through local memory between inner passes
// (grouped_fft.cl): where each work-item's values go and where the next inner pass reads them,
// padded position by position (LPAD, CSKEW) or laid out by the planner (AFFINE_EXCHANGES). Needs
// common.cl and grouped_io.cl before it and the same build options.

// Butterfly b of an inner pass of radix R as (lane c, index i).
inline uint2 butterfly(uint b, uint R, bool lane_fast) {
  return lane_fast ? (uint2)(b % C, b / C) : (uint2)(b / (F / R), b % (F / R));
}

// Where a position sits in an exchange laid out with `gap` empty positions after every `every`.
inline uint laid_out(uint position, uint every, uint gap) { return every ? position + gap * (position / every) : position; }
// The laid-out distance of positions `stride` apart: constant where EVERY divides the stride, or
// where the positions stay within one run of EVERY (the planner's choice ensures one of them).
#define LAID_STEP(stride, every, gap) ((every) && (stride) % (every) == 0 ? (stride) + (gap) * ((stride) / (every)) : (stride))

// Puts the values of a pass (radix R after inner passes of product pp) into local memory: those of
// slice x when the pass is register-held, all of them otherwise (x = 0).
inline void to_local(__local real2_t* buf, const real2_t* v, uint t, uint R, uint pp, bool lane_fast, uint x,
                     uint every, uint gap) {
  const uint rounds = (C * F / R + G - 1) / G;
  UNROLL_WHOLE
  for (uint q = 0; q < rounds; ++q) {
    uint b = t + q * G;
    if (XR == 1 && b >= C * F / R) break;  // register-held: every work-item has all its butterflies
    uint2 ci = butterfly(b, R, lane_fast);
    uint k = ci.y % pp, j = (ci.y - k) * R + k;
#if AFFINE_EXCHANGES
    const uint at = ci.x * LSTRIDE + laid_out(j, every, gap);
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m) buf[at + m * LAID_STEP(pp, every, gap)] = v[q * R + m];
#else
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m)
      if (IN_WRITE_SLICE(q, m, R, pp, x)) buf[ci.x * LSTRIDE + LPAD(j + m * pp - x * SLICE)] = v[q * R + m];
#endif
  }
}

// Reads a pass's inputs (of slice x) from local memory into w.
inline void read_local(__local const real2_t* buf, real2_t* w, uint t, uint R, bool lane_fast, uint x, uint every,
                       uint gap) {
  const uint rounds = (C * F / R + G - 1) / G;
  UNROLL_WHOLE
  for (uint q = 0; q < rounds; ++q) {
    uint b = t + q * G;
    if (XR == 1 && b >= C * F / R) break;  // register-held: every work-item has all its butterflies
    uint2 ci = butterfly(b, R, lane_fast);
#if AFFINE_EXCHANGES
    const uint at = ci.x * LSTRIDE + laid_out(ci.y, every, gap);
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m) w[q * R + m] = buf[at + m * LAID_STEP(F / R, every, gap)];
#else
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m)
      if (IN_READ_SLICE(q, m, R, x)) w[q * R + m] = buf[ci.x * LSTRIDE + LPAD(ci.y + m * (F / R) - x * SLICE)];
#endif
  }
}

#if COMPONENT_EXCHANGE
// to_local and read_local a component at a time (grouped_io.cl): the real parts (x = 0) or the
// imaginary parts (x = 1) of all the work-item's values.
inline void to_local_part(__local real_t* buf, const real2_t* v, uint t, uint R, uint pp, bool lane_fast, uint x,
                          uint every, uint gap) {
  const uint rounds = C * F / R / G;
  UNROLL_WHOLE
  for (uint q = 0; q < rounds; ++q) {
    uint2 ci = butterfly(t + q * G, R, lane_fast);
    uint k = ci.y % pp, j = (ci.y - k) * R + k;
#if AFFINE_EXCHANGES
    const uint at = ci.x * LSTRIDE + laid_out(j, every, gap);
#endif
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m) {
      const real2_t value = v[q * R + m];
#if AFFINE_EXCHANGES
      buf[at + m * LAID_STEP(pp, every, gap)] = x == 0 ? value.x : value.y;
#else
      buf[CSKEW(ci.x * F + j + m * pp)] = x == 0 ? value.x : value.y;
#endif
    }
  }
}

inline void read_local_part(__local const real_t* buf, real2_t* w, uint t, uint R, bool lane_fast, uint x, uint every,
                            uint gap) {
  const uint rounds = C * F / R / G;
  UNROLL_WHOLE
  for (uint q = 0; q < rounds; ++q) {
    uint2 ci = butterfly(t + q * G, R, lane_fast);
#if AFFINE_EXCHANGES
    const uint at = ci.x * LSTRIDE + laid_out(ci.y, every, gap);
#endif
    UNROLL_WHOLE
    for (uint m = 0; m < R; ++m) {
#if AFFINE_EXCHANGES
      const real_t part = buf[at + m * LAID_STEP(F / R, every, gap)];
#else
      const real_t part = buf[CSKEW(ci.x * F + ci.y + m * (F / R))];
#endif
      if (x == 0)
        w[q * R + m].x = part;
      else
        w[q * R + m].y = part;
    }
  }
}
#define TO_LOCAL to_local_part
#define READ_LOCAL read_local_part
#else
#define TO_LOCAL to_local
#define READ_LOCAL read_local
#endif
