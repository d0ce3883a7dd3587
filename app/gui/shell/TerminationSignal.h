// SIGTERM and SIGINT (a logout, `kill`, Ctrl+C in the terminal) close the windows as the window
// manager does, so the application exits cleanly: settings kept, the session's autosave removed.
// Only SIGKILL and real crashes leave the autosave for the next start to restore.
#pragma once

namespace fftscope::gui {

// Call once, after the QApplication exists.
void closeWindowsOnTerminationSignals();

}  // namespace fftscope::gui
