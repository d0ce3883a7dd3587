// clFFT (Debian's libclfft-dev): a plan per description, baked on the engine's queue.
#include "engine/peers/PeerFft.h"

#include <clFFT.h>

#include <mutex>
#include <stdexcept>

namespace fftscope {
namespace {

void checkClfft(clfftStatus status, const char* call) {
  if (status != CLFFT_SUCCESS)
    throw std::runtime_error(std::string("clFFT ") + call + " failed with status " + std::to_string(status));
}

// clFFT keeps process-wide state: set up once, torn down at exit.
void setUpClfftOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    clfftSetupData setup;
    checkClfft(clfftInitSetupData(&setup), "clfftInitSetupData");
    checkClfft(clfftSetup(&setup), "clfftSetup");
    std::atexit([] { clfftTeardown(); });
  });
}

class ClfftPeer final : public PeerFft {
 public:
  ClfftPeer(cl::DeviceContext& context, const PlanDescription& d) : context_(context) {
    validate(d);
    setUpClfftOnce();
    size_t lengths[2] = {d.cols, d.rows};
    const clfftDim dim = d.dimensions == 2 ? CLFFT_2D : CLFFT_1D;
    checkClfft(clfftCreateDefaultPlan(&plan_, context.context(), dim, lengths), "clfftCreateDefaultPlan");
    checkClfft(clfftSetPlanPrecision(plan_, d.precision == Precision::F32 ? CLFFT_SINGLE : CLFFT_DOUBLE),
               "clfftSetPlanPrecision");
    checkClfft(clfftSetLayout(plan_, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED), "clfftSetLayout");
    checkClfft(clfftSetResultLocation(plan_, CLFFT_OUTOFPLACE), "clfftSetResultLocation");
    checkClfft(clfftSetPlanBatchSize(plan_, d.batch), "clfftSetPlanBatchSize");
    checkClfft(clfftSetPlanDistance(plan_, d.points(), d.points()), "clfftSetPlanDistance");
    direction_ = d.direction == Direction::Forward ? CLFFT_FORWARD : CLFFT_BACKWARD;  // backward: 1/N by default
    cl_command_queue queue = context.queue();
    checkClfft(clfftBakePlan(plan_, 1, &queue, nullptr, nullptr), "clfftBakePlan");
    size_t tmpBytes = 0;
    checkClfft(clfftGetTmpBufSize(plan_, &tmpBytes), "clfftGetTmpBufSize");
    if (tmpBytes > 0) tmp_ = context.buffer(tmpBytes);
  }
  ~ClfftPeer() override { clfftDestroyPlan(&plan_); }

  std::string name() const override { return "clfft"; }

  void enqueue(cl_mem in, cl_mem out) override {
    cl_command_queue queue = context_.queue();
    checkClfft(clfftEnqueueTransform(plan_, direction_, 1, &queue, 0, nullptr, nullptr, &in, &out, tmp_.get()),
               "clfftEnqueueTransform");
  }

 private:
  cl::DeviceContext& context_;
  clfftPlanHandle plan_ = 0;
  clfftDirection direction_ = CLFFT_FORWARD;
  cl::Buffer tmp_;
};

}  // namespace

std::unique_ptr<PeerFft> makeClfftPeer(cl::DeviceContext& context, const PlanDescription& d) {
  return std::make_unique<ClfftPeer>(context, d);
}

}  // namespace fftscope
