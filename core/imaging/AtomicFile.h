// Writing files so that a reader only ever sees the old file or the complete new one: the bytes
// go to a temporary file beside the destination (same file system), are flushed to disk, and the
// temporary file is renamed over the destination. A failed write (disk full, file size limit,
// missing folder) leaves the destination as it was and no temporary file behind.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <utility>
#include <vector>

namespace fftscope::imaging {

// Several outputs of one command, all or none: stage() writes each to its temporary file (and
// throws std::runtime_error naming the destination when it cannot); commit() renames them all
// into place once every one was written. Whatever is not committed is removed on destruction.
// (Renames beside their own destinations do not fail once the bytes are written, short of the
// folder changing meanwhile; if one did, the files renamed before it would stay.) A replaced
// file gets the default permissions (0666 less the umask), not the old file's.
class StagedFiles {
 public:
  StagedFiles() = default;
  StagedFiles(const StagedFiles&) = delete;
  StagedFiles& operator=(const StagedFiles&) = delete;
  ~StagedFiles();

  void stage(const std::filesystem::path& destination, std::span<const std::uint8_t> bytes);
  void commit();

 private:
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> staged_;  // temporary, destination
};

// One file, the same way.
void writeFileAtomically(const std::filesystem::path& destination, std::span<const std::uint8_t> bytes);

}  // namespace fftscope::imaging
