#include "imaging/HostMemory.h"

#include <unistd.h>

#include <fstream>
#include <string>

namespace fftscope::imaging {

std::uint64_t availableHostMemoryBytes() {
  // MemAvailable counts the page cache the kernel would give back; free pages alone undercount.
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? std::uint64_t(pages) * std::uint64_t(pageSize) : 0;
}

}  // namespace fftscope::imaging
