// Element-wise work on spectra that stays on the device: the centred display of a spectrum, its
// magnitudes, the mask product of frequency-domain filtering, and weighted sums of spectra (the spectrum of a
// weighted sum of planes, since the FFT is linear). Single precision.
// Needs common.cl before it (for real2_t, built without DOUBLE_PRECISION).
// Legend: rows x cols spectrum of a real plane in the FFT's unshifted order (DC at [0][0]), kept
// as its half: width = cols/2 + 1 bins a row (NumPy's rfft2 layout); the other bins follow from
// X[-ky][-kx] = conj X[ky][kx]. (y, x) a display pixel, whose bin is
// ((y + rows/2) mod rows, (x + cols/2) mod cols), so DC lands in the middle.

#define MEASURE_LOG_MAGNITUDE 0  // ln(1 + |X|)
#define MEASURE_MAGNITUDE 1
#define MEASURE_POWER 2
#define MEASURE_PHASE 3          // radians in (-pi, pi]

// Bin (by, bx) of the full spectrum, from the half.
inline float2 full_bin(__global const float2* kept, uint rows, uint cols, uint by, uint bx) {
  uint width = cols / 2 + 1;
  if (bx < width) return kept[(size_t)by * width + bx];
  float2 v = kept[(size_t)((rows - by) % rows) * width + (cols - bx)];
  return (float2)(v.x, -v.y);
}

__kernel void centred_measure(__global const float2* kept, __global float* display, uint rows, uint cols,
                              uint measure) {
  uint x = (uint)get_global_id(0);
  uint y = (uint)get_global_id(1);
  if (x >= cols || y >= rows) return;
  uint by = (y + (rows + 1) / 2) % rows;  // fftshift, odd sizes included
  uint bx = (x + (cols + 1) / 2) % cols;
  float2 v = full_bin(kept, rows, cols, by, bx);
  float power = v.x * v.x + v.y * v.y;
  float out;
  switch (measure) {
    case MEASURE_MAGNITUDE: out = sqrt(power); break;
    case MEASURE_POWER: out = power; break;
    case MEASURE_PHASE: out = atan2(v.y, v.x); break;
    default: out = log1p(sqrt(power)); break;
  }
  display[(size_t)y * cols + x] = out;
}

// |X| of count bins.
__kernel void magnitudes(__global const float2* spectrum, __global float* out, uint count) {
  size_t i = get_global_id(0);
  if (i < count) out[i] = length(spectrum[i]);
}

// out = spectrum * mask over count bins, the mask real and laid out as the spectrum.
__kernel void apply_mask(__global const float2* spectrum, __global const float* mask, __global float2* out,
                         uint count) {
  size_t i = get_global_id(0);
  if (i < count) out[i] = spectrum[i] * mask[i];
}

// out = weight * in (first != 0) or out + weight * in: one term of a weighted sum of spectra.
__kernel void accumulate_weighted(__global const float2* in, __global float2* out, float weight, uint first,
                                  uint count) {
  size_t i = get_global_id(0);
  if (i < count) out[i] = first ? weight * in[i] : out[i] + weight * in[i];
}
