#include "io/MemoryBudget.h"

#include "settings/ProcessSettings.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>

namespace fftscope::io {
namespace {

constexpr std::uint64_t kUnbounded = std::numeric_limits<std::uint64_t>::max();

// What an address-space limit leaves: the limit less the process's mapped size (VmSize).
std::uint64_t addressSpaceLeft() {
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return kUnbounded;
  std::ifstream status("/proc/self/status");
  std::uint64_t mappedKib = 0;
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmSize:", 0) == 0) mappedKib = std::strtoull(line.c_str() + 7, nullptr, 10);
  const std::uint64_t mapped = mappedKib * 1024;
  return limit.rlim_cur > mapped ? std::uint64_t(limit.rlim_cur) - mapped : 0;
}

std::string mebibytes(std::uint64_t bytes) {
  if (bytes == kUnbounded) return "more than 16 EiB";
  return std::to_string((bytes >> 20) + ((bytes & ((1u << 20) - 1)) != 0)) + " MiB";  // rounded up, without wrapping
}

}  // namespace

std::uint64_t availableHostMemoryBytes() {
  // MemAvailable counts the page cache the kernel would give back; free pages alone undercount.
  // Line by line: some lines (HugePages_Total) have no unit.
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);)
    if (line.rfind("MemAvailable:", 0) == 0) return bytesOf(std::strtoull(line.c_str() + 13, nullptr, 10), 1024);
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? std::uint64_t(pages) * std::uint64_t(pageSize) : 0;
}

std::uint64_t memoryBudgetBytes() {
  const std::uint64_t host = availableHostMemoryBytes();
  std::uint64_t budget = host ? host : kUnbounded;
  budget = std::min(budget, addressSpaceLeft());
  const std::uint64_t setting = processSettings().number("FFTSCOPE_MEMORY_LIMIT");
  if (setting != 0) budget = std::min(budget, setting);
  return budget;
}

std::uint64_t bytesOf(std::uint64_t count, std::uint64_t size) {
  if (size != 0 && count > kUnbounded / size) return kUnbounded;
  return count * size;
}

void requireMemory(std::uint64_t bytes, const std::string& what) {
  const std::uint64_t budget = memoryBudgetBytes();
  if (bytes > budget)
    throw MemoryLimitError(what + " needs about " + mebibytes(bytes) + "; " + mebibytes(budget) +
                           " of memory is available");
}

}  // namespace fftscope::io
