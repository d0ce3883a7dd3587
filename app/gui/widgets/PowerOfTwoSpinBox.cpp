#include "widgets/PowerOfTwoSpinBox.h"

#include <QRegularExpression>

namespace fftscope::gui {

PowerOfTwoSpinBox::PowerOfTwoSpinBox(QWidget* parent) : QSpinBox(parent) {
  setToolTip(tr("A power of two: type 2^12, 4096 or the exponent 12"));
}

QString PowerOfTwoSpinBox::textFromValue(int value) const { return QStringLiteral("2^%1").arg(value); }

std::optional<int> PowerOfTwoSpinBox::exponentOf(const QString& text) const {
  static const QRegularExpression power(QStringLiteral("^\\s*2\\s*(?:\\^|\\*\\*)\\s*(\\d{1,3})\\s*$"));
  static const QRegularExpression number(QStringLiteral("^\\s*(\\d{1,19})\\s*$"));
  auto inRange = [this](long long k) -> std::optional<int> {
    if (k < minimum() || k > maximum()) return std::nullopt;
    return int(k);
  };
  if (const auto m = power.match(text); m.hasMatch()) return inRange(m.captured(1).toLongLong());
  const auto m = number.match(text);
  if (!m.hasMatch()) return std::nullopt;
  bool ok = false;
  const qulonglong n = m.captured(1).toULongLong(&ok);
  if (!ok) return std::nullopt;
  if (n != 0 && (n & (n - 1)) == 0) {  // a power of two: the size, when its exponent is in range
    int k = 0;
    while ((qulonglong{1} << k) < n) ++k;
    if (k >= minimum() && k <= maximum()) return k;
  }
  return inRange((long long)(n));
}

int PowerOfTwoSpinBox::valueFromText(const QString& text) const { return exponentOf(text).value_or(value()); }

QValidator::State PowerOfTwoSpinBox::validate(QString& text, int&) const {
  if (exponentOf(text)) return QValidator::Acceptable;
  // What a person may be half-way through typing: "2", "2^", "40" on the way to "4096".
  static const QRegularExpression partial(QStringLiteral("^\\s*(2\\s*(\\^|\\*{1,2})?\\s*)?\\d{0,19}\\s*$"));
  return partial.match(text).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
}

}  // namespace fftscope::gui
