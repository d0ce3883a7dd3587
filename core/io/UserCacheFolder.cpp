#include "io/UserCacheFolder.h"

#include <cstdlib>

namespace fftscope::io {
namespace {

std::filesystem::path absoluteVariable(const char* name) {
  const char* value = std::getenv(name);
  if (!value || !*value) return {};
  std::filesystem::path path(value);
  return path.is_absolute() ? path : std::filesystem::path();
}

}  // namespace

std::filesystem::path userCacheFolder() {
  if (std::filesystem::path xdg = absoluteVariable("XDG_CACHE_HOME"); !xdg.empty()) return xdg / "fftscope";
#if defined(_WIN32)
  if (std::filesystem::path local = absoluteVariable("LOCALAPPDATA"); !local.empty()) return local / "fftscope";
#endif
  const char* home = std::getenv("HOME");
  if (!home || !*home) return {};
#if defined(__APPLE__)
  return std::filesystem::path(home) / "Library" / "Caches" / "fftscope";
#else
  return std::filesystem::path(home) / ".cache" / "fftscope";
#endif
}

}  // namespace fftscope::io
