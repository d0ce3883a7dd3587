// VkFFT (Debian's libvkfft-dev 1.2.26, header only) through its OpenCL backend. Its kernels are
// made for the exact size at initialisation; out of place: read from the input, written to the output.
//
// Real transforms (performR2C) use VkFFT's out-of-place layout, not its in-place one with padded
// rows of 2·(cols/2 + 1) reals: the reals sit unpadded in the "input buffer" (isInputFormatted,
// inputBufferStride[0] = cols; 1.2.26 defaults it to cols + 2) and the half spectrum in the main
// buffer (bufferStride[0] = cols/2 + 1 bins, its default), which are RealPlan's layouts. R2C reads
// the input buffer and writes the main one; with inverseReturnToInputBuffer, C2R reads the main
// buffer and writes the input buffer. The axes after the first run in place in the main buffer, so
// a 2D C2R leaves its complex input changed.
//
// On PoCL's CPU device VkFFT crashes at some sizes (1D 2^17, batch 16, f32) inside its own kernel:
// the buffers and sizes handed here are right (bufferSize is exactly the buffers' bytes); VkFFT
// launches work-groups of CL_DEVICE_MAX_WORK_GROUP_SIZE (4096 on PoCL), and PoCL runs such a
// group's private memory on a worker thread's 8 MiB stack, which it overruns. 1.2.26 reads that
// limit from the device over any configured maxThreadsNum, so it cannot be capped from here; the
// sweep runs each peer case in a process of its own instead (bench/PeerChild.cpp).
#include "engine/peers/PeerFft.h"
#include "settings/ProcessSettings.h"

#include <cstdlib>
#include <vkFFT.h>

#include <stdexcept>

namespace fftscope {
namespace {

void checkVkfft(VkFFTResult result, const char* call) {
  if (result != VKFFT_SUCCESS) throw std::runtime_error(std::string("VkFFT ") + call + " failed with error " + std::to_string(int(result)));
}

class VkfftPeer final : public PeerFft {
 public:
  VkfftPeer(cl::DeviceContext& context, const PlanDescription& d, bool real) : context_(context), real_(real) {
    validate(d);
    device_ = context.device().id;
    clContext_ = context.context();
    VkFFTConfiguration configuration = {};
    configuration.FFTdim = d.dimensions;
    configuration.size[0] = d.cols;
    configuration.size[1] = d.dimensions == 2 ? d.rows : 1;
    configuration.numberBatches = d.batch;
    configuration.doublePrecision = d.precision == Precision::F64 ? 1 : 0;
    configuration.normalize = 1;  // the inverse scaled by 1/N, as the engine's
    configuration.device = &device_;
    configuration.context = &clContext_;
    configuration.isInputFormatted = 1;  // read from a separate input buffer
    // FFTSCOPE_VKFFT_PRINT=1: VkFFT prints every kernel it runs and the buffers each reads and
    // writes, to compare its plans with the engine's (`fftscope-cli plan --source`).
    if (processSettings().flag("FFTSCOPE_VKFFT_PRINT"))
      configuration.keepShaderCode = configuration.printMemoryLayout = 1;
    if (real) {
      const std::size_t lines = d.elements() / d.cols;
      bytes_ = lines * (d.cols / 2 + 1) * bytesPerComplex(d.precision);
      inputBytes_ = d.elements() * bytesPerComplex(d.precision) / 2;
      configuration.performR2C = 1;
      configuration.inverseReturnToInputBuffer = 1;
      configuration.inputBufferStride[0] = d.cols;  // the later strides follow from the sizes
    } else {
      bytes_ = inputBytes_ = d.bytes();
    }
    configuration.bufferSize = &bytes_;
    configuration.inputBufferSize = &inputBytes_;
    inverse_ = d.direction == Direction::Inverse ? 1 : -1;
    checkVkfft(initializeVkFFT(&app_, configuration), "initializeVkFFT");
    initialised_ = true;
  }
  ~VkfftPeer() override {
    if (initialised_) deleteVkFFT(&app_);
  }

  std::string name() const override { return "vkfft"; }

  void enqueue(cl_mem in, cl_mem out) override {
    VkFFTLaunchParams launch = {};
    cl_command_queue queue = context_.queue();
    launch.commandQueue = &queue;
    // The real inverse runs from the main buffer (the bins) back to the input buffer (the reals).
    const bool fromMain = real_ && inverse_ == 1;
    launch.inputBuffer = fromMain ? &out : &in;
    launch.buffer = fromMain ? &in : &out;
    checkVkfft(VkFFTAppend(&app_, inverse_, &launch), "VkFFTAppend");
  }

 private:
  cl::DeviceContext& context_;
  bool real_ = false;
  cl_device_id device_ = nullptr;
  cl_context clContext_ = nullptr;
  uint64_t bytes_ = 0, inputBytes_ = 0;
  int inverse_ = -1;
  VkFFTApplication app_ = {};
  bool initialised_ = false;
};

}  // namespace

std::unique_ptr<PeerFft> makeVkfftPeer(cl::DeviceContext& context, const PlanDescription& d) {
  return std::make_unique<VkfftPeer>(context, d, false);
}

std::unique_ptr<PeerFft> makeVkfftRealPeer(cl::DeviceContext& context, const PlanDescription& real) {
  return std::make_unique<VkfftPeer>(context, real, true);
}

}  // namespace fftscope
