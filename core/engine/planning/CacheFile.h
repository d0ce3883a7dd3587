// Small files the engine keeps for itself (the planner's wisdom): read with a bound on their size,
// so that a huge or endless file costs no time or memory, and written whole or not at all through
// the atomic writer (io/StagedFile.h).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace fftscope {

// The file's text, std::nullopt when it does not exist. Throws std::runtime_error naming the
// problem (not a regular file, larger than maxBytes, unreadable) without the file's name.
std::optional<std::string> readCacheFile(const std::filesystem::path& path, std::size_t maxBytes);

// Creates the folder if needed. Throws std::runtime_error naming the file and the problem.
void writeCacheFile(const std::filesystem::path& path, std::string_view text);

}  // namespace fftscope
