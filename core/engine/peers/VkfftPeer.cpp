// VkFFT (Debian's libvkfft-dev, header only) through its OpenCL backend. Its kernels are made for
// the exact size at initialisation; out of place: read from the input, written to the output.
#include "engine/peers/PeerFft.h"

#include <vkFFT.h>

#include <stdexcept>

namespace fftscope {
namespace {

void checkVkfft(VkFFTResult result, const char* call) {
  if (result != VKFFT_SUCCESS) throw std::runtime_error(std::string("VkFFT ") + call + " failed with error " + std::to_string(int(result)));
}

class VkfftPeer final : public PeerFft {
 public:
  VkfftPeer(cl::DeviceContext& context, const PlanDescription& d) : context_(context) {
    validate(d);
    device_ = context.device().id;
    clContext_ = context.context();
    bytes_ = d.bytes();
    VkFFTConfiguration configuration = {};
    configuration.FFTdim = d.dimensions;
    configuration.size[0] = d.cols;
    configuration.size[1] = d.dimensions == 2 ? d.rows : 1;
    configuration.numberBatches = d.batch;
    configuration.doublePrecision = d.precision == Precision::F64 ? 1 : 0;
    configuration.normalize = 1;  // the inverse scaled by 1/N, as the engine's
    configuration.device = &device_;
    configuration.context = &clContext_;
    configuration.bufferSize = &bytes_;
    configuration.isInputFormatted = 1;  // read from a separate input buffer
    configuration.inputBufferSize = &bytes_;
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
    launch.inputBuffer = &in;
    launch.buffer = &out;
    checkVkfft(VkFFTAppend(&app_, inverse_, &launch), "VkFFTAppend");
  }

 private:
  cl::DeviceContext& context_;
  cl_device_id device_ = nullptr;
  cl_context clContext_ = nullptr;
  uint64_t bytes_ = 0;
  int inverse_ = -1;
  VkFFTApplication app_ = {};
  bool initialised_ = false;
};

}  // namespace

std::unique_ptr<PeerFft> makeVkfftPeer(cl::DeviceContext& context, const PlanDescription& d) {
  return std::make_unique<VkfftPeer>(context, d);
}

}  // namespace fftscope
