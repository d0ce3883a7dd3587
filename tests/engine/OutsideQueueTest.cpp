// A DeviceContext on a context and queue made elsewhere (as the Python package's PyOpenCL arrays
// bring them): plans run there on buffers of that context; both handles are retained, so the
// owner may let go of its own; a queue without profiling records no transfers rather than failing;
// an out-of-order queue is refused.
#include "DeviceFixture.h"
#include "engine/runtime/Plan.h"

#include <complex>
#include <vector>

namespace fftscope {
namespace {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
cl_command_queue makeQueue(cl::DeviceContext& owner, cl_command_queue_properties properties, cl_int* status) {
  return clCreateCommandQueue(owner.context(), owner.device().id, properties, status);
}
#pragma GCC diagnostic pop

TEST(OutsideQueue, PlansRunOnItsBuffersAndItKeepsTheHandles) {
  FFTSCOPE_REQUIRE_DEVICE(owner);
  cl_int status = CL_SUCCESS;
  cl_command_queue queue = makeQueue(*owner, 0, &status);
  ASSERT_EQ(status, CL_SUCCESS);
  cl::DeviceContext outside(owner->device(), owner->context(), queue);
  clReleaseCommandQueue(queue);  // the owner lets go; the context still holds it
  EXPECT_EQ(outside.queue(), queue);
  EXPECT_EQ(outside.context(), owner->context());

  outside.recordTransfers(true);  // no profiling on this queue: nothing recorded, nothing thrown
  const std::size_t n = 64;
  std::vector<std::complex<float>> impulse(n), result(n);
  impulse[0] = 1.0f;
  cl::Buffer in = owner->buffer(n * sizeof impulse[0]);  // made by the owner's context
  cl::Buffer out = outside.buffer(n * sizeof impulse[0]);
  Plan plan(outside, PlanDescription::oneD(n));
  outside.write(in.get(), impulse.data(), n * sizeof impulse[0]);
  plan.enqueue(in.get(), out.get());
  outside.read(out.get(), result.data(), n * sizeof result[0]);
  for (const auto& v : result) EXPECT_NEAR(std::abs(v - std::complex<float>(1.0f)), 0.0f, 1e-6f);
  EXPECT_TRUE(outside.takeTransfers().empty());
}

TEST(OutsideQueue, AnOutOfOrderQueueIsRefused) {
  FFTSCOPE_REQUIRE_DEVICE(owner);
  cl_int status = CL_SUCCESS;
  cl_command_queue queue = makeQueue(*owner, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &status);
  if (status != CL_SUCCESS) GTEST_SKIP() << "this device makes no out-of-order queues";
  EXPECT_THROW(cl::DeviceContext(owner->device(), owner->context(), queue), std::invalid_argument);
  clReleaseCommandQueue(queue);
}

}  // namespace
}  // namespace fftscope
