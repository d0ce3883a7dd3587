// Filtered real planes into the output's samples on the device, as the host's mapOutputRange
// (core/imaging/OutputRange.cpp) makes them: round(clamp(v * scale + shift, lo, hi)) in float,
// the same operations in the same order (no fused multiply-add), so both give the same sample.
// Legend: a plane is rows x pitch floats, of which the output takes the width x height part at
// (x0, y0) (the image inside its padding); its sample i = y * width + x lands at
// out[base + i * stride] (stride 1: plane after plane; stride = planes: interleaved, RGB RGB ...).
// OUT_T is the sample type (uchar, ushort, or float with RAW: the values as they are); TOP the
// largest sample (255 or 65535). range holds min, max, scale and shift of a stretch.
#pragma OPENCL FP_CONTRACT OFF
#ifdef HAVE_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#ifndef OUT_T
#define OUT_T uchar
#endif
#ifndef TOP
#define TOP 255.0f
#endif
#ifndef RANGE_GROUP
#define RANGE_GROUP 256
#endif

// The work-group's min into lows[0] and max into highs[0], by halving (RANGE_GROUP a power of two).
inline void reduce_range(__local float* lows, __local float* highs, uint l) {
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = RANGE_GROUP / 2; s > 0; s >>= 1) {
    if (l < s) {
      lows[l] = fmin(lows[l], lows[l + s]);
      highs[l] = fmax(highs[l], highs[l + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

__kernel void map_samples(__global const float* in, uint pitch, uint x0, uint y0, uint width, uint height,
                          __global OUT_T* out, uint base, uint stride, float scale, float shift, float lo, float hi,
                          __global const float* range, uint stretch) {
  uint x = (uint)get_global_id(0);
  uint y = (uint)get_global_id(1);
  if (x >= width || y >= height) return;
  float v = in[(size_t)(y0 + y) * pitch + x0 + x];
  size_t i = base + ((size_t)y * width + x) * stride;
#ifdef RAW
  out[i] = v;
#else
  if (stretch) {
    scale = range[2];
    shift = range[3];
  }
  out[i] = (OUT_T)round(clamp(v * scale + shift, lo, hi));
#endif
}

// Min and max of count floats from in[first], one pair per work-group of RANGE_GROUP items,
// into partials[firstPartial + group].
__kernel void partial_range(__global const float* in, uint first, uint count, __global float2* partials,
                            uint firstPartial) {
  __local float lows[RANGE_GROUP], highs[RANGE_GROUP];
  uint l = (uint)get_local_id(0);
  float low = INFINITY, high = -INFINITY;
  for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
    float v = in[first + i];
    low = fmin(low, v);
    high = fmax(high, v);
  }
  lows[l] = low;
  highs[l] = high;
  reduce_range(lows, highs, l);
  if (l == 0) partials[firstPartial + get_group_id(0)] = (float2)(lows[0], highs[0]);
}

// One work-group: the min and max over all partials, and the stretch from them onto 0 .. TOP.
// A flat result has nothing to stretch: scale 1, shift 0, as the host does.
__kernel void stretch_range(__global const float2* partials, uint count, __global float* range) {
  __local float lows[RANGE_GROUP], highs[RANGE_GROUP];
  uint l = (uint)get_local_id(0);
  float low = INFINITY, high = -INFINITY;
  for (uint i = l; i < count; i += RANGE_GROUP) {
    low = fmin(low, partials[i].x);
    high = fmax(high, partials[i].y);
  }
  lows[l] = low;
  highs[l] = high;
  reduce_range(lows, highs, l);
  if (l != 0) return;
  float scale = 1.0f, shift = 0.0f;
  if (highs[0] > lows[0]) {
#ifdef HAVE_FP64
    // The correctly rounded float quotient, as the host's; OpenCL's float division may be 2.5 ulp off.
    scale = (float)((double)TOP / (double)(highs[0] - lows[0]));
#else
    scale = TOP / (highs[0] - lows[0]);
#endif
    shift = -lows[0] * scale;
  }
  range[0] = lows[0];
  range[1] = highs[0];
  range[2] = scale;
  range[3] = shift;
}
