// `fftscope filter ...` and `fftscope spectrum ...`: the Image workspace's work without a window,
// for scripts. No Qt application is created, so they run where there is no display.
#pragma once

#include <iosfwd>
#include <string_view>

namespace fftscope::gui {

bool isHeadlessCommand(std::string_view word);  // "filter", "spectrum"

// argv[1] is the command. Returns the exit status: 0 done, 1 failed (message on err), 2 usage.
int runHeadlessCommand(int argc, char** argv, std::ostream& out, std::ostream& err);

void printHeadlessUsage(std::ostream& out);

}  // namespace fftscope::gui
