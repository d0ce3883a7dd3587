// Result files written whole or not at all: the text goes to a temporary file beside the
// destination, which is renamed into place once complete, so an interrupted or failed write never
// leaves a half-written result where a complete one was.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace fftscope::bench {

// Throws std::runtime_error naming the file when it cannot be written (the destination untouched).
void writeFileAtomically(const std::filesystem::path& path, std::string_view text);
// Throws std::runtime_error naming the file when it cannot be read.
std::string readTextFile(const std::filesystem::path& path);

}  // namespace fftscope::bench
