// The mask of frequency-domain filtering made on the device from the filter's parameters
// (core/imaging/FilterSpec.h, formulas in FilterResponse.h), with the values of the host's buildMask (core/imaging/Mask.cpp):
// the same operations in double in the same order, so that ideal and hard edges fall on the same
// bins even where a bin lies exactly on an edge, and smooth values agree to a float's last bit.
// Legend: rows x cols the transform; (y, x) a bin in the FFT's unshifted order with signed
// frequencies (fy, fx) in cycles per pixel; the mask has rows x width values, width = cols for
// the full spectrum or cols/2 + 1 for the half that a real-input transform keeps.
// A disc is a notch, a notch's twin or one side of a painted stroke, listed in the order the host
// applies them: DISC_FIELDS doubles each, its centre, radius, kind, and the box of bins (first
// bin and extent beyond it, modulo the axis) outside which the host leaves a value alone.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define KIND_ALL_PASS 0
#define KIND_LOW_PASS 1
#define KIND_HIGH_PASS 2
#define KIND_BAND_PASS 3
#define KIND_BAND_STOP 4

#define RESPONSE_IDEAL 0
#define RESPONSE_GAUSSIAN 1
#define RESPONSE_BUTTERWORTH 2

#define DISC_SOFT_NOTCH 0
#define DISC_HARD_NOTCH 1
#define DISC_KEEP 2
#define DISC_REMOVE 3
#define DISC_FIELDS 8  // fx, fy, radius, kind, x first, x extent, y first, y extent

// As signedBin(k, n) / n: 0 .. (n-1)/2 are positive frequencies, the rest negative.
inline double bin_frequency(uint k, uint n) {
  int s = k < (n + 1) / 2 ? (int)k : (int)k - (int)n;
  return (double)s / (double)n;
}

// a - b on the periodic axis, in [-0.5, 0.5].
inline double wrapped_difference(double a, double b) {
  double d = a - b;
  return d - round(d);
}

inline double low_pass(uint response, double f, double cutoff, int order) {
  switch (response) {
    case RESPONSE_IDEAL: return f <= cutoff ? 1.0 : 0.0;
    case RESPONSE_GAUSSIAN: return exp(-f * f / (2.0 * cutoff * cutoff));
    default: return 1.0 / (1.0 + pow(f / cutoff, 2.0 * order));
  }
}

// Gonzalez & Woods' band-reject filter of the band [lower, upper]: centre D0 = (lower + upper) / 2,
// width W = upper - lower, D = f; the host's bandRejectResponse step by step.
inline double band_reject(uint response, double f, double lower, double upper, int order) {
  if (response == RESPONSE_IDEAL) return f >= lower && f <= upper ? 0.0 : 1.0;
  double d0 = 0.5 * (lower + upper);
  double w = upper - lower;
  double offset = f * f - d0 * d0;
  if (response == RESPONSE_GAUSSIAN) {
    if (f == 0.0) return 1.0;
    double x = offset / (f * w);
    return 1.0 - exp(-x * x);
  }
  if (offset == 0.0) return 0.0;
  return 1.0 / (1.0 + pow(f * w / offset, 2.0 * order));
}

inline double base_response(uint kind, uint response, double f, double cutoff, double upper, int order) {
  switch (kind) {
    case KIND_LOW_PASS: return low_pass(response, f, cutoff, order);
    case KIND_HIGH_PASS: return 1.0 - low_pass(response, f, cutoff, order);
    case KIND_BAND_PASS: return 1.0 - band_reject(response, f, cutoff, upper, order);
    case KIND_BAND_STOP: return band_reject(response, f, cutoff, upper, order);
    default: return 1.0;
  }
}

// Whether bin k lies in the box that starts at bin `first` and reaches `extent` bins further.
inline bool in_box(uint k, uint n, double first, double extent) {
  return (k + n - (uint)first) % n <= (uint)extent;
}

__kernel void build_mask(__global float* mask, uint rows, uint cols, uint width, uint kind, uint response,
                         double cutoff, double upper, int order, __global const double* discs, uint discCount) {
  uint x = (uint)get_global_id(0);
  uint y = (uint)get_global_id(1);
  if (x >= width || y >= rows) return;
  double fy = bin_frequency(y, rows);
  double fx = bin_frequency(x, cols);
  float value = (float)base_response(kind, response, sqrt(fx * fx + fy * fy), cutoff, upper, order);
  for (uint d = 0; d < discCount; ++d) {
    __global const double* disc = discs + (size_t)d * DISC_FIELDS;
    if (!in_box(x, cols, disc[4], disc[5]) || !in_box(y, rows, disc[6], disc[7])) continue;
    double dfx = wrapped_difference(fx, disc[0]);
    double dfy = wrapped_difference(fy, disc[1]);
    double d2 = dfx * dfx + dfy * dfy;
    double r = disc[2];
    switch ((uint)disc[3]) {
      case DISC_SOFT_NOTCH: value *= (float)(1.0 - exp2(-d2 / (r * r))); break;
      case DISC_HARD_NOTCH: value *= (float)(d2 <= r * r ? 0.0 : 1.0); break;
      case DISC_KEEP: if (d2 <= r * r) value = 1.0f; break;
      default: if (d2 <= r * r) value = 0.0f; break;
    }
  }
  mask[(size_t)y * width + x] = value;
}
