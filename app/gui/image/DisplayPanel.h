// How the spectrum is shown: the quantity (log magnitude, magnitude, power, phase), the colour
// map, the contrast (black and white levels, gamma) and the mask overlay.
#pragma once

#include "imaging/SpectrumDisplay.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QSlider;

namespace fftscope::gui {

class DisplayPanel : public QWidget {
  Q_OBJECT

 public:
  explicit DisplayPanel(QWidget* parent = nullptr);
  // The colour maps offered, each item's data the ColourMap (also in Preferences).
  static QComboBox* makeColourMapCombo();

  imaging::DisplaySettings settings() const;
  void setSettings(const imaging::DisplaySettings& settings);  // does not emit
  bool overlayVisible() const;
  void setOverlayVisible(bool visible);  // does not emit

 signals:
  void settingsChanged(const imaging::DisplaySettings& settings);
  void overlayVisibleChanged(bool visible);

 private:
  void emitSettings();

  QComboBox* quantity_;
  QComboBox* colourMap_;
  QSlider* black_;
  QSlider* white_;
  QSlider* gamma_;
  QCheckBox* overlay_;
  bool showing_ = false;
};

}  // namespace fftscope::gui
