// The readers under test take a path: each input goes to one file per process, in memory-backed
// /dev/shm when there is one, named with the extension that picks the reader.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace fftscope::fuzz {

inline std::string scratchPath(const std::string& name, const std::string& extension) {
  const char* folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  return std::string(folder) + "/fftscope-fuzz-" + name + "-" + std::to_string(getpid()) + extension;
}

// false when the file cannot be written (the input is then skipped).
inline bool writeScratch(const std::string& path, const std::uint8_t* data, std::size_t size) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return false;
  const bool written = std::fwrite(data, 1, size, file) == size;
  return std::fclose(file) == 0 && written;
}

}  // namespace fftscope::fuzz
