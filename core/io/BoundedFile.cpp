#include "io/BoundedFile.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace fftscope::io {

std::optional<std::string> readBoundedFile(const std::filesystem::path& path, std::size_t maxBytes) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::not_found) return std::nullopt;
  if (error) throw std::runtime_error(error.message());
  if (status.type() != std::filesystem::file_type::regular) throw std::runtime_error("not a regular file");
  const std::uintmax_t declared = std::filesystem::file_size(path, error);
  if (!error && declared > maxBytes)
    throw std::runtime_error("larger than " + std::to_string(maxBytes) + " bytes (" + std::to_string(declared) + " bytes)");
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
  if (done > maxBytes) throw std::runtime_error("larger than " + std::to_string(maxBytes) + " bytes");
  text.resize(done);
  return text;
}

}  // namespace fftscope::io
