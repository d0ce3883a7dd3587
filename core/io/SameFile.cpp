#include "io/SameFile.h"

#include <stdexcept>
#include <system_error>

namespace fftscope::io {

bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code error;
  const bool same = std::filesystem::equivalent(a, b, error);
  return same && !error;
}

std::optional<std::filesystem::path> inputAt(const std::filesystem::path& output,
                                             std::span<const std::filesystem::path> inputs) {
  for (const std::filesystem::path& input : inputs)
    if (sameFile(output, input)) return input;
  return std::nullopt;
}

void refuseInputAsOutput(const std::filesystem::path& output, std::span<const std::filesystem::path> inputs) {
  if (const auto input = inputAt(output, inputs))
    throw std::runtime_error(output.string() + ": cannot write: it is the input " + input->string());
}

}  // namespace fftscope::io
