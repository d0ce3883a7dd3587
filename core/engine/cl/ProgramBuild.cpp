#include "engine/cl/ProgramBuild.h"

#include "engine/cl/ProgramCache.h"
#include "settings/ProcessSettings.h"

#include <chrono>
#include <cstdio>
#include <mutex>

namespace fftscope::cl {
namespace {

std::mutex& countsMutex() {
  static std::mutex m;
  return m;
}

ProgramBuildCounts& counts() {
  static ProgramBuildCounts c;
  return c;
}

void count(bool fromBinary, std::chrono::steady_clock::time_point start) {
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::lock_guard lock(countsMutex());
  ProgramBuildCounts& c = counts();
  (fromBinary ? c.fromBinary : c.fromSource) += 1;
  (fromBinary ? c.binaryMs : c.sourceMs) += ms;
}

std::string buildLog(cl_program program, cl_device_id device) {
  std::size_t size = 0;
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
  std::string log(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
  return log;
}

// The program from a kept binary; an empty handle where the driver refuses it.
Program fromBinary(cl_context context, cl_device_id device, const std::vector<std::uint8_t>& binary,
                   const std::string& options) {
  const unsigned char* bytes = binary.data();
  const std::size_t length = binary.size();
  cl_int binaryStatus = CL_SUCCESS, status = CL_SUCCESS;
  Program program(clCreateProgramWithBinary(context, 1, &device, &length, &bytes, &binaryStatus, &status));
  if (status != CL_SUCCESS || binaryStatus != CL_SUCCESS) return {};
  if (clBuildProgram(program.get(), 1, &device, options.c_str(), nullptr, nullptr) != CL_SUCCESS) return {};
  return program;
}

// A device without NVIDIA's compiler options builds without a register cap, so that plans made
// for an NVIDIA device's limits build and run there too (tests on PoCL).
std::string forDevice(const std::string& options, const DeviceInfo& device) {
  const std::string cap = " -cl-nv-maxrregcount=";
  const std::size_t at = options.find(cap);
  if (device.registerCapOption || at == std::string::npos) return options;
  const std::size_t end = options.find(' ', at + 1);
  return options.substr(0, at) + (end == std::string::npos ? "" : options.substr(end));
}

std::vector<std::uint8_t> binaryOf(cl_program program) {
  std::size_t size = 0;
  if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr) != CL_SUCCESS || size == 0)
    return {};
  std::vector<std::uint8_t> binary(size);
  unsigned char* out = binary.data();
  if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof out, &out, nullptr) != CL_SUCCESS) return {};
  return binary;
}

}  // namespace

Program buildProgram(cl_context context, const DeviceInfo& device, const ProgramKey& wanted, const std::string& source) {
  const std::string& family = wanted.family;
  const std::string options = forDevice(wanted.options, device);
  const auto start = std::chrono::steady_clock::now();
  // FFTSCOPE_PRINT_KERNELS=1: every program on stderr as it is built, for reading what runs, and
  // its build log after it (where the driver can, with the registers and spills each kernel took).
  const bool printing = processSettings().flag("FFTSCOPE_PRINT_KERNELS");
  // Some drivers keep compiled kernels themselves and hand out binaries that are compiled again on
  // loading: a CPU device's are its compiler's bitcode (PoCL keeps the machine code), NVIDIA's are
  // PTX (its compute cache keeps the machine code). There the cache costs time and gains none.
  const std::string& keep = processSettings().text("FFTSCOPE_KEEP_PROGRAMS");
  const bool driverKeepsThem = device.type == "CPU" || device.vendor.find("NVIDIA") != std::string::npos;
  const bool skipped = printing || (driverKeepsThem && keep != "all");
  const ProgramCache cache = skipped ? ProgramCache({}, 0) : ProgramCache::fromSettings();
  const ProgramFileKey key{device.name, device.vendor, device.driverVersion, wanted, source};
  if (cache.on())
    if (const auto binary = cache.load(key)) {
      Program program = fromBinary(context, device.id, *binary, options);
      if (program) {
        count(true, start);
        return program;
      }
    }

  const std::string buildOptions = printing && device.registerCapOption ? options + " -cl-nv-verbose" : options;
  if (printing)
    std::fprintf(stderr, "// ---- kernels/%s.cl (after common.cl) built on %s with: %s\n%s\n// ---- end of %s.cl\n",
                 family.c_str(), device.name.c_str(), options.c_str(), source.c_str(), family.c_str());
  const char* text = source.c_str();
  std::size_t length = source.size();
  cl_int status = CL_SUCCESS;
  Program program(clCreateProgramWithSource(context, 1, &text, &length, &status));
  check(status, "clCreateProgramWithSource(" + family + ")");
  status = clBuildProgram(program.get(), 1, &device.id, buildOptions.c_str(), nullptr, nullptr);
  if (status != CL_SUCCESS)
    throw ClError("clBuildProgram(" + family + ".cl " + options + ")", status,
                  "build log:\n" + buildLog(program.get(), device.id));
  if (printing) std::fprintf(stderr, "// ---- build log of %s.cl:\n%s\n", family.c_str(), buildLog(program.get(), device.id).c_str());
  count(false, start);
  if (cache.on()) cache.store(key, binaryOf(program.get()));
  return program;
}

ProgramBuildCounts programBuildCounts() {
  std::lock_guard lock(countsMutex());
  return counts();
}

}  // namespace fftscope::cl
