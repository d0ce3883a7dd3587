#include "Commands.h"
#include "PlanOptions.h"
#include "engine/FftwReference.h"
#include "engine/HostRun.h"
#include "engine/Npy.h"
#include "engine/Plan.h"

#include <cstdio>

namespace fftscope::cli {
namespace {

// Transforms on the chosen OpenCL device, or with FFTW when there is no OpenCL platform at all.
template <typename T>
std::vector<std::complex<T>> transform(const Args& args, const PlanDescription& d, const std::vector<std::complex<T>>& in) {
  try {
    cl::DeviceContext context(cl::chooseDevice(args.value("device")));
    Plan plan(context, d);
    HostRunResult<T> result = runOnHost(context, plan, in);
    std::uint64_t ns = 0;
    for (const TimingRecord& t : result.timings) ns += t.nanoseconds;
    std::fprintf(stderr, "%s on %s: %zu kernels, %.3f ms\n", d.summary().c_str(), context.device().name.c_str(),
                 result.timings.size(), ns * 1e-6);
    return std::move(result.output);
  } catch (const cl::NoPlatformError& e) {
    std::fprintf(stderr, "notice: %s; computing with FFTW on the CPU\n", e.what());
    std::vector<std::complex<T>> out(in.size());
    fftwTransform(in.data(), out.data(), d.rows, d.cols, d.batch, d.dimensions == 2, d.direction);
    return out;
  }
}

}  // namespace

int fftCommand(const Words& words) {
  auto valueOptions = kPlanValueOptions;
  valueOptions.insert({"in", "out"});
  Args args(words, valueOptions, {"inverse", "2d"});
  const std::string inPath = args.required("in");
  const std::string outPath = args.required("out");
  NpyArray array = readNpy(inPath);

  PlanDescription d;
  const auto& shape = array.shape;
  if (args.has("2d")) {
    if (shape.size() != 2)
      throw std::invalid_argument(inPath + ": --2d needs a 2D array (rows, cols), this one has rank " +
                                  std::to_string(shape.size()));
    d = PlanDescription::twoD(shape[0], shape[1]);
  } else {
    d = shape.size() == 1 ? PlanDescription::oneD(shape[0]) : PlanDescription::oneD(shape[1], shape[0]);
  }
  // The data's precision unless --precision says otherwise.
  d.precision = array.precision;
  applyPlanOptions(args, d);
  validate(d);

  if (d.precision == Precision::F32)
    writeNpy(outPath, shape, transform(args, d, toComplexF32(array)));
  else
    writeNpy(outPath, shape, transform(args, d, toComplexF64(array)));
  return 0;
}

}  // namespace fftscope::cli
