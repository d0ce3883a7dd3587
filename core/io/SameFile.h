// Whether two paths name one file, whatever the spelling, links or hard links: compared by device
// and inode (std::filesystem::equivalent), so that an output is never written over an input.
#pragma once

#include <filesystem>
#include <optional>
#include <span>

namespace fftscope::io {

// False when either does not exist.
bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);

// The first of inputs that is the same file as output, if any.
std::optional<std::filesystem::path> inputAt(const std::filesystem::path& output,
                                             std::span<const std::filesystem::path> inputs);

// Throws std::runtime_error "OUTPUT: cannot write: it is the input INPUT" when output is one of
// inputs: what every writer refuses (StagedFile.h), and what a command checks before its work.
void refuseInputAsOutput(const std::filesystem::path& output, std::span<const std::filesystem::path> inputs);

}  // namespace fftscope::io
