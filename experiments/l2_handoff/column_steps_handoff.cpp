// Times 2D columns of 4096 points (4096 rows, COLS columns, f32 forward) as two launches of
// column_steps_handoff.cl and as one launch that hands the intermediate over through the L2
// cache, for each setting asked. The two launches' result is checked against a DFT of six
// columns; each setting's whole result against theirs, in 5 launches before its timing and one
// after, each into output and ring buffers filled with NaN first. A measurement outside the
// engine: README.md here.
//   column_steps_handoff COLS ROUNDS KERNEL_DIR FENCE [SUBS,..] [RING,..] [LAG,..]
// It speaks to OpenCL itself rather than through the engine's DeviceContext, whose programs are
// the engine's embedded kernel families: this kernel is no family, and the program stays one file
// that builds with one command on any machine with an OpenCL loader (tests/CMakeLists.txt builds
// it too, and runs it on PoCL).
// KERNEL_DIR holds common.cl (kernels/) and column_steps_handoff.cl. FENCE: mem (OpenCL 1.2
// mem_fence, which NVIDIA builds with work-group scope), one (a device-scope release by one
// work-item after the group's barrier) or all (by every work-item). RING 0 is a slot per block.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

void check(cl_int err, const char* what) {
  if (err == CL_SUCCESS) return;
  std::fprintf(stderr, "%s: OpenCL error %d\n", what, err);
  std::exit(1);
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<int> listOf(const char* text) {
  std::vector<int> out;
  std::stringstream s(text);
  for (std::string item; std::getline(s, item, ',');) out.push_back(std::atoi(item.c_str()));
  return out;
}

struct Device {
  cl_device_id id{};
  cl_context context{};
  cl_command_queue queue{};
};

cl_kernel build(const Device& d, const std::string& source, const std::string& options) {
  const char* text = source.c_str();
  cl_int err;
  cl_program program = clCreateProgramWithSource(d.context, 1, &text, nullptr, &err);
  check(err, "clCreateProgramWithSource");
  if (clBuildProgram(program, 1, &d.id, options.c_str(), nullptr, nullptr) != CL_SUCCESS) {
    std::size_t size = 0;
    clGetProgramBuildInfo(program, d.id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, ' ');
    clGetProgramBuildInfo(program, d.id, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    std::fprintf(stderr, "build failed (%s):\n%s\n", options.c_str(), log.c_str());
    std::exit(1);
  }
  cl_kernel kernel = clCreateKernel(program, "column_steps", &err);
  check(err, "clCreateKernel");
  return kernel;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: column_steps_handoff COLS ROUNDS KERNEL_DIR mem|one|all [SUBS,..] [RING,..] [LAG,..]\n");
    return 2;
  }
  setvbuf(stdout, nullptr, _IOLBF, 0);
  const int cols = std::atoi(argv[1]), rounds = std::atoi(argv[2]), rows = 4096, lanes = 32;
  const std::string dir = argv[3], fence = argv[4];
  const std::vector<int> subsList = listOf(argc > 5 ? argv[5] : "1,2,4,8");
  const std::vector<int> ringList = listOf(argc > 6 ? argv[6] : "0");
  const std::vector<int> lagList = listOf(argc > 7 ? argv[7] : "6,12,24");
  const int blocks = cols / lanes;
  if (cols < lanes || cols % lanes != 0 || rounds < 1) {
    std::fprintf(stderr, "COLS must be a positive multiple of %d and ROUNDS at least 1\n", lanes);
    return 2;
  }
  bool allMatched = true;

  Device d;
  cl_platform_id platforms[8];
  cl_uint count = 0;
  check(clGetPlatformIDs(8, platforms, &count), "clGetPlatformIDs");
  cl_int err = CL_DEVICE_NOT_FOUND;
  for (cl_uint i = 0; i < count && err != CL_SUCCESS; ++i)
    err = clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_ALL, 1, &d.id, nullptr);
  check(err, "clGetDeviceIDs");
  char name[256];
  clGetDeviceInfo(d.id, CL_DEVICE_NAME, sizeof name, name, nullptr);
  std::printf("device %s, columns of %d, %d columns, fence %s\n", name, rows, cols, fence.c_str());
  d.context = clCreateContext(nullptr, 1, &d.id, nullptr, nullptr, &err);
  check(err, "clCreateContext");
  d.queue = clCreateCommandQueueWithProperties(d.context, d.id, nullptr, &err);
  check(err, "clCreateCommandQueue");
  const std::string source = slurp(dir + "/common.cl") + slurp(dir + "/column_steps_handoff.cl");

  const std::size_t points = static_cast<std::size_t>(rows) * cols, bytes = points * 8;
  std::vector<float> input(2 * points);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> uniform(-1, 1);
  for (float& v : input) v = uniform(random);
  std::vector<float> twiddles(2 * rows);
  std::vector<std::complex<double>> roots(rows);
  for (int e = 0; e < rows; ++e) {
    const long double angle = -2.0L * 3.14159265358979323846264338327950288L * e / rows;
    twiddles[2 * e] = static_cast<float>(std::cos(angle));
    twiddles[2 * e + 1] = static_cast<float>(std::sin(angle));
    roots[e] = {static_cast<double>(std::cos(angle)), static_cast<double>(std::sin(angle))};
  }
  auto buffer = [&](std::size_t size, void* host) {
    cl_mem m = clCreateBuffer(d.context, CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0), size, host, &err);
    check(err, "clCreateBuffer");
    return m;
  };
  cl_mem in = buffer(bytes, input.data()), out = buffer(bytes, nullptr), full = buffer(bytes, nullptr);
  cl_mem table = buffer(twiddles.size() * 4, twiddles.data());
  cl_mem counters = buffer(4 * (1 + 2 * blocks), nullptr);

  // Six columns against a DFT in double; false where the relative L2 error passes 1e-5.
  auto matches = [&](const std::string& label) {
    std::vector<float> result(2 * points);
    check(clEnqueueReadBuffer(d.queue, out, CL_TRUE, 0, bytes, result.data(), 0, nullptr, nullptr), "read");
    double num = 0, den = 0;
    for (int col : {0, 1, 31, 32, cols / 2 + 5, cols - 1})
      for (int k = 0; k < rows; ++k) {
        std::complex<double> sum = 0;
        for (int j = 0; j < rows; ++j) {
          const std::size_t at = 2 * (static_cast<std::size_t>(j) * cols + col);
          sum += std::complex<double>(input[at], input[at + 1]) * roots[static_cast<long>(j) * k % rows];
        }
        const std::size_t at = 2 * (static_cast<std::size_t>(k) * cols + col);
        num += std::norm(std::complex<double>(result[at], result[at + 1]) - sum);
        den += std::norm(sum);
      }
    const double error = std::sqrt(num / den);
    std::printf("%-44s relative L2 error %.2e %s\n", label.c_str(), error, error < 1e-5 ? "ok" : "WRONG");
    return error < 1e-5;
  };
  // The host clock around 10 back-to-back runs, median of `rounds` after 3 warm-ups.
  auto hostMs = [&](auto runOnce) {
    for (int w = 0; w < 3; ++w) runOnce();
    clFinish(d.queue);
    std::vector<double> ms;
    for (int r = 0; r < rounds; ++r) {
      const auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < 10; ++i) runOnce();
      clFinish(d.queue);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / 10);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
  };
  auto setArgs = [&](cl_kernel k, cl_mem ring) {
    check(clSetKernelArg(k, 0, sizeof in, &in), "arg");
    check(clSetKernelArg(k, 1, sizeof out, &out), "arg");
    check(clSetKernelArg(k, 2, sizeof ring, &ring), "arg");
    check(clSetKernelArg(k, 3, sizeof table, &table), "arg");
    check(clSetKernelArg(k, 4, sizeof counters, &counters), "arg");
  };
  const std::size_t group = lanes * 8, stepGroups = static_cast<std::size_t>(blocks) * 64;
  std::ostringstream common;
  common << "-D LANES=" << lanes << " -D COLS=" << cols;

  const double copyMs = hostMs([&] { check(clEnqueueCopyBuffer(d.queue, in, full, 0, 0, bytes, 0, nullptr, nullptr), "copy"); });
  std::printf("copy buffer %.4f ms (%.2f TB/s)\n", copyMs, 2.0 * bytes / copyMs / 1e9);
  // Copies small enough for the L2 cache against the whole: each copy's own time by profiling
  // events (median of 21), bytes read and written.
  {
    const cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue timed = clCreateCommandQueueWithProperties(d.context, d.id, props, &err);
    check(err, "profiling queue");
    for (std::size_t mib : {4, 8, 16, 32, 64}) {
      const std::size_t size = mib << 20;
      if (size > bytes) break;
      std::vector<double> ms;
      for (int i = 0; i < 24; ++i) {
        cl_event e;
        check(clEnqueueCopyBuffer(timed, in, full, 0, 0, size, 0, nullptr, &e), "copy");
        clWaitForEvents(1, &e);
        cl_ulong start = 0, end = 0;
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr);
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr);
        clReleaseEvent(e);
        if (i >= 3) ms.push_back((end - start) * 1e-6);
      }
      std::sort(ms.begin(), ms.end());
      std::printf("copy of %zu MiB, kernel time %.4f ms (%.2f TB/s)\n", size >> 20, ms[ms.size() / 2],
                  2.0 * size / ms[ms.size() / 2] / 1e9);
    }
    clReleaseCommandQueue(timed);
  }

  cl_kernel two = build(d, source, common.str() + " -D RING=1 -D LAG=1 -D SUBS=1 -D HANDOFF=0 -D SLOT_QUAL=");
  setArgs(two, full);
  auto launchStep = [&](cl_uint step) {
    const std::size_t global = stepGroups * group;
    check(clSetKernelArg(two, 5, sizeof step, &step), "arg");
    check(clEnqueueNDRangeKernel(d.queue, two, 1, nullptr, &global, &group, 0, nullptr, nullptr), "launch");
  };
  auto twoLaunches = [&] { launchStep(0), launchStep(1); };
  twoLaunches();
  if (!matches("two launches")) return 1;
  std::vector<float> reference(2 * points);
  check(clEnqueueReadBuffer(d.queue, out, CL_TRUE, 0, bytes, reference.data(), 0, nullptr, nullptr), "read");
  const float nan = std::nanf("");
  auto poison = [&](cl_mem m, std::size_t size) {
    check(clEnqueueFillBuffer(d.queue, m, &nan, sizeof nan, 0, size, 0, nullptr, nullptr), "fill");
  };
  // The whole output against the two launches' (the same arithmetic; a NaN fails).
  auto sameAsTwo = [&](const std::string& label) {
    std::vector<float> result(2 * points);
    check(clEnqueueReadBuffer(d.queue, out, CL_TRUE, 0, bytes, result.data(), 0, nullptr, nullptr), "read");
    double num = 0, den = 0;
    for (std::size_t i = 0; i < result.size(); ++i) {
      const double diff = static_cast<double>(result[i]) - reference[i];
      num += diff * diff;
      den += static_cast<double>(reference[i]) * reference[i];
    }
    const double error = std::sqrt(num / den);
    const bool ok = error < 1e-6;  // false for NaN too
    if (!ok) std::printf("%-44s against two launches: relative L2 error %.2e WRONG\n", label.c_str(), error);
    allMatched = allMatched && ok;
    return ok;
  };
  const double twoMs = hostMs(twoLaunches);
  std::printf("two launches: %.4f ms (%.0f%% of copy)\n", twoMs, 100 * copyMs / twoMs);
  for (cl_uint step = 0; step < 2; ++step)
    std::printf("  step %c alone: %.4f ms\n", step ? 'B' : 'A', hostMs([&] { launchStep(step); }));

  const bool groupScope = fence == "mem";
  const std::string scope = ",memory_scope_device)";
  const std::string release = groupScope ? "mem_fence(CLK_GLOBAL_MEM_FENCE)"
                                         : "atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE,memory_order_release" + scope;
  const std::string acquire = groupScope ? "mem_fence(CLK_GLOBAL_MEM_FENCE)"
                                         : "atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE,memory_order_acquire" + scope;
  for (int subs : subsList)
    for (int ringAsked : ringList)
      for (int lag : lagList) {
        const int ring = ringAsked > 0 ? ringAsked : blocks;
        if (subs < 1 || 64 % subs != 0 || lag < 1 || lag >= ring || lag >= blocks) {
          std::printf("skipped: subs %d ring %d lag %d (subs must divide 64, 1 <= lag < ring, lag < %d blocks)\n",
                      subs, ring, lag, blocks);
          continue;
        }
        std::ostringstream o;
        o << common.str() << " -D RING=" << ring << " -D LAG=" << lag << " -D SUBS=" << subs
          << " -D HANDOFF=1 -D SLOT_QUAL=volatile -D FENCE_REL=" << release << " -D FENCE_ACQ=" << acquire
          << " -D FENCE_ALL=" << (fence == "all" ? 1 : 0) << (groupScope ? "" : " -cl-std=CL3.0");
        cl_kernel one = build(d, source, o.str());
        // Its own ring, never the two launches' scratch, which holds their intermediate.
        const std::size_t ringBytes = static_cast<std::size_t>(ring) * 64 * 64 * lanes * 8;
        cl_mem ringBuffer = buffer(ringBytes, nullptr);
        const cl_uint zero = 0;
        check(clEnqueueFillBuffer(d.queue, counters, &zero, 4, 0, 4 * (1 + 2 * blocks), 0, nullptr, nullptr), "fill");
        setArgs(one, ringBuffer);
        cl_uint epoch = 0;
        const std::size_t global = 2 * stepGroups / subs * group;
        auto oneLaunch = [&] {
          check(clSetKernelArg(one, 5, sizeof epoch, &epoch), "arg");
          check(clEnqueueNDRangeKernel(d.queue, one, 1, nullptr, &global, &group, 0, nullptr, nullptr), "launch");
          ++epoch;
        };
        std::ostringstream label;
        label << "one launch subs " << subs << " ring " << ring << " lag " << lag;
        auto checkedLaunch = [&](const std::string& what) {
          poison(out, bytes);
          poison(ringBuffer, ringBytes);
          oneLaunch();
          return sameAsTwo(label.str() + what);
        };
        bool ok = true;
        for (int i = 0; i < 5; ++i) ok = checkedLaunch(" launch " + std::to_string(i)) && ok;
        const double ms = hostMs(oneLaunch);
        ok = checkedLaunch(" after timing") && ok;
        std::printf("%s: %.4f ms (%.0f%% of copy)%s\n", label.str().c_str(), ms, 100 * copyMs / ms,
                    ok ? ", 6 launches as two launches" : ", WRONG");
        clReleaseMemObject(ringBuffer);
        clReleaseKernel(one);
      }
  return allMatched ? 0 : 1;
}
