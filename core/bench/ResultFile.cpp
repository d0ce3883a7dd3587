#include "bench/ResultFile.h"

#include "bench/ResultChecks.h"
#include "io/BoundedFile.h"

#include <stdexcept>

namespace fftscope::bench {

std::string readTextFile(const std::filesystem::path& path) {
  try {
    std::optional<std::string> text = io::readBoundedFile(path, kMaxResultFileBytes);
    if (!text) throw std::runtime_error("no such file");
    return std::move(*text);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("cannot read '" + path.string() + "': " + e.what());
  }
}

}  // namespace fftscope::bench
