// Whole files through decodeImage: our header checks, then OpenCV's decoders. Images are capped
// at 1 M pixels so that a large but honest header does not exhaust the fuzzer's memory limit.
#include "imaging/ImageReader.h"

#include <cstdint>
#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fftscope::imaging::ReadOptions options;
  options.maxPixels = 1 << 20;
  try {
    const fftscope::imaging::Image image = fftscope::imaging::decodeImage({data, size}, "fuzz", options);
    if (image.data.size() != std::size_t(image.width) * std::size_t(image.height) * std::size_t(image.channels))
      __builtin_trap();
  } catch (const std::runtime_error&) {
  }
  return 0;
}
