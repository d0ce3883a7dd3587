// The live mode's choices: the input (a sound card from Qt Multimedia's list, or the generated
// signal), its rate, channels and buffer; the spectrum's window, FFT size, overlap and averaging;
// the octave bands' fraction, frequency weighting and time weighting.
#pragma once

#include "signal/LiveAnalyser.h"

#include <QAudioDevice>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace fftscope::gui {

class LivePanel : public QWidget {
  Q_OBJECT

 public:
  explicit LivePanel(QWidget* parent = nullptr);

  LiveSettings settings() const;
  LiveAudioFormat format() const;
  // The chosen sound card, or none for the generated signal.
  std::optional<QAudioDevice> device() const;
  bool hasDevices() const { return !devices_.isEmpty(); }
  QComboBox* sourcePicker() const { return source_; }
  QComboBox* fftSizePicker() const { return fftSize_; }
  QComboBox* bufferPicker() const { return buffer_; }
  QDoubleSpinBox* overlapBox() const { return overlap_; }
  QCheckBox* hopFromDisplayBox() const { return hopFromDisplay_; }
  QComboBox* averagingPicker() const { return averaging_; }
  QComboBox* fractionPicker() const { return fraction_; }
  QComboBox* weightingPicker() const { return weighting_; }
  QComboBox* timeWeightingPicker() const { return timeWeighting_; }
  QPushButton* resetButton() const { return reset_; }
  QString weightingUnit() const;  // e.g. "dB(A) FS, Fast"

 signals:
  void sourceChanged();  // the input or its format: restart to apply
  void settingsChanged();
  void resetAveraging();

 private:
  QList<QAudioDevice> devices_;
  QComboBox *source_, *rate_, *buffer_, *window_, *fftSize_, *channel_, *averaging_, *fraction_, *weighting_,
      *timeWeighting_;
  QSpinBox* channels_;
  QDoubleSpinBox *overlap_, *averagingSeconds_;
  QCheckBox* hopFromDisplay_;
  QPushButton* reset_;
};

}  // namespace fftscope::gui
