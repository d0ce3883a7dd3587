#include "image/OutputRangeBox.h"

#include <QSignalBlocker>

namespace fftscope::gui {

using imaging::OutputRange;

OutputRangeBox::OutputRangeBox(QWidget* parent) : QComboBox(parent) {
  setObjectName(QStringLiteral("outputRange"));
  addItem(tr("Automatic"), -1);
  addItem(tr("Offset to mid-grey"), int(OutputRange::Offset));
  addItem(tr("Stretch min–max"), int(OutputRange::Stretch));
  addItem(tr("Clip"), int(OutputRange::Clip));
  addItem(tr("32-bit float (TIFF)"), int(OutputRange::Float));
  setToolTip(tr("How the filtered values, signed after a high-pass or band-pass, become the image shown and "
                "saved. Automatic: offset to mid-grey for high-pass and band-pass, clip for the others. "
                "Float saves the exact values as a 32-bit TIFF (shown stretched)."));
  connect(this, &QComboBox::currentIndexChanged, this, &OutputRangeBox::choiceChanged);
}

std::optional<OutputRange> OutputRangeBox::choice() const {
  const int value = currentData().toInt();
  if (value < 0) return std::nullopt;
  return OutputRange(value);
}

void OutputRangeBox::setChoice(std::optional<OutputRange> range) {
  const QSignalBlocker block(this);
  setCurrentIndex(findData(range ? int(*range) : -1));
}

}  // namespace fftscope::gui
