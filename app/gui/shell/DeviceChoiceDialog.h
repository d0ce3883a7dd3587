// Which devices the engine uses: one, several (work that splits into independent parts is spread
// over them), or the default. The choice is a device list as `fftscope-cli --devices` takes it,
// kept in the settings and taken when the engine next starts.
#pragma once

#include "engine/cl/Devices.h"

#include <QDialog>

#include <vector>

class QLineEdit;
class QListWidget;

namespace fftscope::gui {

class DeviceChoiceDialog : public QDialog {
  Q_OBJECT

 public:
  // devices: as cl::listDevices() gives them; selector: the current choice ("" = the default).
  DeviceChoiceDialog(const std::vector<cl::DeviceInfo>& devices, const QString& selector, QWidget* parent = nullptr);

  // The list chosen: "" (the default device), "2", "0,1", or what was typed ("0/2", "all").
  QString selector() const;
  // The list for the devices at these places (of listDevices()), in order.
  static QString selectorFor(const std::vector<int>& indices);

 private:
  void showChecked();

  QListWidget* list_;
  QLineEdit* selector_;
};

}  // namespace fftscope::gui
