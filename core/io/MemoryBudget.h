// How much memory one more piece of work may take, so that a size that would not fit is refused
// before anything is allocated instead of failing (an allocator's assertion, std::bad_alloc, the
// kernel's OOM killer) or swapping half-way. The budget is the least of: the memory the host has
// available, what an address-space limit (ulimit -v) leaves the process, and FFTSCOPE_MEMORY_LIMIT,
// which lets the tests reach these refusals with small inputs.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace fftscope::io {

// The host's MemAvailable from /proc/meminfo, else free physical pages; 0 when the system does not say.
std::uint64_t availableHostMemoryBytes();

// The budget as above; UINT64_MAX when nothing bounds it.
std::uint64_t memoryBudgetBytes();

// count x size, UINT64_MAX where the product would wrap.
std::uint64_t bytesOf(std::uint64_t count, std::uint64_t size);

class MemoryLimitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws MemoryLimitError "WHAT needs about N MiB; M MiB of memory is available" when `bytes`
// exceeds the budget.
void requireMemory(std::uint64_t bytes, const std::string& what);

}  // namespace fftscope::io
