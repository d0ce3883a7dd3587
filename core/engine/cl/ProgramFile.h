// A compiled OpenCL program as one file on disk: what it was built from (the key: device,
// vendor, driver, kernel family, build options and the whole source) and the driver's binary.
// The file's name carries a hash of the key, the file the key itself, so that a name that
// collides, or a file copied from another machine, is told apart and built again.
//
// Layout: "fftscope-program 1\n", the key's length and the binary's length in decimal on one
// line, the key, the binary, then a 16-digit hexadecimal FNV-1a hash of both on the last line;
// a file cut short or changed anywhere fails to decode.
#pragma once

#include "engine/cl/ProgramKey.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::cl {

struct ProgramFileKey {
  std::string device, vendor, driver;
  ProgramKey program;
  std::string source;

  // Every field, in one text: what the file holds and its name's hash is taken of.
  std::string text() const;
  // FAMILY-HASH.clbin, the hash 16 hexadecimal digits of text().
  std::string fileName() const;
};

std::vector<std::uint8_t> encodeProgramFile(const ProgramFileKey& key, std::span<const std::uint8_t> binary);
// The binary, or std::nullopt when the bytes are not a whole program file of this key.
std::optional<std::vector<std::uint8_t>> decodeProgramFile(std::span<const std::uint8_t> bytes, const ProgramFileKey& key);

}  // namespace fftscope::cl
