// The filter's controls: a low-, high-, band-pass or band-stop (ideal, Gaussian or Butterworth of
// order n) with cutoffs in Hz, a list of notches (added by double-clicking the spectrum or for
// mains hum and its harmonics in one click), and a drawn gain curve. Every edit is handed on as a whole new spec, which
// the document puts on its undo stack; the panel shows whatever spec the document holds.
#pragma once

#include "signal/FilterDesign.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QSpinBox;

namespace fftscope::gui {

class GainCurveEditor;

class SignalFilterPanel : public QWidget {
  Q_OBJECT

 public:
  explicit SignalFilterPanel(QWidget* parent = nullptr);

  void showSpec(const signal::SignalFilterSpec& spec);  // no edit is emitted
  void setSampleRate(double rate);
  void addNotch(double frequencyHz);
  void addHum(double mainsHz);
  void setStatus(const QString& text);
  GainCurveEditor* gainCurveEditor() const { return curve_; }

 signals:
  void specEdited(const fftscope::signal::SignalFilterSpec& spec, const QString& description);

 private:
  signal::SignalFilterSpec specFromControls() const;
  void emitEdit(const QString& description);
  void updateEnabled();

  signal::SignalFilterSpec spec_;
  double sampleRate_ = 48000.0;
  bool showing_ = false;
  QComboBox *kind_, *shape_;
  QDoubleSpinBox *cutoff_, *upperCutoff_, *notchWidth_;
  QSpinBox *order_, *harmonics_;
  QListWidget* notches_;
  QLabel* status_;
  GainCurveEditor* curve_;
};

}  // namespace fftscope::gui
