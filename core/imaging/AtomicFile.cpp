#include "imaging/AtomicFile.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fftscope::imaging {
namespace {

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& problem) {
  throw std::runtime_error(path.string() + ": " + problem);
}

// A symbolic link is followed, so that the file it names is replaced and the link kept.
std::filesystem::path resolved(const std::filesystem::path& destination) {
  std::error_code error;
  if (std::filesystem::is_symlink(destination, error)) {
    const std::filesystem::path target = std::filesystem::weakly_canonical(destination, error);
    if (!error) return target;
  }
  return destination;
}

// Opens a new file ".NAME.PID.N.part" beside the destination; O_EXCL so that no other file is
// ever reused or truncated.
int createTemporary(const std::filesystem::path& destination, std::filesystem::path& temporary) {
  static std::atomic<unsigned> counter{0};
  const std::filesystem::path folder = destination.has_parent_path() ? destination.parent_path() : ".";
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = folder / ("." + destination.filename().string() + "." + std::to_string(getpid()) + "." +
                          std::to_string(counter++) + ".part");
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) refuse(destination, std::string("cannot write: ") + std::strerror(errno));
  }
  refuse(destination, "cannot create a temporary file beside it");
}

void writeAll(int fd, std::span<const std::uint8_t> bytes, const std::filesystem::path& destination) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      refuse(destination, "write failed after " + std::to_string(done) + " of " + std::to_string(bytes.size()) +
                              " bytes: " + std::strerror(n < 0 ? errno : ENOSPC));
    done += std::size_t(n);
  }
  // Flushed before the rename: otherwise a crash could leave an empty file under the old name.
  if (::fsync(fd) != 0) refuse(destination, std::string("write failed: ") + std::strerror(errno));
}

}  // namespace

StagedFiles::~StagedFiles() {
  for (const auto& [temporary, destination] : staged_) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
  }
}

void StagedFiles::stage(const std::filesystem::path& destination, std::span<const std::uint8_t> bytes) {
  const std::filesystem::path target = resolved(destination);
  std::error_code error;
  if (std::filesystem::is_directory(target, error)) refuse(destination, "is a folder");
  std::filesystem::path temporary;
  const int fd = createTemporary(target, temporary);
  staged_.emplace_back(temporary, target);
  try {
    writeAll(fd, bytes, destination);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) refuse(destination, std::string("write failed: ") + std::strerror(errno));
}

void StagedFiles::commit() {
  while (!staged_.empty()) {
    const auto& [temporary, destination] = staged_.front();
    std::error_code error;
    std::filesystem::rename(temporary, destination, error);
    if (error) refuse(destination, "cannot replace: " + error.message());
    staged_.erase(staged_.begin());
  }
}

void writeFileAtomically(const std::filesystem::path& destination, std::span<const std::uint8_t> bytes) {
  StagedFiles files;
  files.stage(destination, bytes);
  files.commit();
}

}  // namespace fftscope::imaging
