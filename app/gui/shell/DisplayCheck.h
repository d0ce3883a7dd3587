// Before a window is made: is there a display? Without one Qt aborts with a message about xcb
// plugins that helps nobody, so we say how to run headless instead.
#pragma once

#include <optional>
#include <string>

namespace fftscope::gui {

// The message to print when no display is available (DISPLAY and WAYLAND_DISPLAY unset and no
// QT_QPA_PLATFORM or -platform chosen); nothing when a window can be opened.
std::optional<std::string> missingDisplayMessage(int argc, char** argv);

}  // namespace fftscope::gui
