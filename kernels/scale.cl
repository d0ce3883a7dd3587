// Multiplies count real values by s: the normalisation that NumPy's "ortho" and "forward" ask
// for, applied where the data stays on the device (the Python package's device arrays). A
// complex array is scaled as its real and imaginary parts. Needs common.cl before it (real_t).
__kernel void scale(__global real_t* x, real_t s, ulong count) {
  for (size_t g = get_global_id(0); g < count; g += get_global_size(0)) x[g] *= s;
}
