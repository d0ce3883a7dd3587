// Several outputs of one command, all or none: stage() writes each to its temporary file (see
// StagedFile.h) and throws naming the destination when it cannot; commit() renames them all into
// place once every one was written. Whatever is not committed is removed on destruction.
// (Renames beside their own destinations do not fail once the bytes are written, short of the
// folder changing meanwhile; if one did, the files renamed before it would stay.)
#pragma once

#include "io/StagedFile.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace fftscope::io {

class StagedFiles {
 public:
  // inputs: files no output may be (see StagedFile).
  explicit StagedFiles(std::vector<std::filesystem::path> inputs = {});

  void stage(const std::filesystem::path& destination, std::span<const std::uint8_t> bytes);
  void stage(const std::filesystem::path& destination, std::string_view text);
  // For output written piece by piece: the file to write, already held for the all-or-none commit;
  // a write that fails throws, or is reported by commit().
  StagedFile& add(const std::filesystem::path& destination);
  void commit();

 private:
  std::vector<std::filesystem::path> inputs_;
  std::vector<std::unique_ptr<StagedFile>> staged_;
};

}  // namespace fftscope::io
