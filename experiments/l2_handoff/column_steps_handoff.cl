// The two column steps of 2D columns of 4096 = 64 x 64 points (COLS columns a row), as two
// launches (HANDOFF 0, the step a kernel argument) or as one launch (HANDOFF 1) whose work-groups
// hand the intermediate from the first step to the second through a ring of RING slots in global
// memory, which the L2 cache holds. A measurement: experiments/l2_handoff/README.md.
// Built after kernels/common.cl with -D LANES, COLS, RING, LAG, SUBS, HANDOFF, SLOT_QUAL, and for
// HANDOFF 1 FENCE_REL, FENCE_ACQ, FENCE_ALL.
// Legend: a unit is one step over one block of LANES columns, 64 work-groups' worth of SUBS steps
// of 64 points each; step A of block b takes n2 = sub (points at rows 64*n1 + n2) and stores into
// slot b % RING, step B of block b takes k1 = sub from the slot and stores rows k1 + 64*k2.
#define G (LANES * 8)
#define BLOCKS (COLS / LANES)
#define UNITS (2 * BLOCKS)
#define PER_UNIT (64 / SUBS)
#define SLOT_SIZE (64 * 64 * LANES)
#define LSTR 65  // odd, so that neighbouring lanes fall into different banks

// DFT-64 of lane c = t % LANES as 8 x 8 through local memory, u[m] = x[j + 8m] in, with
// j = t / LANES; out u[k2] = X[j + 8*k2].
inline void dft64(real2_t* u, __local real2_t* buf, uint c, uint j, __global const real2_t* w4096) {
  dft8(u);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint m = 0; m < 8; ++m) buf[c * LSTR + 8 * j + m] = u[m];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint m = 0; m < 8; ++m) {
    u[m] = buf[c * LSTR + j + 8 * m];
    if (m) u[m] = cmul(u[m], w4096[(64 * m * j) & 4095]);
  }
  dft8(u);
}

// Step A: the 64 points of n2, twiddled by w(n2*k1, 4096) on the way out.
inline void step_a(__global const real2_t* src, __global real2_t* slot, __local real2_t* buf, uint block, uint n2,
                   uint t, __global const real2_t* w4096) {
  const uint c = t % LANES, j = t / LANES, col = block * LANES + c;
  real2_t u[8];
  for (uint m = 0; m < 8; ++m) u[m] = src[(size_t)(64 * (j + 8 * m) + n2) * COLS + col];
  dft64(u, buf, c, j, w4096);
  for (uint k2 = 0; k2 < 8; ++k2) {
    const uint k1 = j + 8 * k2;
    slot[(k1 * 64 + n2) * LANES + c] = cmul(u[k2], w4096[(n2 * k1) & 4095]);
  }
}

// Step B: the 64 points of k1, read from the slot (volatile where another SM wrote them in the
// same launch: past the L1 cache, which is not coherent).
inline void step_b(__global SLOT_QUAL real2_t* slot, __global real2_t* dst, __local real2_t* buf, uint block, uint k1,
                   uint t, __global const real2_t* w4096) {
  const uint c = t % LANES, j = t / LANES, col = block * LANES + c;
  real2_t u[8];
  for (uint m = 0; m < 8; ++m) u[m] = slot[(k1 * 64 + j + 8 * m) * LANES + c];
  dft64(u, buf, c, j, w4096);
  for (uint k2 = 0; k2 < 8; ++k2) dst[(size_t)(k1 + 64 * (j + 8 * k2)) * COLS + col] = u[k2];
}

#if HANDOFF
// Units in ticket order: A_0 .. A_{LAG-1}, then A_{b+LAG} and B_b in turn, then the last B's.
inline void unit_of(uint u, uint* step, uint* block) {
  if (u < LAG) {
    *step = 0;
    *block = u;
  } else if (u - LAG < 2 * (BLOCKS - LAG)) {
    const uint v = u - LAG;
    *step = v % 2;
    *block = v % 2 ? v / 2 : LAG + v / 2;
  } else {
    *step = 1;
    *block = BLOCKS - LAG + (u - LAG - 2 * (BLOCKS - LAG));
  }
}

// counters: [0] tickets, [1 + b] step A's groups done on block b, [1 + BLOCKS + b] step B's; they
// only grow, by one run's worth each launch (epoch = launches before), so nothing resets them.
// A group's ticket says which unit it does; it waits only on units of lower tickets, which have
// started: no order of starting groups is assumed, but that a started group runs to its end, which
// OpenCL does not promise (NVIDIA's and PoCL's do), and that launches do not overlap (an in-order
// queue).
__kernel __attribute__((reqd_work_group_size(G, 1, 1)))
void column_steps(__global const real2_t* src, __global real2_t* dst, __global real2_t* ring,
                  __global const real2_t* w4096, __global volatile uint* counters, uint epoch) {
  __local real2_t buf[LANES * LSTR];
  __local uint ticket_l;
  const uint t = get_local_id(0);
  if (t == 0) ticket_l = atomic_inc(&counters[0]) - epoch * (UNITS * PER_UNIT);
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint ticket = ticket_l, sub0 = (ticket % PER_UNIT) * SUBS, target = (epoch + 1) * PER_UNIT;
  uint step, block;
  unit_of(ticket / PER_UNIT, &step, &block);
  if (t == 0) {
    if (step == 1)
      while (atomic_add(&counters[1 + block], 0) < target) {}
    else if (block >= RING)  // the slot's last reader must be done
      while (atomic_add(&counters[1 + BLOCKS + block - RING], 0) < target) {}
    FENCE_ACQ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  __global real2_t* slot = ring + (size_t)(block % RING) * SLOT_SIZE;
#if SUBS == 1
  if (step == 0)
    step_a(src, slot, buf, block, sub0, t, w4096);
  else
    step_b(slot, dst, buf, block, sub0, t, w4096);
#else
  for (uint sub = sub0; sub < sub0 + SUBS; ++sub) {
    if (step == 0)
      step_a(src, slot, buf, block, sub, t, w4096);
    else
      step_b(slot, dst, buf, block, sub, t, w4096);
  }
#endif
#if FENCE_ALL
  FENCE_REL;  // each work-item's own stores first, to time what that costs
#endif
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (t == 0) {
    FENCE_REL;  // after the barrier, it covers the whole group's stores
    atomic_inc(&counters[1 + step * BLOCKS + block]);
  }
}
#else
__kernel __attribute__((reqd_work_group_size(G, 1, 1)))
void column_steps(__global const real2_t* src, __global real2_t* dst, __global real2_t* ring,
                  __global const real2_t* w4096, __global volatile uint* counters, uint step) {
  __local real2_t buf[LANES * LSTR];
  const uint t = get_local_id(0), g = get_group_id(0), block = g / 64, sub = g % 64;
  __global real2_t* slot = ring + (size_t)block * SLOT_SIZE;
  if (step == 0)
    step_a(src, slot, buf, block, sub, t, w4096);
  else
    step_b(slot, dst, buf, block, sub, t, w4096);
}
#endif
