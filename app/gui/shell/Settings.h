// Everything FFTScope remembers between runs, in one place over QSettings: window geometry and
// state, recent files, the last folder, and the Image workspace's choices. Keys live only here.
#pragma once

#include "imaging/FilterPipeline.h"
#include "imaging/SpectrumDisplay.h"

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace fftscope {
class Settings;
}

namespace fftscope::gui {

class Settings {
 public:
  Settings();  // the application's settings (organisation and application names set in main)
  explicit Settings(const QString& iniFile);  // for tests

  static constexpr int kMaxRecentFiles = 8;

  QByteArray windowGeometry() const;
  void setWindowGeometry(const QByteArray& geometry);
  QByteArray windowState() const;
  void setWindowState(const QByteArray& state);
  int currentWorkspace() const;
  void setCurrentWorkspace(int index);

  QStringList recentFiles() const;
  void addRecentFile(const QString& path);  // most recent first, no duplicates, at most kMaxRecentFiles
  void removeRecentFile(const QString& path);
  QString lastDirectory() const;
  void setLastDirectory(const QString& directory);

  imaging::PadMode padMode() const;
  void setPadMode(imaging::PadMode mode);
  imaging::ChannelMode channelMode() const;
  void setChannelMode(imaging::ChannelMode mode);
  imaging::DisplaySettings display() const;
  void setDisplay(const imaging::DisplaySettings& display);
  bool tabbedViews() const;
  void setTabbedViews(bool tabbed);
  bool maskOverlayVisible() const;
  void setMaskOverlayVisible(bool visible);
  QByteArray workspaceSplitter() const;
  void setWorkspaceSplitter(const QByteArray& state);

  QString deviceSelector() const;  // "" = the default device
  void setDeviceSelector(const QString& selector);

  // Export defaults (Preferences): the PNG resolution, the format first offered, the caption.
  int exportDpi() const;  // 192 when unset or out of range
  void setExportDpi(int dpi);
  QString exportFormat() const;  // an extension, "png" when unset
  void setExportFormat(const QString& extension);
  bool exportCaption() const;
  void setExportCaption(bool caption);

  // Preferences: the Signal workspace's window at start (a signal::WindowKind as int), the
  // autosave's delay after a change, and engine settings by their name in core's table
  // (settings/SettingTable.h), applied at start where the environment sets none.
  int defaultWindow() const;  // -1 when unset
  void setDefaultWindow(int kind);
  // The precision the Performance workspace's sweeps and the Butterfly explorer start with.
  QString defaultPrecision() const;  // "f32" or "f64"; "f32" when unset or unknown
  void setDefaultPrecision(const QString& precision);
  int autosaveSeconds() const;  // 2 when unset or out of range
  void setAutosaveSeconds(int seconds);
  static constexpr int kMinAutosaveSeconds = 1, kMaxAutosaveSeconds = 600;
  QString engineSetting(const QString& name) const;  // "" when unset
  void setEngineSetting(const QString& name, const QString& text);  // "" removes it
  void applyEngineSettings(fftscope::Settings& engine) const;

  void sync();

 private:
  mutable QSettings settings_;
};

}  // namespace fftscope::gui
