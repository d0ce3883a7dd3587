// fftscope-cli: the FFTScope engine from the command line.
#include "Commands.h"
#include "engine/cl/ClError.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>

namespace {

const char* kUsage = R"(usage: fftscope-cli COMMAND [options]

commands:
  devices [--json]                        OpenCL platforms and devices with their limits
  fft --in A.npy --out B.npy [--inverse] [--2d] [--variant r2|r4|r8|r16|local|auto]
      [--twiddle table|sincos|native|recurrence] [--transpose naive|tiled|padded|none]
      [--precision f32|f64] [--device D]  transform a NumPy array (rows, or one 2D array)
  verify [--variant NAME|all] [--dims 1d|2d|all] [--max-log2 K] [--precision f32|f64]
      [--twiddle NAME|all] [--device D] [--json]
                                          check every variant against FFTW
  plan --size N [--rows R] [--variant V] [--twiddle T] [--transpose T] [--precision P]
      [--inverse] [--device D] [--json]   the kernel passes the engine will run
  bench [--variant NAME|all] [--sizes 1024,4096x4096,...] [--batch-points N] [--precision P]
      [--repeat K] [--peers clfft,vkfft,fftw|all] [--device D] [--json]
                                          time each variant and peer (verified first) against copy bandwidth

  bench-filter [--size 1024x1024] [--planes 1|3] [--repeat K] [--device D]
                                          a new mask to filtered planes, the image workspace's engine part

--device takes an index from `devices` or part of a device name; FFTSCOPE_DEVICE does the same.
)";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  std::string command = argv[1];
  fftscope::cli::Words words(argv + 2, argv + argc);
  try {
    if (command == "devices") return fftscope::cli::devicesCommand(words);
    if (command == "fft") return fftscope::cli::fftCommand(words);
    if (command == "verify") return fftscope::cli::verifyCommand(words);
    if (command == "plan") return fftscope::cli::planCommand(words);
    if (command == "bench") return fftscope::cli::benchCommand(words);
    if (command == "bench-filter") return fftscope::cli::filterBenchCommand(words);
    std::fprintf(stderr, "fftscope-cli: unknown command '%s'\n\n%s", command.c_str(), kUsage);
    return 2;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "fftscope-cli %s: %s\n", command.c_str(), e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fftscope-cli %s: %s\n", command.c_str(), e.what());
    return 2;
  }
}
