#include "engine/planning/CacheFile.h"

#include "io/AtomicWrite.h"
#include "io/BoundedFile.h"

#include <stdexcept>

namespace fftscope {

std::optional<std::string> readCacheFile(const std::filesystem::path& path, std::size_t maxBytes) {
  return io::readBoundedFile(path, maxBytes);
}

void writeCacheFile(const std::filesystem::path& path, std::string_view text) {
  if (path.has_parent_path()) {
    std::error_code error;
    std::filesystem::create_directories(path.parent_path(), error);
    if (error) throw std::runtime_error(path.string() + ": cannot write: its folder cannot be made: " + error.message());
  }
  io::writeFileAtomically(path, text);
}

}  // namespace fftscope
