// A plain copy: the device's bandwidth ceiling, measured in the same run as the transforms.
// Needs common.cl before it (for real2_t).
__kernel void copy(__global const real2_t* in, __global real2_t* out, uint count) {
  size_t g = get_global_id(0);
  if (g < count) out[g] = in[g];
}
