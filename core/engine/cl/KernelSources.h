// The OpenCL sources of the kernel families. They are embedded in the build; when
// FFTSCOPE_KERNEL_DIR names a folder, its .cl files are read instead (for experiments).
#pragma once

#include <string>
#include <string_view>

namespace fftscope {

// The text of one kernels/*.cl file, e.g. kernelFile("stockham.cl").
std::string kernelFile(std::string_view fileName);
// A family's complete program: common.cl followed by the family's file (grouped_fft's parts
// between them: grouped_io.cl, its loads and stores; grouped_hooks.cl, what they fold in;
// grouped_real.cl, its real transforms' steps; grouped_twiddles.cl, its twiddles;
// grouped_exchange.cl, its butterflies and exchanges through local memory).
std::string kernelProgram(std::string_view family);

}  // namespace fftscope
