#include "shell/Settings.h"

#include "settings/Settings.h"

#include <QFileInfo>

#include <algorithm>

namespace fftscope::gui {
namespace {

template <typename Enum>
Enum clampedEnum(int value, Enum last, Enum fallback) {
  return value >= 0 && value <= int(last) ? Enum(value) : fallback;
}

}  // namespace

Settings::Settings() : settings_() {}
Settings::Settings(const QString& iniFile) : settings_(iniFile, QSettings::IniFormat) {}

QByteArray Settings::windowGeometry() const { return settings_.value("window/geometry").toByteArray(); }
void Settings::setWindowGeometry(const QByteArray& geometry) { settings_.setValue("window/geometry", geometry); }
QByteArray Settings::windowState() const { return settings_.value("window/state").toByteArray(); }
void Settings::setWindowState(const QByteArray& state) { settings_.setValue("window/state", state); }
int Settings::currentWorkspace() const { return settings_.value("window/workspace", 0).toInt(); }
void Settings::setCurrentWorkspace(int index) { settings_.setValue("window/workspace", index); }

QStringList Settings::recentFiles() const { return settings_.value("files/recent").toStringList(); }

void Settings::addRecentFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = recentFiles();
  files.removeAll(absolute);
  files.prepend(absolute);
  while (files.size() > kMaxRecentFiles) files.removeLast();
  settings_.setValue("files/recent", files);
}

void Settings::removeRecentFile(const QString& path) {
  QStringList files = recentFiles();
  files.removeAll(path);
  settings_.setValue("files/recent", files);
}

QString Settings::lastDirectory() const { return settings_.value("files/lastDirectory").toString(); }
void Settings::setLastDirectory(const QString& directory) { settings_.setValue("files/lastDirectory", directory); }

imaging::PadMode Settings::padMode() const {
  return clampedEnum(settings_.value("image/padMode", int(imaging::PadMode::None)).toInt(), imaging::PadMode::None,
                     imaging::PadMode::None);
}
void Settings::setPadMode(imaging::PadMode mode) { settings_.setValue("image/padMode", int(mode)); }

imaging::ChannelMode Settings::channelMode() const {
  return clampedEnum(settings_.value("image/channelMode", int(imaging::ChannelMode::PerChannel)).toInt(),
                     imaging::ChannelMode::Luminance, imaging::ChannelMode::PerChannel);
}
void Settings::setChannelMode(imaging::ChannelMode mode) { settings_.setValue("image/channelMode", int(mode)); }

imaging::DisplaySettings Settings::display() const {
  imaging::DisplaySettings d;
  // The log magnitude's lowest third is mostly empty bins: starting black there shows the structure.
  d.blackLevel = 0.3;
  d.quantity = clampedEnum(settings_.value("display/quantity", int(d.quantity)).toInt(), imaging::SpectrumQuantity::Phase,
                           d.quantity);
  d.colourMap = clampedEnum(settings_.value("display/colourMap", int(d.colourMap)).toInt(), imaging::ColourMap::Inferno,
                            d.colourMap);
  d.blackLevel = std::clamp(settings_.value("display/blackLevel", d.blackLevel).toDouble(), 0.0, 0.99);
  d.whiteLevel = std::clamp(settings_.value("display/whiteLevel", d.whiteLevel).toDouble(), d.blackLevel + 0.01, 1.0);
  d.gamma = std::clamp(settings_.value("display/gamma", d.gamma).toDouble(), 0.1, 10.0);
  return d;
}

void Settings::setDisplay(const imaging::DisplaySettings& d) {
  settings_.setValue("display/quantity", int(d.quantity));
  settings_.setValue("display/colourMap", int(d.colourMap));
  settings_.setValue("display/blackLevel", d.blackLevel);
  settings_.setValue("display/whiteLevel", d.whiteLevel);
  settings_.setValue("display/gamma", d.gamma);
}

bool Settings::tabbedViews() const { return settings_.value("image/tabbedViews", false).toBool(); }
void Settings::setTabbedViews(bool tabbed) { settings_.setValue("image/tabbedViews", tabbed); }
bool Settings::maskOverlayVisible() const { return settings_.value("image/maskOverlay", true).toBool(); }
void Settings::setMaskOverlayVisible(bool visible) { settings_.setValue("image/maskOverlay", visible); }
QByteArray Settings::workspaceSplitter() const { return settings_.value("image/splitter").toByteArray(); }
void Settings::setWorkspaceSplitter(const QByteArray& state) { settings_.setValue("image/splitter", state); }

QString Settings::deviceSelector() const { return settings_.value("engine/device").toString(); }
void Settings::setDeviceSelector(const QString& selector) { settings_.setValue("engine/device", selector); }

QString Settings::defaultPrecision() const {
  const QString precision = settings_.value("engine/defaultPrecision").toString();
  return precision == QLatin1String("f64") ? precision : QStringLiteral("f32");
}
void Settings::setDefaultPrecision(const QString& precision) { settings_.setValue("engine/defaultPrecision", precision); }
int Settings::defaultWindow() const { return settings_.value("signal/defaultWindow", -1).toInt(); }
void Settings::setDefaultWindow(int kind) { settings_.setValue("signal/defaultWindow", kind); }
int Settings::autosaveSeconds() const {
  const int seconds = settings_.value("session/autosaveSeconds", 2).toInt();
  return seconds >= kMinAutosaveSeconds && seconds <= kMaxAutosaveSeconds ? seconds : 2;
}
void Settings::setAutosaveSeconds(int seconds) { settings_.setValue("session/autosaveSeconds", seconds); }

QString Settings::engineSetting(const QString& name) const {
  return settings_.value(QStringLiteral("engine/") + name).toString();
}
void Settings::setEngineSetting(const QString& name, const QString& text) {
  if (text.isEmpty()) settings_.remove(QStringLiteral("engine/") + name);
  else settings_.setValue(QStringLiteral("engine/") + name, text);
}

void Settings::applyEngineSettings(fftscope::Settings& engine) const {
  for (const SettingEntry& entry : settingTable()) {
    const QString name = QString::fromUtf8(entry.name.data(), qsizetype(entry.name.size()));
    const QString text = engineSetting(name);
    if (text.isEmpty() || engine.isSet(entry.name)) continue;  // the environment wins
    const std::string problem = engine.set(entry.name, text.toStdString());
    if (!problem.empty()) engine.warn("preferences: " + problem);
  }
}

void Settings::sync() { settings_.sync(); }

int Settings::exportDpi() const {
  const int dpi = settings_.value("export/dpi", 192).toInt();
  return dpi >= 24 && dpi <= 1200 ? dpi : 192;
}
void Settings::setExportDpi(int dpi) { settings_.setValue("export/dpi", dpi); }
QString Settings::exportFormat() const { return settings_.value("export/format", "png").toString(); }
void Settings::setExportFormat(const QString& extension) { settings_.setValue("export/format", extension); }
bool Settings::exportCaption() const { return settings_.value("export/caption", false).toBool(); }
void Settings::setExportCaption(bool caption) { settings_.setValue("export/caption", caption); }

}  // namespace fftscope::gui
