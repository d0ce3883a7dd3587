// The folder compiled programs are kept in (ProgramFile.h gives each file's form), so that a
// second start on the same device and driver builds nothing from source. Where it lies, whether it
// is used and how large it may grow are settings (FFTSCOPE_PROGRAM_CACHE, FFTSCOPE_KEEP_PROGRAMS,
// FFTSCOPE_PROGRAM_CACHE_BYTES). Beyond its size the least recently used files go first.
//
// Nothing here throws: a file that cannot be read or is not whole is a miss (and is replaced by
// the next store); a folder that cannot be written costs one warning on stderr for the process,
// and the programs are then built from source every time, as without the cache.
#pragma once

#include "engine/cl/ProgramFile.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

namespace fftscope::cl {

class ProgramCache {
 public:
  // The folder and size processSettings() say; off (folder empty) when FFTSCOPE_KEEP_PROGRAMS is
  // 0 or there is no user cache folder.
  static ProgramCache fromSettings();
  ProgramCache(std::filesystem::path folder, std::uint64_t capBytes);

  bool on() const { return !folder_.empty(); }
  const std::filesystem::path& folder() const { return folder_; }
  std::filesystem::path pathOf(const ProgramFileKey& key) const { return folder_ / key.fileName(); }

  // The binary kept for this key; std::nullopt when there is none or the file is not usable.
  std::optional<std::vector<std::uint8_t>> load(const ProgramFileKey& key) const;
  // Writes the binary atomically (replacing what was there), then evicts beyond the size.
  void store(const ProgramFileKey& key, std::span<const std::uint8_t> binary) const;

  // Warnings written so far in this process, one a folder at most (tests).
  static std::size_t warningCount();

 private:
  void evictBeyondCap(const std::filesystem::path& kept) const;
  void warnOnce(const std::string& problem) const;

  std::filesystem::path folder_;
  std::uint64_t capBytes_ = 0;
};

}  // namespace fftscope::cl
