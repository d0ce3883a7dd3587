// Batches of 8-bit video frames filtered on the device: the frames' interleaved samples are
// unpacked into float planes (and each frame's sample range found on the way), the planes' half
// spectra multiplied by one mask, and the filtered planes packed back into interleaved samples,
// clipped to their frame's own range and rounded, as the host's filter does (OutputRange Clip).
// Legend: `frames` frames of n = width x height pixels and `channels` samples a pixel; frame b's
// sample c of pixel i is in[(b * n + i) * channels + c]. Plane p = c * frames + b holds channel c
// of frame b, n floats, so that one channel of all frames is one run of memory. bounds[2b] and
// bounds[2b + 1] are frame b's smallest and largest sample. FRAME_GROUP is the work-group size
// (a power of two) of unpack_frames.
#pragma OPENCL FP_CONTRACT OFF

#ifndef FRAME_GROUP
#define FRAME_GROUP 256
#endif

// Work item (i, b): pixel i of frame b. Needs bounds filled with (255, 0) pairs beforehand.
__kernel void unpack_frames(__global const uchar* in, __global float* planes, uint n, uint channels, uint frames,
                            __global int* bounds) {
  __local int lows[FRAME_GROUP], highs[FRAME_GROUP];
  uint i = (uint)get_global_id(0);
  uint b = (uint)get_global_id(1);
  uint l = (uint)get_local_id(0);
  int low = 255, high = 0;
  if (i < n) {
    for (uint c = 0; c < channels; ++c) {
      int v = in[((size_t)b * n + i) * channels + c];
      planes[((size_t)c * frames + b) * n + i] = (float)v;
      low = min(low, v);
      high = max(high, v);
    }
  }
  lows[l] = low;
  highs[l] = high;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = FRAME_GROUP / 2; s > 0; s >>= 1) {
    if (l < s) {
      lows[l] = min(lows[l], lows[l + s]);
      highs[l] = max(highs[l], highs[l + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) {
    atomic_min(&bounds[2 * b], lows[0]);
    atomic_max(&bounds[2 * b + 1], highs[0]);
  }
}

// Work item (k, p): bin k of plane p's half spectrum, multiplied by the mask's bin k.
__kernel void mask_planes(__global float2* spectra, __global const float* mask, uint bins) {
  uint k = (uint)get_global_id(0);
  if (k >= bins) return;
  size_t at = (size_t)get_global_id(1) * bins + k;
  spectra[at] = spectra[at] * mask[k];
}

// Work item (i, b): pixel i of frame b, its channels clipped to the frame's range and rounded.
__kernel void pack_frames(__global const float* planes, __global uchar* out, uint n, uint channels, uint frames,
                          __global const int* bounds) {
  uint i = (uint)get_global_id(0);
  uint b = (uint)get_global_id(1);
  if (i >= n) return;
  float lo = (float)bounds[2 * b], hi = (float)bounds[2 * b + 1];
  for (uint c = 0; c < channels; ++c)
    out[((size_t)b * n + i) * channels + c] = (uchar)round(clamp(planes[((size_t)c * frames + b) * n + i], lo, hi));
}
