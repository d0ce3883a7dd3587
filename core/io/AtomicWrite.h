// One file written whole or not at all through StagedFile (see StagedFile.h for the rules): the
// old file or the complete new one, never a part; a failure throws naming the destination and the
// cause and leaves no temporary file behind.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>

namespace fftscope::io {

// inputs: files the destination must not be.
void writeFileAtomically(const std::filesystem::path& destination, std::span<const std::uint8_t> bytes,
                         std::span<const std::filesystem::path> inputs = {});
void writeFileAtomically(const std::filesystem::path& destination, std::string_view text,
                         std::span<const std::filesystem::path> inputs = {});

}  // namespace fftscope::io
