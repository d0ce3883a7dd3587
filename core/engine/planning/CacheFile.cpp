#include "engine/planning/CacheFile.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace fftscope {
namespace {

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& problem) {
  throw std::runtime_error("cannot write " + path.string() + ": " + problem);
}

// A new file ".NAME.PID.N.part" beside the destination; O_EXCL so that no other file is reused.
int createTemporary(const std::filesystem::path& destination, std::filesystem::path& temporary) {
  static std::atomic<unsigned> counter{0};
  const std::filesystem::path folder = destination.has_parent_path() ? destination.parent_path() : ".";
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = folder / ("." + destination.filename().string() + "." + std::to_string(::getpid()) + "." +
                          std::to_string(counter++) + ".part");
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) refuse(destination, std::strerror(errno));
  }
  refuse(destination, "no temporary file could be made beside it");
}

void writeAll(int fd, std::string_view text, const std::filesystem::path& destination) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) refuse(destination, std::strerror(n < 0 ? errno : ENOSPC));
    done += static_cast<std::size_t>(n);
  }
  // Flushed before the rename: a crash must not leave an empty file under the old name.
  if (::fsync(fd) != 0) refuse(destination, std::strerror(errno));
}

}  // namespace

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
  std::error_code error;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), error);
    if (error) refuse(path, "its folder cannot be made: " + error.message());
  }
  if (std::filesystem::is_directory(path, error)) refuse(path, "it is a folder");
  std::filesystem::path temporary;
  const int fd = createTemporary(path, temporary);
  auto discard = [&] {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
  };
  try {
    writeAll(fd, text, path);
  } catch (...) {
    ::close(fd);
    discard();
    throw;
  }
  if (::close(fd) != 0) {
    const int code = errno;
    discard();
    refuse(path, std::strerror(code));
  }
  std::filesystem::rename(temporary, path, error);
  if (error) {
    discard();
    refuse(path, error.message());
  }
}

}  // namespace fftscope
