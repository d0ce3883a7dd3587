// fftscope-cli's commands. Each takes the words after the command name and returns the exit
// status: 0 success, 1 a check failed, 2 bad usage or input (the message says which).
#pragma once

#include <string>
#include <vector>

namespace fftscope::cli {

using Words = std::vector<std::string>;

int devicesCommand(const Words& words);
int fftCommand(const Words& words);
int verifyCommand(const Words& words);
int planCommand(const Words& words);
int benchCommand(const Words& words);
int filterBenchCommand(const Words& words);

}  // namespace fftscope::cli
