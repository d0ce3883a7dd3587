// One output written so that a reader only ever sees the old file or the complete new one: the
// bytes go to a temporary file ".NAME.PID.N.part" beside the destination (same file system), or
// ".NAME.PID.N.part.EXT" where the name must keep the extension, are flushed to disk, and commit()
// renames it over the destination. Until then, and whenever a write fails (disk full, file size
// limit, missing folder), the destination stays as it was; a staged file that is not committed is
// removed when the object goes.
//
// - A destination that is a symbolic link: the file it names is replaced and the link kept.
// - An existing destination that is neither a regular file nor a folder (/dev/null, a FIFO) is
//   written through: opened and written in place, never replaced by a regular file.
// - inputs: files this output must not be (compared by device and inode, whatever the path);
//   naming one of them as the destination is refused before anything is written.
// - SIGXFSZ is ignored while the object lives, so that a file size limit is a reported error.
// - A replaced file gets the default permissions (0666 less the umask), not the old file's.
//
// Every failure throws std::runtime_error "DESTINATION: cannot write: CAUSE".
#pragma once

#include "io/FileSizeSignal.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <ostream>
#include <span>
#include <string_view>

namespace fftscope::io {

class DescriptorBuffer;

// keepsExtension: the temporary name ends with the destination's extension, for a library that
// picks the format from the name it is given (FFmpeg picks a video's container so).
enum class TemporaryName { part, keepsExtension };

class StagedFile {
 public:
  explicit StagedFile(const std::filesystem::path& destination, std::span<const std::filesystem::path> inputs = {},
                      TemporaryName naming = TemporaryName::part);
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  ~StagedFile();

  const std::filesystem::path& destination() const { return destination_; }
  // Where the bytes go, for a library that opens files by name (libsndfile): the temporary file,
  // or the destination itself when it is written through. Whatever is written there is committed.
  const std::filesystem::path& path() const { return writing_; }
  bool writesThrough() const { return writesThrough_; }

  // Appends; throws when the bytes cannot be written.
  void write(std::span<const std::uint8_t> bytes);
  void write(std::string_view text);
  // A buffered stream into the file, for text and large arrays written piece by piece. Its errors
  // are reported by finish() or commit().
  std::ostream& stream();

  // Starts the disk writing what the file holds so far, written here or by a library through
  // path(), and returns at once, so that finish()'s fsync has little left to wait for. Its
  // failures are reported by finish().
  void startWriteBack();
  // Flushes everything to disk and closes the file, throwing if any of it failed. Once finished,
  // commit() only renames.
  void finish();
  // Puts the new file in place (finishing it first if needed).
  void commit();

  // Naming the destination and the cause: DESTINATION: cannot write: CAUSE.
  [[noreturn]] void fail(const std::string& cause) const;

 private:
  void close();
  void discard();

  FileSizeSignalIgnored signalIgnored_;
  std::filesystem::path destination_;  // as the caller named it, for messages
  std::filesystem::path target_;       // the file replaced: the destination with links followed
  std::filesystem::path writing_;
  bool writesThrough_ = false;
  bool finished_ = false;
  bool committed_ = false;
  int fd_ = -1;
  std::unique_ptr<DescriptorBuffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
};

}  // namespace fftscope::io
