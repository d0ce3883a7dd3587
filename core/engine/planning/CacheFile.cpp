#include "engine/planning/CacheFile.h"

#include "io/AtomicWrite.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace fftscope {

std::optional<std::string> readCacheFile(const std::filesystem::path& path, std::size_t maxBytes) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::not_found) return std::nullopt;
  if (error) throw std::runtime_error(error.message());
  if (status.type() != std::filesystem::file_type::regular) throw std::runtime_error("not a regular file");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error(std::strerror(errno));
  // Read at most one byte past the bound, whatever the size said: the file may grow meanwhile.
  std::string text(maxBytes + 1, '\0');
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int code = errno;
      ::close(fd);
      throw std::runtime_error(std::strerror(code));
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  if (done > maxBytes)
    throw std::runtime_error("larger than " + std::to_string(maxBytes) + " bytes (" +
                             std::to_string(std::filesystem::file_size(path, error)) + " bytes)");
  text.resize(done);
  return text;
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
