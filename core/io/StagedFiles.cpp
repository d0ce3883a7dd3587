#include "io/StagedFiles.h"

#include <utility>

namespace fftscope::io {

StagedFiles::StagedFiles(std::vector<std::filesystem::path> inputs) : inputs_(std::move(inputs)) {}

StagedFile& StagedFiles::add(const std::filesystem::path& destination) {
  staged_.push_back(std::make_unique<StagedFile>(destination, inputs_));
  return *staged_.back();
}

void StagedFiles::stage(const std::filesystem::path& destination, std::span<const std::uint8_t> bytes) {
  StagedFile& file = add(destination);
  file.write(bytes);
  file.finish();
}

void StagedFiles::stage(const std::filesystem::path& destination, std::string_view text) {
  StagedFile& file = add(destination);
  file.write(text);
  file.finish();
}

void StagedFiles::commit() {
  // Every file finished before the first rename, so that a late write error renames nothing.
  for (const auto& file : staged_) file->finish();
  for (const auto& file : staged_) file->commit();
  staged_.clear();
}

}  // namespace fftscope::io
