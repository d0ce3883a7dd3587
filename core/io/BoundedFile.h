// A small file read whole with a bound on its size, so that a huge or endless file (/dev/zero, a
// FIFO, a file that grows while read) costs no time or memory: for the files FFTScope writes for
// itself and reads back (results, wisdom), before their text is parsed (BoundedJson.h).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace fftscope::io {

// The file's text, std::nullopt when it does not exist. Throws std::runtime_error naming the
// problem (not a regular file, larger than maxBytes, unreadable) without the file's name.
std::optional<std::string> readBoundedFile(const std::filesystem::path& path, std::size_t maxBytes);

}  // namespace fftscope::io
