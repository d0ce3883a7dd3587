// Result files read back whole. They are written through the atomic writer (io/AtomicWrite.h), so
// an interrupted or failed write never leaves a half-written result where a complete one was.
#pragma once

#include <filesystem>
#include <string>

namespace fftscope::bench {

// At most kMaxResultFileBytes (ResultChecks.h), from a regular file. Throws std::runtime_error
// naming the file when it cannot be read.
std::string readTextFile(const std::filesystem::path& path);

}  // namespace fftscope::bench
