#include "settings/ProcessSettings.h"

#include "settings/SettingsReader.h"

#include <cstdio>
#include <utility>

namespace fftscope {
namespace {

// A program that installs nothing (a test binary, a tool) reads the environment on first use,
// once, so that FFTSCOPE_DEVICE and the experiments' settings reach it too.
Settings& installed() {
  static Settings settings = [] {
    Settings read = readSettingsFromEnvironment();
    for (const std::string& warning : read.warnings()) std::fprintf(stderr, "%s\n", warning.c_str());
    return read;
  }();
  return settings;
}

}  // namespace

const Settings& processSettings() { return installed(); }

void installSettings(Settings settings) { installed() = std::move(settings); }

ScopedSettings::ScopedSettings(Settings settings) : earlier_(processSettings()) { installSettings(std::move(settings)); }

ScopedSettings::~ScopedSettings() { installSettings(std::move(earlier_)); }

}  // namespace fftscope
