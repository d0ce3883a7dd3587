// Image headers (PNG, JPEG, TIFF, BMP, PGM/PPM, WebP) of any content: readImageHeader and
// checkImageComplete answer or throw, in time linear in the file, never reading outside it.
#include "imaging/ImageHeader.h"

#include <cstdint>
#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  try {
    const fftscope::imaging::ImageHeader header = fftscope::imaging::readImageHeader(bytes);
    fftscope::imaging::checkImageComplete(header, bytes);
  } catch (const std::runtime_error&) {
  } catch (const std::invalid_argument&) {  // a format detectFormat does not know
  }
  return 0;
}
