// What the engine service says of itself once started: the device in use, or why FFTW computes.
#pragma once

#include <QMetaType>
#include <QString>

namespace fftscope::gui {

struct EngineInfo {
  QString deviceName;
  QString platformName;
  QString driverVersion;
  QString notice;  // why FFTW computes instead of the engine; empty when the engine does
  bool openCl = false;
};

}  // namespace fftscope::gui

Q_DECLARE_METATYPE(fftscope::gui::EngineInfo)
