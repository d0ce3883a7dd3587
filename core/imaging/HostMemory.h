// How much memory the host can still give us, so that an image whose declared size would not fit
// is refused before decoding starts instead of failing (or swapping) half-way.
#pragma once

#include <cstdint>

namespace fftscope::imaging {

// MemAvailable from /proc/meminfo, else free physical pages; 0 when the system does not say.
std::uint64_t availableHostMemoryBytes();

}  // namespace fftscope::imaging
