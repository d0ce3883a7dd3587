#include "settings/ProcessSettings.h"

#include <utility>

namespace fftscope {
namespace {

Settings& installed() {
  static Settings settings;
  return settings;
}

}  // namespace

const Settings& processSettings() { return installed(); }

void installSettings(Settings settings) { installed() = std::move(settings); }

ScopedSettings::ScopedSettings(Settings settings) : earlier_(processSettings()) { installSettings(std::move(settings)); }

ScopedSettings::~ScopedSettings() { installSettings(std::move(earlier_)); }

}  // namespace fftscope
