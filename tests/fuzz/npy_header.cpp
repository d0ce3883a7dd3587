// .npy files of any content through readNpy: every input either reads as a valid array or
// throws std::runtime_error; never a crash, a hang or an allocation beyond the file's size.
#include "io/Npy.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace {

// readNpy takes a path: each input goes to one file in memory-backed /dev/shm when there is one.
std::string scratchPath() {
  const char* folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  return std::string(folder) + "/fftscope-fuzz-npy-" + std::to_string(getpid()) + ".npy";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = scratchPath();
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  try {
    const fftscope::NpyArray array = fftscope::readNpy(path);
    const std::size_t valueBytes = (array.isComplex ? 2 : 1) * (array.precision == fftscope::Precision::F32 ? 4 : 8);
    if (array.shape.empty() || array.shape.size() > 2 || array.bytes.size() != array.elementCount() * valueBytes ||
        array.bytes.size() > size)
      __builtin_trap();  // accepted, but not what the header promised
  } catch (const std::runtime_error&) {
  }
  return 0;
}
