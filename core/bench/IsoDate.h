// The current UTC time as ISO 8601 ("2026-11-23T16:20:00Z"), for result files and wisdom entries.
#pragma once

#include <string>

namespace fftscope::bench {

std::string isoDateNow();

}  // namespace fftscope::bench
