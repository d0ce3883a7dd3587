// How the original and filtered views spread sample values over black .. white: automatic (0.35%
// saturated, like ImageJ's auto contrast), the full range of the bit depth, or a custom min-max.
// Only the pictures change; saved files keep their values.
#pragma once

#include "imaging/DisplayRange.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace fftscope::gui {

class DisplayRangePanel : public QWidget {
  Q_OBJECT

 public:
  explicit DisplayRangePanel(QWidget* parent = nullptr);

  imaging::DisplayRangeSettings settings() const;
  void setSettings(const imaging::DisplayRangeSettings& settings);  // does not emit
  // What the views show now, in sample values (for the user to start a custom range from).
  void showRanges(const imaging::DisplayRange& original, const imaging::DisplayRange& filtered, float maxLevel);

 signals:
  void settingsChanged(const imaging::DisplayRangeSettings& settings);

 private:
  void updateEnabled();

  QComboBox* mode_;
  QDoubleSpinBox* low_;
  QDoubleSpinBox* high_;
  QLabel* shown_;
};

}  // namespace fftscope::gui
