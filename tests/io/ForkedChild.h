// Runs a check in a forked child, so that what it changes for its whole process (a file size
// limit, a signal's disposition) cannot reach the other tests. The child's answer is its exit
// status; a child killed by a signal answers 128 + the signal's number.
#pragma once

#include <functional>

namespace fftscope::io::test {

int inForkedChild(const std::function<int()>& check);

}  // namespace fftscope::io::test
