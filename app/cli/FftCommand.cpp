#include "Commands.h"
#include "PlanOptions.h"
#include "engine/FftwReference.h"
#include "engine/HostRun.h"
#include "engine/Npy.h"
#include "engine/Plan.h"

#include <cstdio>
#include <memory>

namespace fftscope::cli {
namespace {

struct FftOptions {
  std::string in, out;
  bool twoD = false;
  PlanOptions plan;
};

template <typename T>
std::vector<std::complex<T>> values(const NpyArray& array) {
  if constexpr (std::is_same_v<T, float>)
    return toComplexF32(array);
  else
    return toComplexF64(array);
}

// Transforms on the chosen OpenCL device, or with FFTW when there is no OpenCL platform at all.
// The device's limits are checked against the header's shape before the data is read.
template <typename T>
std::vector<std::complex<T>> transform(const FftOptions& o, const PlanDescription& d, const NpyHeader& header) {
  std::unique_ptr<cl::DeviceContext> context;
  try {
    context = std::make_unique<cl::DeviceContext>(cl::chooseDevice(o.plan.device));
  } catch (const cl::NoPlatformError& e) {
    std::fprintf(stderr, "notice: %s; computing with FFTW on the CPU\n", e.what());
    const std::vector<std::complex<T>> in = values<T>(readNpyData(header));
    std::vector<std::complex<T>> out(in.size());
    fftwTransform(in.data(), out.data(), d.rows, d.cols, d.batch, d.dimensions == 2, d.direction);
    return out;
  }
  checkFitsDevice(d, context->device());
  Plan plan(*context, d);
  HostRunResult<T> result = runOnHost(*context, plan, values<T>(readNpyData(header)));
  std::uint64_t ns = 0;
  for (const TimingRecord& t : result.timings) ns += t.nanoseconds;
  std::fprintf(stderr, "%s on %s: %zu kernels, %.3f ms\n", d.summary().c_str(), context->device().name.c_str(),
               result.timings.size(), ns * 1e-6);
  return std::move(result.output);
}

int runFft(const FftOptions& o) {
  const NpyHeader header = readNpyHeader(o.in);
  PlanDescription d;
  const auto& shape = header.shape;
  if (o.twoD) {
    if (shape.size() != 2)
      throw std::invalid_argument(o.in + ": --2d needs a 2D array (rows, cols), this one has rank " +
                                  std::to_string(shape.size()));
    d = PlanDescription::twoD(shape[0], shape[1]);
  } else {
    d = shape.size() == 1 ? PlanDescription::oneD(shape[0]) : PlanDescription::oneD(shape[1], shape[0]);
  }
  // The data's precision unless --precision says otherwise.
  d.precision = header.precision;
  applyPlanOptions(o.plan, d);
  validate(d);

  if (d.precision == Precision::F32)
    writeNpy(o.out, shape, transform<float>(o, d, header));
  else
    writeNpy(o.out, shape, transform<double>(o, d, header));
  return 0;
}

}  // namespace

Command addFftCommand(CLI::App& app) {
  CLI::App* command =
      app.add_subcommand("fft", "transform a NumPy array: each row of a (batch, n) array, or one 2D array with --2d");
  auto o = std::make_shared<FftOptions>();
  command->add_option("--in", o->in, "the input .npy (complex64, complex128, float32 or float64)")->required();
  command->add_option("--out", o->out, "the output .npy")->required();
  command->add_flag("--2d", o->twoD, "transform a (rows, cols) array in 2D");
  addPlanOptions(*command, o->plan);
  return {command, [o] { return runFft(*o); }};
}

}  // namespace fftscope::cli
