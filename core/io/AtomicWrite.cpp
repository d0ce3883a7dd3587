#include "io/AtomicWrite.h"

#include "io/StagedFile.h"

namespace fftscope::io {

void writeFileAtomically(const std::filesystem::path& destination, std::span<const std::uint8_t> bytes,
                         std::span<const std::filesystem::path> inputs) {
  StagedFile file(destination, inputs);
  file.write(bytes);
  file.commit();
}

void writeFileAtomically(const std::filesystem::path& destination, std::string_view text,
                         std::span<const std::filesystem::path> inputs) {
  StagedFile file(destination, inputs);
  file.write(text);
  file.commit();
}

}  // namespace fftscope::io
