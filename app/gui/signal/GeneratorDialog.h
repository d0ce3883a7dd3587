// Makes a test signal: a sum of sines, a linear or logarithmic chirp, a square or sawtooth wave,
// an impulse, white or pink noise; at a rate for a duration. The signal is made on the engine
// thread like any other load.
#pragma once

#include "signal/Signal.h"

#include <QDialog>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace fftscope::gui {

class GeneratorDialog : public QDialog {
  Q_OBJECT

 public:
  explicit GeneratorDialog(QWidget* parent = nullptr);

  // What to run, and its name ("1000 Hz sine, 48 kHz, 1 s"). Throws std::invalid_argument for a
  // badly written list of tones.
  std::function<signal::Signal()> generator() const;
  QString name() const;

 private:
  void updateEnabled();

  QComboBox* kind_;
  QLineEdit* tones_;
  QDoubleSpinBox *frequency_, *endFrequency_, *amplitude_, *rate_, *seconds_;
};

}  // namespace fftscope::gui
