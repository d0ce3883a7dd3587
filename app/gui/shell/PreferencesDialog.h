// Edit > Preferences (FFTScope > Settings on macOS): the device, the Signal workspace's window at
// start, the spectrum's colour map, the autosave's delay, export defaults and the engine's program
// cache, kept in Settings (QSettings). The engine's rows are entries of core's setting table
// (settings/SettingTable.h): their text, default and the values they take come from there, and
// they apply at the next start (the engine reads its settings once); the rest apply at once.
#pragma once

#include <QDialog>

#include <vector>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace fftscope {
struct SettingEntry;
}

namespace fftscope::gui {

class Settings;

class PreferencesDialog : public QDialog {
  Q_OBJECT

 public:
  explicit PreferencesDialog(Settings* settings, QWidget* parent = nullptr);

  // Sets every control to its default (stored on Apply or OK).
  void restoreDefaults();
  // Stores the controls: empty, or the problem (an engine value it does not take) with nothing stored.
  QString apply();

  // The engine settings offered, by name in core's table.
  static const std::vector<const SettingEntry*>& engineEntries();

 signals:
  void applied();  // after the settings were stored: the window applies them

 private:
  void load();

  Settings* settings_;
  QLineEdit* device_;
  QComboBox* window_;
  QComboBox* colourMap_;
  QComboBox* precision_;
  QSpinBox* autosave_;
  QSpinBox* dpi_;
  QComboBox* format_;
  QCheckBox* caption_;
  std::vector<QLineEdit*> engine_;  // as engineEntries()
};

}  // namespace fftscope::gui
