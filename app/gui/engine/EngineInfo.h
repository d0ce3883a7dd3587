// What the engine service says of itself once started: the devices in use, or why FFTW computes.
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace fftscope::gui {

struct EngineInfo {
  QString deviceName;
  QString platformName;
  QString driverVersion;
  QStringList devices;  // each device in use, as its timing records name it (several: "1: name")
  QString notice;  // why FFTW computes instead of the engine; empty when the engine does
  bool openCl = false;
};

}  // namespace fftscope::gui

Q_DECLARE_METATYPE(fftscope::gui::EngineInfo)
