#include "settings/ProcessSettings.h"

#include "settings/SettingsReader.h"

#include <cstdio>
#include <optional>
#include <utility>

namespace fftscope {
namespace {

Settings readAndWarn(const char* program) {
  Settings read = readSettingsFromEnvironment();
  for (const std::string& warning : read.warnings()) std::fprintf(stderr, "%s%s%s\n", program, *program ? ": " : "", warning.c_str());
  return read;
}

std::optional<Settings>& installed() {
  static std::optional<Settings> settings;
  return settings;
}

}  // namespace

// A program that installs nothing (a test binary, a tool) reads the environment on first use,
// once, so that FFTSCOPE_DEVICE and the experiments' settings reach it too.
const Settings& processSettings() {
  if (!installed()) installed() = readAndWarn("");
  return *installed();
}

void installSettings(Settings settings) { installed() = std::move(settings); }

void installSettingsFromEnvironment(const char* program) { installSettings(readAndWarn(program)); }

ScopedSettings::ScopedSettings(Settings settings) : earlier_(processSettings()) { installSettings(std::move(settings)); }

ScopedSettings::~ScopedSettings() { installSettings(std::move(earlier_)); }

}  // namespace fftscope
