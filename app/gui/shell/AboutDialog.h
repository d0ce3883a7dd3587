// Help > About: the version, the device the engine computes on, and what the application is built on.
#pragma once

#include "image/ImageTypes.h"

#include <QDialog>

namespace fftscope::gui {

class AboutDialog : public QDialog {
  Q_OBJECT

 public:
  AboutDialog(const EngineInfo& engine, bool engineReady, QWidget* parent = nullptr);
  static QString deviceDescription(const EngineInfo& engine, bool engineReady);
};

}  // namespace fftscope::gui
