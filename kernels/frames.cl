// Batches of 8-bit video frames filtered on the device: the frames' interleaved samples are
// unpacked into float planes (and each frame's sample range found on the way), the planes' half
// spectra multiplied by one mask, and the filtered planes packed back into interleaved samples,
// clipped to their frame's own range and rounded, as the host's filter does (OutputRange Clip).
// Legend: `frames` frames of n = width x height pixels and `channels` samples a pixel; frame b's
// sample c of pixel i is in[(b * n + i) * channels + c]. Plane p = c * frames + b holds channel c
// of frame b, n floats, so that one channel of all frames is one run of memory. bounds[2b] and
// bounds[2b + 1] are frame b's smallest and largest sample. FRAME_GROUP is the work-group size
// (a power of two) of unpack_frames.
// Frames may also come and go as planes Y, U, V in 4:2:0 (unpack_yuv420, pack_yuv420): Y of
// width x height, then U and V of cw x ch each (cw, ch: width and height halved, rounded up),
// converted to and from blue, green, red by ITU-R BT.601 as swscale converts yuv420p (video
// range: Y 16-235) and yuvj420p (full = 1: 0-255), so that the decoder's and the encoder's
// colour conversions run here instead of on the host's cores.
#pragma OPENCL FP_CONTRACT OFF

#ifndef FRAME_GROUP
#define FRAME_GROUP 256
#endif

// The work-group's smallest and largest sample into frame b's bounds.
void merge_bounds(__local int* lows, __local int* highs, int low, int high, __global int* bounds, uint b) {
  uint l = (uint)get_local_id(0);
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

// Work item (i, b): pixel i of frame b. Needs bounds filled with (255, 0) pairs beforehand.
__kernel void unpack_frames(__global const uchar* in, __global float* planes, uint n, uint channels, uint frames,
                            __global int* bounds) {
  __local int lows[FRAME_GROUP], highs[FRAME_GROUP];
  uint i = (uint)get_global_id(0);
  uint b = (uint)get_global_id(1);
  int low = 255, high = 0;
  if (i < n) {
    for (uint c = 0; c < channels; ++c) {
      int v = in[((size_t)b * n + i) * channels + c];
      planes[((size_t)c * frames + b) * n + i] = (float)v;
      low = min(low, v);
      high = max(high, v);
    }
  }
  merge_bounds(lows, highs, low, high, bounds, b);
}

int to_byte(float v) { return clamp((int)round(v), 0, 255); }

// The high half of a 16-bit product, as x86's pmulhw takes it (floored).
int mul_high(int a, int b) { return (a * b) >> 16; }

// Work item (i, b): pixel i of frame b from its planes Y, U, V to blue, green, red planes, each
// sample 8-bit. The arithmetic is swscale's on x86 for yuv420p and yuvj420p (BT.601
// coefficients in 16-bit fixed point, Y and chroma scaled by 8, each product's high half,
// chroma taken from the pixel's 2 x 2 block), so that a frame decoded here is sample for sample
// the frame the host's decoder gives. Needs bounds as unpack_frames.
__kernel void unpack_yuv420(__global const uchar* in, __global float* planes, uint width, uint height, uint frames,
                            uint full, __global int* bounds) {
  __local int lows[FRAME_GROUP], highs[FRAME_GROUP];
  uint i = (uint)get_global_id(0);
  uint b = (uint)get_global_id(1);
  uint n = width * height, cw = (width + 1) / 2, ch = (height + 1) / 2;
  int low = 255, high = 0;
  if (i < n) {
    uint x = i % width, y = i / width;
    __global const uchar* frame = in + (size_t)b * (n + 2 * cw * ch);
    uint chroma = (y / 2) * cw + x / 2;
    int luma = 8 * (int)frame[i], u = 8 * ((int)frame[n + chroma] - 128), v = 8 * ((int)frame[n + cw * ch + chroma] - 128);
    // Video range: Y scaled by 255/219 from 16; full range: chroma scaled by 224/255.
    int yv = full ? mul_high(luma, 8192) : mul_high(luma - 128, 9539);
    int bl = yv + mul_high(u, full ? 14516 : 16525);
    int g = yv + mul_high(u, full ? -2819 : -3209) + mul_high(v, full ? -5850 : -6660);
    int r = yv + mul_high(v, full ? 11485 : 13075);
    int vb = clamp(bl, 0, 255), vg = clamp(g, 0, 255), vr = clamp(r, 0, 255);
    planes[((size_t)0 * frames + b) * n + i] = (float)vb;
    planes[((size_t)1 * frames + b) * n + i] = (float)vg;
    planes[((size_t)2 * frames + b) * n + i] = (float)vr;
    low = min(min(vb, vg), vr);
    high = max(max(vb, vg), vr);
  }
  merge_bounds(lows, highs, low, high, bounds, b);
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

// Work item (j, b): chroma sample j of frame b and the up to four pixels it covers, their blue,
// green and red clipped to the frame's range and rounded (as pack_frames), then converted: Y a
// pixel, U and V from the pixels' mean.
__kernel void pack_yuv420(__global const float* planes, __global uchar* out, uint width, uint height, uint frames,
                          uint full, __global const int* bounds) {
  uint j = (uint)get_global_id(0);
  uint b = (uint)get_global_id(1);
  uint n = width * height, cw = (width + 1) / 2, ch = (height + 1) / 2;
  if (j >= cw * ch) return;
  float lo = (float)bounds[2 * b], hi = (float)bounds[2 * b + 1];
  __global uchar* frame = out + (size_t)b * (n + 2 * cw * ch);
  uint cx = j % cw, cy = j / cw;
  float sr = 0.0f, sg = 0.0f, sb = 0.0f, count = 0.0f;
  for (uint dy = 0; dy < 2; ++dy)
    for (uint dx = 0; dx < 2; ++dx) {
      uint x = 2 * cx + dx, y = 2 * cy + dy;
      if (x >= width || y >= height) continue;
      uint i = y * width + x;
      float bl = round(clamp(planes[((size_t)0 * frames + b) * n + i], lo, hi));
      float g = round(clamp(planes[((size_t)1 * frames + b) * n + i], lo, hi));
      float r = round(clamp(planes[((size_t)2 * frames + b) * n + i], lo, hi));
      float luma = full ? 0.299f * r + 0.587f * g + 0.114f * bl
                        : 16.0f + (65.481f * r + 128.553f * g + 24.966f * bl) / 255.0f;
      frame[i] = (uchar)to_byte(luma);
      sr += r;
      sg += g;
      sb += bl;
      count += 1.0f;
    }
  float r = sr / count, g = sg / count, bl = sb / count;
  float u = full ? 128.0f - 0.168736f * r - 0.331264f * g + 0.5f * bl
                 : 128.0f + (-37.797f * r - 74.203f * g + 112.0f * bl) / 255.0f;
  float v = full ? 128.0f + 0.5f * r - 0.418688f * g - 0.081312f * bl
                 : 128.0f + (112.0f * r - 93.786f * g - 18.214f * bl) / 255.0f;
  frame[n + j] = (uchar)to_byte(u);
  frame[n + cw * ch + j] = (uchar)to_byte(v);
}
