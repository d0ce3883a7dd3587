// Transposes of a batch of rows x cols matrices of complex numbers: out[c][r] = in[r][c].
// Any shape: work-items outside the matrix do nothing. TRANSPOSE_NAIVE moves one element per
// work-item; otherwise a TILE x TILE block goes through local memory so that both the read and
// the write are coalesced, with TILE_PAD = 1 extra column against bank conflicts ("padded").
// Legend: (r, c) = row and column of the input, b = matrix in the batch.
// Needs common.cl before it (for real2_t); built with -D TILE, TILE_PAD [, TRANSPOSE_NAIVE].

#ifdef TRANSPOSE_NAIVE
__kernel void transpose(__global const real2_t* in, __global real2_t* out, uint rows, uint cols) {
  uint c = (uint)get_global_id(0);
  uint r = (uint)get_global_id(1);
  size_t b = get_global_id(2);
  if (c >= cols || r >= rows) return;
  size_t base = b * rows * cols;
  out[base + (size_t)c * rows + r] = in[base + (size_t)r * cols + c];
}
#else
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void transpose(__global const real2_t* in, __global real2_t* out, uint rows, uint cols) {
  __local real2_t tile[TILE][TILE + TILE_PAD];
  uint lx = (uint)get_local_id(0);
  uint ly = (uint)get_local_id(1);
  uint c0 = (uint)get_group_id(0) * TILE;
  uint r0 = (uint)get_group_id(1) * TILE;
  size_t base = get_global_id(2) * rows * cols;
  if (r0 + ly < rows && c0 + lx < cols) tile[ly][lx] = in[base + (size_t)(r0 + ly) * cols + c0 + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  // Written transposed: consecutive work-items write consecutive rows of the input.
  if (c0 + ly < cols && r0 + lx < rows) out[base + (size_t)(c0 + ly) * rows + r0 + lx] = tile[lx][ly];
}
#endif
