// The filter panel's choice of how the filtered values are shown and saved (imaging::OutputRange):
// Automatic follows the filter (offset for high-pass and band-pass, clip for the others).
#pragma once

#include "imaging/OutputRange.h"

#include <QComboBox>

#include <optional>

namespace fftscope::gui {

class OutputRangeBox : public QComboBox {
  Q_OBJECT

 public:
  explicit OutputRangeBox(QWidget* parent = nullptr);

  std::optional<imaging::OutputRange> choice() const;  // empty: Automatic
  void setChoice(std::optional<imaging::OutputRange> range);  // does not emit

 signals:
  void choiceChanged();
};

}  // namespace fftscope::gui
