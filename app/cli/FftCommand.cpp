#include "Commands.h"
#include "FileFft.h"
#include "PhaseTimings.h"
#include "PlanOptions.h"
#include "PlanPicker.h"
#include "engine/cl/DeviceSet.h"
#include "engine/multi/BatchSplit.h"
#include "engine/runtime/RealHost.h"
#include "io/Npy.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <type_traits>

namespace fftscope::cli {
namespace {

struct FftOptions {
  std::string in, out;
  bool twoD = false;
  bool real = false;       // rfft / irfft (rfft2 / irfft2 with --2d)
  std::size_t length = 0;  // irfft: the real length (default 2·(bins − 1), as NumPy's)
  std::string devices;     // several devices: the batch split over them (complex transforms)
  bool timings = false;    // where the time went, on stderr
  PlanOptions plan;
  PlanChoiceOptions choice;
};

template <typename T>
std::vector<std::complex<T>> values(const NpyArray& array) {
  if constexpr (std::is_same_v<T, float>)
    return toComplexF32(array);
  else
    return toComplexF64(array);
}

// The batch split over --devices, in shares that follow each device's speed in a short timed run.
template <typename T>
void transformOnDevices(const FftOptions& o, const PlanDescription& d, const NpyHeader& header, PhaseTimings& timings) {
  const cl::DeviceSet set(o.devices, o.plan.device);
  timings.lap("devices", std::to_string(set.size()) + " device(s)");
  const std::vector<double> weights = multi::BatchSplit<T>::measureWeights(set.devices(), d);
  multi::BatchSplit<T> split(set.devices(), d, weights);
  timings.lap("plan", "with each device's timed run");
  const NpyArray array = readNpyData(header);
  timings.lap("read");
  const std::vector<std::complex<T>> in = values<T>(array);
  std::vector<std::complex<T>> out(in.size());
  timings.lap("convert");
  const auto start = std::chrono::steady_clock::now();
  split.run(in, out);
  const double ms = 1e3 * std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  timings.lap("upload, transform, download");
  std::string shares;
  for (std::size_t g = 0; g < set.size(); ++g)
    shares += (g ? ", " : "") + std::to_string(split.shares()[g]) + " on " + set[g].device().name;
  std::fprintf(stderr, "%s split by batch over %zu device(s) (%s): %.3f ms host to host\n", d.summary().c_str(), set.size(),
               shares.c_str(), ms);
  writeNpy(o.out, header.shape, out);
  timings.lap("write, fsync, rename");
}

// The device, or none (with a notice) when there is no OpenCL platform at all.
std::unique_ptr<cl::DeviceContext> deviceOrNone(const FftOptions& o) {
  try {
    return std::make_unique<cl::DeviceContext>(cl::chooseDevice(o.plan.device));
  } catch (const cl::NoPlatformError& e) {
    std::fprintf(stderr, "notice: %s; computing with FFTW on the CPU\n", e.what());
    return nullptr;
  }
}

template <typename T>
void realTransform(const FftOptions& o, const PlanDescription& d, const NpyHeader& header, std::vector<std::size_t> outShape,
                   PhaseTimings& timings) {
  const bool twoD = d.dimensions == 2;
  std::unique_ptr<cl::DeviceContext> context = deviceOrNone(o);
  timings.lap("devices", context ? context->device().name : "none");
  std::unique_ptr<RealPlan> plan;
  if (context && o.choice.measure())
    std::fprintf(stderr, "notice: --plan measure chooses complex plans; a real transform plans by estimate\n");
  if (context) plan = std::make_unique<RealPlan>(*context, d);  // refuses what the device cannot hold
  timings.lap("plan");
  const NpyArray array = readNpyData(header);
  timings.lap("read");
  std::uint64_t ns = 0;
  const char* run = plan ? "upload, transform, download" : "transform";
  if (d.direction == Direction::Forward) {
    std::vector<T> x;
    if constexpr (std::is_same_v<T, float>) x = toRealF32(array); else x = toRealF64(array);
    timings.lap("convert");
    const std::vector<std::complex<T>> y = plan ? runRealOnDevice<T, std::complex<T>>(*context, *plan, x, &ns)
                                                : realForwardFftw(x, d.rows, d.cols, d.batch, twoD);
    timings.lap(run);
    writeNpy(o.out, outShape, y);
  } else {
    std::vector<std::complex<T>> half;
    if constexpr (std::is_same_v<T, float>) half = toComplexF32(array); else half = toComplexF64(array);
    timings.lap("convert");
    const std::vector<T> y = plan ? runRealOnDevice<std::complex<T>, T>(*context, *plan, half, &ns)
                                  : realInverseFftw(half, d.rows, d.cols, d.batch, twoD);
    timings.lap(run);
    writeNpy(o.out, outShape, y);
  }
  timings.lap("write, fsync, rename");
  if (plan)
    std::fprintf(stderr, "%s (real) on %s: %zu kernels, %.3f ms\n", d.summary().c_str(), context->device().name.c_str(),
                 plan->passes().size(), ns * 1e-6);
}

// rfft / irfft of the rows, or rfft2 / irfft2 with --2d; the last axis is the halved one.
int runRealFft(const FftOptions& o, const NpyHeader& header, PhaseTimings& timings) {
  const bool inverse = o.plan.inverse;
  if (!inverse && header.isComplex)
    throw std::invalid_argument(o.in + ": --real transforms float32 or float64 data; this array is complex (add --inverse for irfft)");
  const auto& shape = header.shape;
  if (o.twoD && shape.size() != 2)
    throw std::invalid_argument(o.in + ": --2d needs a 2D array (rows, cols), this one has rank " + std::to_string(shape.size()));
  std::size_t n = shape.back();
  if (inverse) {
    n = o.length ? o.length : 2 * (shape.back() - 1);
    if (n == 0) throw std::invalid_argument(o.in + ": one bin per row: give the real length with --length");
    if (halfSpectrumLength(n) != shape.back())
      throw std::invalid_argument(o.in + ": rows of " + std::to_string(shape.back()) + " bins are the half spectrum of " +
                                  std::to_string(2 * (shape.back() - 1)) + " or " + std::to_string(2 * shape.back() - 1) +
                                  " reals, not --length " + std::to_string(n));
  } else if (o.length) {
    throw std::invalid_argument("--length is for the inverse (irfft): the forward length is the array's");
  }
  PlanDescription d;
  if (o.twoD)
    d = PlanDescription::twoD(shape[0], n);
  else
    d = shape.size() == 1 ? PlanDescription::oneD(n) : PlanDescription::oneD(n, shape[0]);
  d.precision = header.precision;
  applyPlanOptions(o.plan, d);
  validate(d);
  std::vector<std::size_t> outShape = shape;
  outShape.back() = inverse ? n : halfSpectrumLength(n);
  timings.lap("options", "the command line and the file's header");
  if (d.precision == Precision::F32)
    realTransform<float>(o, d, header, outShape, timings);
  else
    realTransform<double>(o, d, header, outShape, timings);
  timings.print();
  return 0;
}

int runFft(const FftOptions& o) {
  PhaseTimings timings(o.timings);
  const NpyHeader header = readNpyHeader(o.in);
  if (o.real && !o.devices.empty()) throw std::invalid_argument("--devices takes complex transforms; leave out --real");
  if (o.real) return runRealFft(o, header, timings);
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

  timings.lap("options", "the command line and the file's header");
  const bool f32 = d.precision == Precision::F32;
  if (!o.devices.empty()) {
    if (f32) transformOnDevices<float>(o, d, header, timings); else transformOnDevices<double>(o, d, header, timings);
  } else {
    const FileFft job{header, d, o.plan.device, o.choice, o.out};
    if (f32) transformFile<float>(job, timings); else transformFile<double>(job, timings);
  }
  timings.print();
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
  command->add_flag("--real", o->real,
                    "real input: rfft (rfft2 with --2d) into n/2 + 1 bins along the last axis; with --inverse, irfft");
  command->add_option("--length", o->length, "with --real --inverse: the real length (default 2 x (bins - 1))")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30));
  command->add_option("--devices", o->devices,
                      "split the batch over these devices (all, or devices as --device takes them, comma-separated), "
                      "in shares that follow each one's speed");
  command->add_flag("--timings", o->timings,
                    "print where the time went to stderr: start to main, options, devices, plan, buffers, read, "
                    "convert, upload, transform, download, write, fsync, rename, release (ms)");
  addPlanOptions(*command, o->plan);
  addPlanChoiceOptions(*command, o->choice, "auto");
  return {command, [o] { return runFft(*o); }};
}

}  // namespace fftscope::cli
