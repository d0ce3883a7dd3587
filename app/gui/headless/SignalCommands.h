// `fftscope spectrum|spectrogram|filter SIGNAL ...`: the Signal workspace's work without a window.
// Chosen over the image commands when the input is a signal file (audio, CSV/text, .npy, raw).
#pragma once

#include <iosfwd>

namespace fftscope::gui {

// Whether argv[1] is spectrum, spectrogram or filter and argv[2] names a signal file.
bool isSignalCommand(int argc, char** argv);

// Returns the exit status: 0 done, 1 failed (message on err), 2 usage.
int runSignalCommand(int argc, char** argv, std::ostream& out, std::ostream& err);

void printSignalUsage(std::ostream& out);

}  // namespace fftscope::gui
