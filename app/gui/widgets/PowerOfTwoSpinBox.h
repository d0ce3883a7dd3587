// A size field: holds an exponent k and shows the size as "2^k". It takes what it shows ("2^12"),
// the size itself ("4096"), or the exponent alone ("12") where that cannot be read as a size (a
// power of two whose exponent is in range is a size).
#pragma once

#include <QSpinBox>

#include <optional>

namespace fftscope::gui {

class PowerOfTwoSpinBox : public QSpinBox {
  Q_OBJECT

 public:
  explicit PowerOfTwoSpinBox(QWidget* parent = nullptr);

  // The exponent `text` names, if it names one within the range.
  std::optional<int> exponentOf(const QString& text) const;

 protected:
  QString textFromValue(int value) const override;
  int valueFromText(const QString& text) const override;
  QValidator::State validate(QString& text, int& pos) const override;
};

}  // namespace fftscope::gui
