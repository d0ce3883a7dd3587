#include "signal/GeneratorDialog.h"

#include "signal/Generators.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>

#include <stdexcept>

namespace fftscope::gui {

namespace {

enum Kind { Sines, LinearChirp, LogChirp, Square, Sawtooth, Impulse, WhiteNoise, PinkNoise };

QDoubleSpinBox* spin(double low, double high, double value, int decimals, const QString& suffix) {
  auto* box = new QDoubleSpinBox;
  box->setRange(low, high);
  box->setDecimals(decimals);
  box->setValue(value);
  box->setSuffix(suffix);
  return box;
}

// "1000:0.5, 3000:0.1" -> tones (frequency:amplitude; amplitude 1 when left out).
std::vector<signal::Tone> parseTones(const QString& text) {
  std::vector<signal::Tone> tones;
  for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const QStringList parts = item.trimmed().split(QLatin1Char(':'));
    bool okF = false, okA = true;
    signal::Tone tone;
    tone.frequencyHz = parts[0].toDouble(&okF);
    if (parts.size() > 1) tone.amplitude = parts[1].toDouble(&okA);
    if (!okF || !okA || parts.size() > 2)
      throw std::invalid_argument("tones are written frequency:amplitude, separated by commas (e.g. 1000:0.5, 3000:0.1)");
    tones.push_back(tone);
  }
  if (tones.empty()) throw std::invalid_argument("give at least one tone");
  return tones;
}

}  // namespace

GeneratorDialog::GeneratorDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Generate a Signal"));
  auto* form = new QFormLayout(this);
  kind_ = new QComboBox;
  kind_->addItems({tr("Sum of sines"), tr("Chirp, linear"), tr("Chirp, logarithmic"), tr("Square"), tr("Sawtooth"),
                   tr("Impulse"), tr("White noise"), tr("Pink noise")});
  tones_ = new QLineEdit(QStringLiteral("1000:0.5"));
  tones_->setToolTip(tr("frequency:amplitude, separated by commas"));
  frequency_ = spin(0.01, 1e6, 100.0, 2, tr(" Hz"));
  endFrequency_ = spin(0.01, 1e6, 10000.0, 2, tr(" Hz"));
  amplitude_ = spin(0.0, 10.0, 0.5, 3, tr(" FS"));
  rate_ = spin(1.0, 10e6, 48000.0, 1, tr(" Hz"));
  seconds_ = spin(0.001, 7200.0, 2.0, 3, tr(" s"));
  form->addRow(tr("Signal"), kind_);
  form->addRow(tr("Tones"), tones_);
  form->addRow(tr("Frequency / start"), frequency_);
  form->addRow(tr("End frequency"), endFrequency_);
  form->addRow(tr("Amplitude / RMS"), amplitude_);
  form->addRow(tr("Sample rate"), rate_);
  form->addRow(tr("Duration"), seconds_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
  connect(kind_, &QComboBox::currentIndexChanged, this, &GeneratorDialog::updateEnabled);
  updateEnabled();
}

void GeneratorDialog::updateEnabled() {
  const int kind = kind_->currentIndex();
  tones_->setEnabled(kind == Sines);
  frequency_->setEnabled(kind != Sines && kind != WhiteNoise && kind != PinkNoise && kind != Impulse);
  endFrequency_->setEnabled(kind == LinearChirp || kind == LogChirp);
}

QString GeneratorDialog::name() const {
  return tr("%1, %2 Hz, %3 s").arg(kind_->currentText()).arg(rate_->value()).arg(seconds_->value());
}

std::function<signal::Signal()> GeneratorDialog::generator() const {
  const signal::Timebase timebase{rate_->value(), seconds_->value()};
  const double f = frequency_->value(), f1 = endFrequency_->value(), a = amplitude_->value();
  const std::string name = this->name().toStdString();
  std::function<signal::Signal()> make;
  switch (kind_->currentIndex()) {
    case Sines: make = [timebase, tones = parseTones(tones_->text())] { return signal::sumOfSines(timebase, tones); }; break;
    case LinearChirp: make = [=] { return signal::chirp(timebase, f, f1, signal::ChirpSweep::Linear, a); }; break;
    case LogChirp: make = [=] { return signal::chirp(timebase, f, f1, signal::ChirpSweep::Logarithmic, a); }; break;
    case Square: make = [=] { return signal::square(timebase, f, a); }; break;
    case Sawtooth: make = [=] { return signal::sawtooth(timebase, f, a); }; break;
    case Impulse: make = [=] { return signal::impulse(timebase, timebase.seconds / 2.0, a); }; break;
    case WhiteNoise: make = [=] { return signal::whiteNoise(timebase, a, 1); }; break;
    default: make = [=] { return signal::pinkNoise(timebase, a, 1); }; break;
  }
  return [make, name] {
    signal::Signal s = make();
    s.sourceName = name;
    return s;
  };
}

}  // namespace fftscope::gui
