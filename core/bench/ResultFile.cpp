#include "bench/ResultFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

namespace fftscope::bench {

void writeFileAtomically(const std::filesystem::path& path, std::string_view text) {
  // Beside the destination, so that the rename stays within one file system.
  std::filesystem::path temporary = path;
  temporary += ".tmp-" + std::to_string(::getpid());
  auto fail = [&](const std::string& what) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw std::runtime_error("cannot write '" + path.string() + "': " + what);
  };
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) fail(std::strerror(errno));
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) fail("the write failed (disk full?)");
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) fail(ec.message());
}

std::string readTextFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path.string() + "': " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw std::runtime_error("cannot read '" + path.string() + "': the read failed");
  return text.str();
}

}  // namespace fftscope::bench
