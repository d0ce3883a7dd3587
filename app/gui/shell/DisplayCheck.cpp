#include "shell/DisplayCheck.h"

#include <cstdlib>
#include <string_view>

namespace fftscope::gui {
namespace {

bool set(const char* name) {
  const char* value = std::getenv(name);
  return value && *value;
}

}  // namespace

std::optional<std::string> missingDisplayMessage(int argc, char** argv) {
  if (set("DISPLAY") || set("WAYLAND_DISPLAY") || set("QT_QPA_PLATFORM")) return std::nullopt;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "-platform" || std::string_view(argv[i]) == "--platform") return std::nullopt;
  return std::string(
      "fftscope: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set).\n"
      "Ways to run without one:\n"
      "  fftscope filter IN -o OUT [options]    filter an image from the command line\n"
      "  fftscope spectrum IN -o S.png          write an image's spectrum\n"
      "  xvfb-run fftscope                      the window on a virtual X display\n"
      "  QT_QPA_PLATFORM=offscreen fftscope     the window, drawn off screen\n"
      "Run 'fftscope --help' for the options.\n");
}

}  // namespace fftscope::gui
