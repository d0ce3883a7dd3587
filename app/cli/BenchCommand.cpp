// Times each variant with OpenCL profiling events after checking its output against FFTW, next
// to the device's copy bandwidth measured in the same run. Median and quartiles of repeats.
#include "Commands.h"
#include "Json.h"
#include "PlanOptions.h"
#include "engine/Accuracy.h"
#include "engine/FftwReference.h"
#include "engine/HostRun.h"
#include "engine/KernelSources.h"
#include "engine/Plan.h"
#include "engine/Verify.h"
#include "engine/cl/KernelArgs.h"
#include "engine/cl/Profiling.h"
#include "engine/peers/FftwTiming.h"
#include "engine/peers/PeerFft.h"

#include <functional>
#include <thread>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace fftscope::cli {
namespace {

struct Quartiles {
  double q1, median, q3;
};

Quartiles quartiles(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  auto at = [&](double f) { return v[static_cast<std::size_t>(std::lround(f * (v.size() - 1)))]; };
  return {at(0.25), at(0.5), at(0.75)};
}

struct Shape {
  std::size_t rows = 1, cols = 0;
  bool twoD = false;
};

std::vector<Shape> parseShapes(const std::string& text) {
  std::vector<Shape> shapes;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    Shape s;
    auto x = item.find('x');
    try {
      if (x == std::string::npos) {
        s.cols = std::stoull(item);
      } else {
        s.twoD = true;
        s.rows = std::stoull(item.substr(0, x));
        s.cols = std::stoull(item.substr(x + 1));
      }
    } catch (const std::exception&) {
      throw std::invalid_argument("--sizes takes sizes like 1024,4096x4096, not '" + item + "'");
    }
    shapes.push_back(s);
  }
  return shapes;
}

// Kernel time of one enqueue, in nanoseconds, repeated after a warm-up.
std::vector<double> timeRuns(Plan& plan, cl_mem in, cl_mem out, int repeat) {
  for (int i = 0; i < 3; ++i) plan.enqueue(in, out).wait();
  std::vector<double> ns;
  for (int i = 0; i < repeat; ++i) {
    double sum = 0;
    for (const TimingRecord& t : plan.enqueue(in, out).timings()) sum += static_cast<double>(t.nanoseconds);
    ns.push_back(sum);
  }
  return ns;
}

// Milliseconds per transform by a host clock around 10 back-to-back enqueues and one clFinish,
// repeated: the same measure for the engine and for the peers, whose launches give no events.
Quartiles hostClock(const std::function<void()>& enqueue, cl_command_queue queue, int rounds) {
  for (int i = 0; i < 3; ++i) enqueue();
  cl::check(clFinish(queue), "clFinish");
  std::vector<double> ms;
  for (int r = 0; r < rounds; ++r) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 10; ++i) enqueue();
    cl::check(clFinish(queue), "clFinish");
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / 10);
  }
  return quartiles(ms);
}

// A peer's first transform against FFTW before it is timed. Peers compute their own twiddles, so
// the bound is twice the gate of the engine's computed twiddles.
template <typename T>
bool checkPeerAgainstFftw(cl::DeviceContext& context, const std::string& name, const PlanDescription& d, double& error) {
  PlanDescription one = d;
  one.batch = 1;
  std::unique_ptr<PeerFft> peer = makePeer(name, context, one);
  std::vector<std::complex<T>> x;
  if constexpr (std::is_same_v<T, float>)
    x = randomComplexF32(one.elements(), 9);
  else
    x = randomComplexF64(one.elements(), 9);
  cl::Buffer in = context.buffer(one.bytes()), out = context.buffer(one.bytes());
  context.write(in.get(), x.data(), one.bytes());
  peer->enqueue(in.get(), out.get());
  std::vector<std::complex<T>> y(x.size());
  context.read(out.get(), y.data(), one.bytes());
  std::vector<std::complex<double>> xd(x.begin(), x.end()), ref(x.size());
  fftwTransform(xd.data(), ref.data(), one.rows, one.cols, 1, one.dimensions == 2, one.direction);
  std::vector<std::complex<long double>> refl(ref.begin(), ref.end());
  error = measureError(y, refl).relL2;
  return error <= 2 * l2Gate(one.precision, one.points(), GateKind::Transcendental);
}

// The copy kernel over the same bytes: the bandwidth ceiling of this run.
double copyBandwidth(cl::DeviceContext& context, cl_mem in, cl_mem out, std::size_t bytes, Precision precision,
                     int repeat) {
  std::string options = precision == Precision::F64 ? "-D DOUBLE_PRECISION" : "";
  cl::Kernel kernel = context.kernel("copy", options, "copy");
  cl_uint count = static_cast<cl_uint>(bytes / bytesPerComplex(precision));
  cl::setArgs(kernel.get(), "copy", in, out, count);
  std::size_t local = std::min<std::size_t>(256, context.device().maxWorkGroupSize);
  std::size_t global = (count + local - 1) / local * local;
  std::vector<double> ns;
  for (int i = 0; i < repeat + 3; ++i) {
    cl_event e = nullptr;
    cl::check(clEnqueueNDRangeKernel(context.queue(), kernel.get(), 1, nullptr, &global, &local, 0, nullptr, &e),
              "clEnqueueNDRangeKernel(copy)");
    cl::Event event(e);
    double elapsed = static_cast<double>(cl::eventNanoseconds(e));
    if (i >= 3) ns.push_back(elapsed);
  }
  return 2.0 * bytes / quartiles(ns).median;  // bytes per ns = GB/s
}

// Checks the plan's first transform against FFTW before anything is timed.
template <typename T>
bool checkAgainstFftw(cl::DeviceContext& context, const PlanDescription& d, double& error) {
  PlanDescription one = d;
  one.batch = 1;
  Plan plan(context, one);
  std::vector<std::complex<T>> x;
  if constexpr (std::is_same_v<T, float>)
    x = randomComplexF32(one.elements(), 7);
  else
    x = randomComplexF64(one.elements(), 7);
  HostRunResult<T> r = runOnHost(context, plan, x);
  std::vector<std::complex<double>> ref(x.size());
  std::vector<std::complex<double>> xd(x.begin(), x.end());
  fftwTransform(xd.data(), ref.data(), one.rows, one.cols, 1, one.dimensions == 2, one.direction);
  std::vector<std::complex<long double>> refl(ref.begin(), ref.end());
  error = measureError(r.output, refl).relL2;
  return error <= gatesFor(one).l2 * 1.5;  // FFTW double as the reference adds its own small error
}

}  // namespace

int benchCommand(const Words& words) {
  Args args(words, {"variant", "sizes", "batch-points", "precision", "repeat", "device", "twiddle", "transpose", "peers"},
            {"json"});
  cl::DeviceContext context(cl::chooseDevice(args.value("device")));
  const bool gpu = context.device().type == "GPU";
  const std::size_t batchPoints = static_cast<std::size_t>(args.integer("batch-points", gpu ? 1 << 24 : 1 << 20));
  const int repeat = static_cast<int>(args.integer("repeat", gpu ? 50 : 5));
  const Precision precision = parsePrecision(args.value("precision", "f32"));
  std::vector<Variant> variants = allVariants();
  if (args.value("variant", "all") != "all") variants = {parseVariant(args.value("variant"))};
  std::vector<std::string> peers;
  if (args.has("peers")) {
    std::stringstream list(args.value("peers") == "all" ? "clfft,vkfft,fftw" : args.value("peers"));
    for (std::string name; std::getline(list, name, ',');) {
      if (name != "clfft" && name != "vkfft" && name != "fftw")
        throw std::invalid_argument("unknown peer '" + name + "' (accepted: clfft, vkfft, fftw, all)");
      peers.push_back(name);
    }
  }
  std::vector<Shape> shapes = parseShapes(args.value("sizes", gpu ? "256,1024,4096,16384,1048576,1024x1024,4096x4096" : "256,4096,65536,512x512"));

  const bool json = args.has("json");
  if (!json)
    std::printf("bench on %s (%s), %s, median of %d\n%-6s %-14s %8s %10s %10s %10s %9s %9s %9s %10s %9s  %s\n",
                context.device().name.c_str(), context.device().driverVersion.c_str(),
                std::string(toString(precision)).c_str(), repeat, "var", "shape", "batch", "ms", "q1 ms", "q3 ms",
                "GFLOP/s", "GB/s", "copy GB/s", "floor ms", "wall ms", "passes");
  std::string rows;
  for (const Shape& s : shapes) {
    PlanDescription d = s.twoD ? PlanDescription::twoD(s.rows, s.cols) : PlanDescription::oneD(s.cols);
    d.batch = std::max<std::size_t>(1, batchPoints / d.points());
    d.precision = precision;
    if (args.has("twiddle")) d.twiddle = parseTwiddleMode(args.value("twiddle"));
    if (args.has("transpose")) d.transpose = parseTransposeMode(args.value("transpose"));
    validate(d);
    cl::Buffer in = context.buffer(d.bytes()), out = context.buffer(d.bytes());
    {
      std::vector<unsigned char> noise(d.bytes());
      std::vector<std::complex<float>> values = randomComplexF32(d.bytes() / 8, 11);
      std::memcpy(noise.data(), values.data(), d.bytes());  // random bits of the right size, never zeros
      context.write(in.get(), noise.data(), d.bytes());
    }
    double copyGBs = copyBandwidth(context, in.get(), out.get(), d.bytes(), precision, repeat);
    double floorMs = 2.0 * d.bytes() / copyGBs * 1e-6;
    for (Variant v : variants) {
      d.variant = v;
      double error = 0;
      bool ok = precision == Precision::F32 ? checkAgainstFftw<float>(context, d, error)
                                            : checkAgainstFftw<double>(context, d, error);
      Plan plan(context, d);
      std::string shape = s.twoD ? std::to_string(s.rows) + "x" + std::to_string(s.cols) : std::to_string(s.cols);
      if (!ok) {
        std::printf("%-6s %-14s skipped: output differs from FFTW (relative L2 error %.3g)\n",
                    std::string(toString(v)).c_str(), shape.c_str(), error);
        continue;
      }
      Quartiles q = quartiles(timeRuns(plan, in.get(), out.get(), repeat));
      Quartiles wall = hostClock([&] { plan.enqueue(in.get(), out.get()); }, context.queue(), std::max(3, repeat / 5));
      double bytes = 0;
      for (const PassInfo& p : plan.passes()) bytes += static_cast<double>(p.bytesRead + p.bytesWritten);
      double flops = 5.0 * d.elements() * std::log2(static_cast<double>(d.points()));
      double gflops = flops / q.median, gbs = bytes / q.median;
      if (json) {
        JsonObject o;
        o.add("variant", toString(v)).add("rows", d.rows).add("cols", d.cols).add("batch", d.batch);
        o.add("precision", toString(precision)).add("median_ms", q.median * 1e-6).add("q1_ms", q.q1 * 1e-6);
        o.add("q3_ms", q.q3 * 1e-6).add("gflops", gflops).add("gbs", gbs).add("copy_gbs", copyGBs);
        o.add("floor_ms", floorMs).add("wall_ms", wall.median).add("passes", plan.passes().size()).add("rel_l2", error);
        rows += (rows.empty() ? "" : ",\n  ") + o.str();
      } else {
        std::printf("%-6s %-14s %8zu %10.4f %10.4f %10.4f %9.1f %9.1f %9.1f %10.4f %9.4f  %zu\n",
                    std::string(toString(v)).c_str(), shape.c_str(), d.batch, q.median * 1e-6, q.q1 * 1e-6,
                    q.q3 * 1e-6, gflops, gbs, copyGBs, floorMs, wall.median, plan.passes().size());
        std::fflush(stdout);
      }
    }
    for (const std::string& name : peers) {
      if (name == "fftw") {
        // On the host's cores, from host memory: the CPU reference, not a device peer.
        Quartiles wall = quartiles(timeFftw(d, std::max(3, repeat / 5)));
        double flops = 5.0 * d.elements() * std::log2(static_cast<double>(d.points()));
        std::string shape = s.twoD ? std::to_string(s.rows) + "x" + std::to_string(s.cols) : std::to_string(s.cols);
        if (json) {
          JsonObject o;
          o.add("variant", "fftw").add("rows", d.rows).add("cols", d.cols).add("batch", d.batch);
          o.add("precision", toString(precision)).add("wall_ms", wall.median).add("wall_q1_ms", wall.q1);
          o.add("wall_q3_ms", wall.q3).add("gflops", flops / (wall.median * 1e6)).add("threads", std::thread::hardware_concurrency());
          rows += (rows.empty() ? "" : ",\n  ") + o.str();
        } else {
          std::printf("%-6s %-14s %8zu %10s %10s %10s %9.1f %9s %9s %10s %9.4f  CPU, %u threads\n", "fftw",
                      shape.c_str(), d.batch, "-", "-", "-", flops / (wall.median * 1e6), "-", "-", "-", wall.median,
                      std::thread::hardware_concurrency());
          std::fflush(stdout);
        }
        continue;
      }
      std::string shape = s.twoD ? std::to_string(s.rows) + "x" + std::to_string(s.cols) : std::to_string(s.cols);
      double error = 0;
      bool ok = false;
      std::unique_ptr<PeerFft> peer;
      try {
        ok = precision == Precision::F32 ? checkPeerAgainstFftw<float>(context, name, d, error)
                                         : checkPeerAgainstFftw<double>(context, name, d, error);
        if (ok) peer = makePeer(name, context, d);
      } catch (const std::exception& e) {
        std::printf("%-6s %-14s skipped: %s\n", name.c_str(), shape.c_str(), e.what());
        continue;
      }
      if (!ok) {
        std::printf("%-6s %-14s skipped: output differs from FFTW (relative L2 error %.3g)\n", name.c_str(),
                    shape.c_str(), error);
        continue;
      }
      Quartiles wall = hostClock([&] { peer->enqueue(in.get(), out.get()); }, context.queue(), std::max(3, repeat / 5));
      double flops = 5.0 * d.elements() * std::log2(static_cast<double>(d.points()));
      if (json) {
        JsonObject o;
        o.add("variant", name).add("rows", d.rows).add("cols", d.cols).add("batch", d.batch);
        o.add("precision", toString(precision)).add("wall_ms", wall.median).add("wall_q1_ms", wall.q1);
        o.add("wall_q3_ms", wall.q3).add("gflops", flops / (wall.median * 1e6)).add("rel_l2", error);
        rows += (rows.empty() ? "" : ",\n  ") + o.str();
      } else {
        std::printf("%-6s %-14s %8zu %10s %10s %10s %9.1f %9s %9.1f %10.4f %9.4f  peer, L2 %.2g\n", name.c_str(),
                    shape.c_str(), d.batch, "-", "-", "-", flops / (wall.median * 1e6), "-", copyGBs, floorMs,
                    wall.median, error);
        std::fflush(stdout);
      }
    }
  }
  if (json)
    std::printf("{\"device\": %s, \"driver\": %s, \"rows\": [\n  %s\n]}\n", jsonString(context.device().name).c_str(),
                jsonString(context.device().driverVersion).c_str(), rows.c_str());
  return 0;
}

}  // namespace fftscope::cli
