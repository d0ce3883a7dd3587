// Copies: the device's bandwidth ceiling, measured in the same run as the transforms.
// Needs common.cl before it (for real2_t).
//   in, out  the source and destination buffers
//   count    elements to copy (copy: complex values; copy_vec: 16-byte vectors)
//   g        the work-item's first element; copy_vec steps by the global size from there
// copy moves one complex value per work-item; copy_vec moves 16 bytes per load and store (a
// float4 or a double2), which is what a GPU's memory system needs to reach its peak: the plain
// copy undercounts the ceiling by about 15% on an H200.
__kernel void copy(__global const real2_t* in, __global real2_t* out, uint count) {
  size_t g = get_global_id(0);
  if (g < count) out[g] = in[g];
}

__kernel void copy_vec(__global const uint4* in, __global uint4* out, uint count) {
  for (size_t g = get_global_id(0); g < count; g += get_global_size(0)) out[g] = in[g];
}
