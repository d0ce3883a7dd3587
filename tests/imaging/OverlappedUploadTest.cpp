// The first analysis's overlapped uploads (pinned chunks on a queue of their own, two planes in
// flight) give the very spectra of a plain blocking upload and one forward transform per plane.
#include "DeviceFixture.h"
#include "engine/cl/StagedUpload.h"
#include "engine/runtime/RealPlan.h"
#include "imaging/device/DeviceSpectralFilter.h"

#include <gtest/gtest.h>

#include <complex>
#include <cstring>

namespace fftscope {
namespace {

std::vector<float> planeOf(std::size_t n, unsigned seed) {
  std::vector<float> v(n);
  unsigned x = seed * 2654435761u + 1;
  for (float& f : v) {
    x = x * 1664525u + 1013904223u;
    f = float(x >> 8) / float(1u << 24) * 255.0f;
  }
  return v;
}

TEST(OverlappedUpload, SpectraEqualThoseOfBlockingUploads) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  // 1100 x 1030 floats: each plane takes several 4 MiB chunks, the ring comes round, and five
  // planes reuse each device buffer twice.
  const std::size_t rows = 1100, cols = 1030, planes = 5;
  std::vector<std::vector<float>> data;
  for (std::size_t p = 0; p < planes; ++p) data.push_back(planeOf(rows * cols, unsigned(p)));
  DeviceSpectralFilter filter(*context, rows, cols);
  filter.setPlanes(data);

  RealPlan forward(*context, PlanDescription::twoD(rows, cols));
  cl::Buffer in = context->buffer(rows * cols * sizeof(float));
  cl::Buffer out = context->buffer(forward.outputBytes());
  for (std::size_t p = 0; p < planes; ++p) {
    context->write(in.get(), data[p].data(), rows * cols * sizeof(float));
    forward.enqueue(in.get(), out.get()).wait();
    std::vector<std::complex<float>> expected(forward.outputBytes() / sizeof(std::complex<float>));
    context->read(out.get(), expected.data(), forward.outputBytes());
    const std::vector<std::complex<float>> got = filter.halfSpectrum(p);
    ASSERT_EQ(got.size(), expected.size());
    EXPECT_EQ(std::memcmp(got.data(), expected.data(), got.size() * sizeof(got[0])), 0) << "plane " << p;
  }
}

TEST(OverlappedUpload, StagedWritesArriveWholeThroughASmallRing) {
  FFTSCOPE_REQUIRE_DEVICE(context);
  // Chunks of 1000 bytes through two slots: every size around a chunk's edge.
  cl::StagedUpload upload(*context, 1000, 2);
  for (std::size_t bytes : {std::size_t{4}, std::size_t{1000}, std::size_t{1004}, std::size_t{5996}}) {
    std::vector<float> values = planeOf(bytes / 4, unsigned(bytes));
    cl::Buffer b = context->buffer(bytes);
    cl::Event done = upload.write(b.get(), values.data(), bytes);
    const cl_event e = done.get();
    cl::check(clWaitForEvents(1, &e), "clWaitForEvents");
    std::vector<float> back(values.size());
    context->read(b.get(), back.data(), bytes);
    EXPECT_EQ(back, values) << bytes << " bytes";
  }
  upload.finish();
}

}  // namespace
}  // namespace fftscope
