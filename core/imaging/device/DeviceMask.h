// Masks of frequency-domain filtering made on the device from the filter's own description
// (imaging/FilterSpec.h; the formulas in imaging/FilterResponse.h), so that a new
// filter parameter sends a few hundred bytes (the notches and strokes, when they change) rather
// than rows x cols floats. The kernel (kernels/mask.cl) computes in double to give the host
// mask's values; it needs a device with double precision (cl_khr_fp64).
// One thread at a time, like the DeviceContext it uses.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/cl/PinnedHostBuffer.h"
#include "imaging/FilterSpec.h"

#include <cstddef>
#include <vector>

namespace fftscope {

class DeviceMask {
 public:
  // Masks for the spectrum of a rows x cols transform. Throws std::invalid_argument when the
  // device has no double precision.
  DeviceMask(cl::DeviceContext& context, std::size_t rows, std::size_t cols);

  static bool available(const cl::DeviceInfo& device) { return device.fp64; }

  // Enqueues the mask into `out`, rows x width floats in the FFT's unshifted order: width = cols
  // for the full spectrum, cols/2 + 1 for the half of a real-input transform. Validates the spec
  // first (std::invalid_argument). The returned launch is not waited for.
  cl::Event enqueue(const imaging::FilterSpec& spec, cl_mem out, std::size_t width);
  // The same, read back (for checks and analysis on the host).
  std::vector<float> values(const imaging::FilterSpec& spec, std::size_t width);

  // The bytes the last enqueue sent to the device (0 when its notches and strokes were the ones
  // already there).
  std::size_t lastUploadBytes() const { return lastUploadBytes_; }

 private:
  void upload(const std::vector<double>& discs);

  cl::DeviceContext& context_;
  std::size_t rows_, cols_;
  cl::Kernel kernel_;
  cl::Buffer discs_;
  cl::PinnedHostBuffer staging_;
  std::vector<double> onDevice_;  // the disc list discs_ holds
  std::size_t lastUploadBytes_ = 0;
};

// The discs of a spec as the kernel reads them (kernels/mask.cl's legend): each notch and, unless
// it coincides with it, its twin; then both sides of each stroke; discs whose box holds no bin
// are left out. For a rows x cols spectrum.
std::vector<double> maskDiscs(const imaging::FilterSpec& spec, std::size_t rows, std::size_t cols);

}  // namespace fftscope
