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
