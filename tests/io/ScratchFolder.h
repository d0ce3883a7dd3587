// A fresh folder under the system's temporary folder for one test, removed with the object; and
// small helpers to put bytes in files and read them back.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace fftscope::io::test {

class ScratchFolder {
 public:
  ScratchFolder();
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
  // Names of the entries inside, sorted: a temporary file left behind shows here.
  std::vector<std::string> entries() const;

 private:
  std::filesystem::path path_;
};

std::string contents(const std::filesystem::path& path);
void put(const std::filesystem::path& path, const std::string& text);

}  // namespace fftscope::io::test
