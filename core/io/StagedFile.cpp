#include "io/StagedFile.h"

#include "io/DescriptorBuffer.h"
#include "io/SameFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>

namespace fftscope::io {
namespace {

std::filesystem::path followLink(const std::filesystem::path& destination) {
  std::error_code error;
  if (std::filesystem::is_symlink(destination, error)) {
    const std::filesystem::path target = std::filesystem::weakly_canonical(destination, error);
    if (!error) return target;
  }
  return destination;
}

// Opens a new file ".NAME.PID.N.part[.EXT]" beside the destination; O_EXCL so that no other file
// is ever reused or truncated.
int createTemporary(const StagedFile& file, const std::filesystem::path& target, const std::string& suffix,
                    std::filesystem::path& temporary) {
  static std::atomic<unsigned> counter{0};
  const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = folder / ("." + target.filename().string() + "." + std::to_string(::getpid()) + "." +
                          std::to_string(counter++) + ".part" + suffix);
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) file.fail(std::strerror(errno));
  }
  file.fail("no temporary file could be made beside it");
}

// Large enough that a piece is a long write for the disk, small enough that the first starts early.
constexpr std::size_t kWritebackPiece = std::size_t{8} << 20;

}  // namespace

StagedFile::StagedFile(const std::filesystem::path& destination, std::span<const std::filesystem::path> inputs,
                       TemporaryName naming)
    : destination_(destination), target_(followLink(destination)) {
  refuseInputAsOutput(destination_, inputs);
  struct stat status {};
  if (::stat(target_.c_str(), &status) == 0) {
    if (S_ISDIR(status.st_mode)) fail("it is a folder");
    writesThrough_ = !S_ISREG(status.st_mode);
  }
  if (writesThrough_) {
    writing_ = target_;
    fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail(std::strerror(errno));
  } else {
    // The extension as the caller named it: the format was chosen from that name, not the link's target.
    const std::string suffix = naming == TemporaryName::keepsExtension ? destination_.extension().string() : "";
    fd_ = createTemporary(*this, target_, suffix, writing_);
  }
}

StagedFile::~StagedFile() {
  close();
  if (!committed_) discard();
}

void StagedFile::fail(const std::string& cause) const {
  throw std::runtime_error(destination_.string() + ": cannot write: " + cause);
}

void StagedFile::close() {
  stream_.reset();
  buffer_.reset();
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void StagedFile::discard() {
  if (writesThrough_ || writing_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove(writing_, ignored);
}

std::ostream& StagedFile::stream() {
  if (finished_) throw std::logic_error("StagedFile: stream() after finish()");
  if (!stream_) {
    buffer_ = std::make_unique<DescriptorBuffer>(fd_);
    stream_ = std::make_unique<std::ostream>(buffer_.get());
  }
  return *stream_;
}

void StagedFile::write(std::span<const std::uint8_t> bytes) {
  std::ostream& out = stream();
  // A large block goes in pieces, each handed to the disk as soon as it is written, so that the
  // disk writes while the next piece is copied and finish()'s fsync has little left to wait for.
  // A failure there is reported again by the fsync.
  const bool early = !writesThrough_ && bytes.size() >= 2 * kWritebackPiece;
  for (std::size_t done = 0; done < bytes.size();) {
    const std::size_t piece = early ? std::min(kWritebackPiece, bytes.size() - done) : bytes.size();
    out.write(reinterpret_cast<const char*>(bytes.data() + done), std::streamsize(piece));
    if (!out) fail(std::strerror(buffer_->error() ? buffer_->error() : EIO));
#ifdef SYNC_FILE_RANGE_WRITE  // Linux
    if (early) ::sync_file_range(fd_, 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
    done += piece;
  }
}

void StagedFile::write(std::string_view text) {
  write(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

void StagedFile::startWriteBack() {
#ifdef SYNC_FILE_RANGE_WRITE  // Linux; elsewhere finish() flushes it all
  if (fd_ >= 0 && !writesThrough_) ::sync_file_range(fd_, 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
}

void StagedFile::finish() {
  if (finished_) return;
  if (stream_) {
    stream_->flush();
    if (!*stream_) {
      const int code = buffer_->error() ? buffer_->error() : EIO;
      close();
      fail(std::strerror(code));
    }
  }
  // Flushed before the rename: otherwise a crash could leave an empty file under the old name.
  // Devices and FIFOs have nothing to flush (and refuse fsync).
  if (!writesThrough_ && ::fsync(fd_) != 0) {
    const int code = errno;
    close();
    fail(std::strerror(code));
  }
  const int fd = fd_;
  fd_ = -1;
  stream_.reset();
  buffer_.reset();
  if (::close(fd) != 0) fail(std::strerror(errno));
  finished_ = true;
}

void StagedFile::commit() {
  finish();
  if (!writesThrough_) {
    std::error_code error;
    std::filesystem::rename(writing_, target_, error);
    if (error) fail(error.message());
  }
  committed_ = true;
}

}  // namespace fftscope::io
