// The settings of this process, for code that the value cannot reach through its callers (the
// OpenCL layer, the kernels' sources, the planner's limits behind a plan's constructor). A
// program installs what it read once at its start; one that installs nothing reads the
// environment on first use, once. Install before starting threads: reading is not guarded.
#pragma once

#include "settings/Settings.h"

namespace fftscope {

const Settings& processSettings();
void installSettings(Settings settings);
// Reads the environment, writes each warning to stderr after "PROGRAM: ", and installs the result:
// what a program does first, before it starts a thread.
void installSettingsFromEnvironment(const char* program);

// Installs `settings` for a scope and puts the earlier value back at its end (tests).
class ScopedSettings {
 public:
  explicit ScopedSettings(Settings settings);
  ~ScopedSettings();
  ScopedSettings(const ScopedSettings&) = delete;
  ScopedSettings& operator=(const ScopedSettings&) = delete;

 private:
  Settings earlier_;
};

}  // namespace fftscope
