// .npy files of any content through readNpy: every input either reads as a valid array or
// throws std::runtime_error; never a crash, a hang or an allocation beyond the file's size.
#include "ScratchFile.h"
#include "io/Npy.h"

#include <cstdint>
#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = fftscope::fuzz::scratchPath("npy", ".npy");
  if (!fftscope::fuzz::writeScratch(path, data, size)) return 0;
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
