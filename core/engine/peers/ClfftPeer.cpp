// clFFT (Debian's libclfft-dev): a plan per description, baked on the engine's queue. Complex
// transforms interleaved; real ones out of place between unpadded reals (CLFFT_REAL) and the half
// spectrum (CLFFT_HERMITIAN_INTERLEAVED, cols/2 + 1 bins a row), RealPlan's layouts.
#include "engine/peers/PeerFft.h"

#include "engine/cl/ClError.h"

#include <clFFT.h>

#include <iterator>
#include <mutex>
#include <stdexcept>

namespace fftscope {
namespace {

// clFFT's own statuses follow OpenCL's error codes from 4096 on.
std::string statusName(clfftStatus status) {
  static const char* const own[] = {"CLFFT_BUGCHECK",          "CLFFT_NOTIMPLEMENTED",   "CLFFT_TRANSPOSED_NOTIMPLEMENTED",
                                    "CLFFT_FILE_NOT_FOUND",    "CLFFT_FILE_CREATE_FAILURE", "CLFFT_VERSION_MISMATCH",
                                    "CLFFT_INVALID_PLAN",      "CLFFT_DEVICE_NO_DOUBLE", "CLFFT_DEVICE_MISMATCH"};
  const int index = int(status) - int(CLFFT_BUGCHECK);
  const char* name = index >= 0 && index < int(std::size(own)) ? own[index] : cl::errorName(status);
  return std::string(name) + " (" + std::to_string(int(status)) + ")";
}

void checkClfft(clfftStatus status, const char* call) {
  if (status != CLFFT_SUCCESS) throw std::runtime_error(std::string("clFFT ") + call + " failed: " + statusName(status));
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

// clFFT 2.12 generates kernels for lengths whose prime factors are 2, 3, 5 and 7 only.
void requireClfftLength(std::size_t n, const char* what) {
  std::size_t rest = n;
  for (std::size_t p : {2, 3, 5, 7})
    while (rest % p == 0) rest /= p;
  if (rest != 1)
    throw std::invalid_argument(std::string("clFFT takes lengths 2^a 3^b 5^c 7^d only, not ") + what + " " +
                                std::to_string(n));
}

// One side of a transform in clFFT's terms: its layout, the stride between rows, the distance
// between transforms of a batch.
struct ClfftSide {
  clfftLayout layout;
  std::size_t rowStride;
  std::size_t distance;
};

class ClfftPeer final : public PeerFft {
 public:
  ClfftPeer(cl::DeviceContext& context, const PlanDescription& d, ClfftSide in, ClfftSide out) : context_(context) {
    validate(d);
    setUpClfftOnce();
    size_t lengths[2] = {d.cols, d.rows};
    const clfftDim dim = d.dimensions == 2 ? CLFFT_2D : CLFFT_1D;
    checkClfft(clfftCreateDefaultPlan(&plan_, context.context(), dim, lengths), "clfftCreateDefaultPlan");
    checkClfft(clfftSetPlanPrecision(plan_, d.precision == Precision::F32 ? CLFFT_SINGLE : CLFFT_DOUBLE),
               "clfftSetPlanPrecision");
    checkClfft(clfftSetLayout(plan_, in.layout, out.layout), "clfftSetLayout");
    checkClfft(clfftSetResultLocation(plan_, CLFFT_OUTOFPLACE), "clfftSetResultLocation");
    size_t inStrides[2] = {1, in.rowStride}, outStrides[2] = {1, out.rowStride};
    checkClfft(clfftSetPlanInStride(plan_, dim, inStrides), "clfftSetPlanInStride");
    checkClfft(clfftSetPlanOutStride(plan_, dim, outStrides), "clfftSetPlanOutStride");
    checkClfft(clfftSetPlanBatchSize(plan_, d.batch), "clfftSetPlanBatchSize");
    checkClfft(clfftSetPlanDistance(plan_, in.distance, out.distance), "clfftSetPlanDistance");
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
  const ClfftSide complex{CLFFT_COMPLEX_INTERLEAVED, d.cols, d.points()};
  return std::make_unique<ClfftPeer>(context, d, complex, complex);
}

std::unique_ptr<PeerFft> makeClfftRealPeer(cl::DeviceContext& context, const PlanDescription& real) {
  validate(real);
  requireClfftLength(real.cols, real.dimensions == 2 ? "cols" : "length");
  if (real.dimensions == 2) requireClfftLength(real.rows, "rows");
  const std::size_t bins = real.cols / 2 + 1;
  const ClfftSide reals{CLFFT_REAL, real.cols, real.points()};
  const ClfftSide half{CLFFT_HERMITIAN_INTERLEAVED, bins, real.rows * bins};
  return real.direction == Direction::Forward ? std::make_unique<ClfftPeer>(context, real, reals, half)
                                              : std::make_unique<ClfftPeer>(context, real, half, reals);
}

}  // namespace fftscope
