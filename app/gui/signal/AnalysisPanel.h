// The spectrum's and the spectrogram's settings: window (with Kaiser beta or Gaussian sigma),
// FFT size, Welch averaging and overlap, scale, log frequency axis, peaks; the spectrogram's
// window, size, overlap, colour map, dB range and log frequency axis.
#pragma once

#include "signal/Spectrogram.h"
#include "signal/Spectrum.h"

#include <qcustomplot.h>

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QDoubleSpinBox;
class QSpinBox;

namespace fftscope::gui {

// Everything the panel shows, as the user set it: what a session keeps.
struct AnalysisChoices {
  int window = 1, gramWindow = 1;  // indices in the window lists
  double windowParameter = 8.6;
  QString fftSize = QStringLiteral("4096"), gramSize = QStringLiteral("1024");  // as typed or chosen
  bool welch = false;
  double overlap = 50.0, gramOverlap = 75.0;  // percent
  int scale = 0, gradient = 0, peaks = 8;
  bool logFrequency = true, gramLogFrequency = false, gramOfFiltered = false;
  double topDb = 0.0, rangeDb = 100.0;
};

class AnalysisPanel : public QWidget {
  Q_OBJECT

 public:
  explicit AnalysisPanel(QWidget* parent = nullptr);

  signal::SpectrumSettings spectrumSettings() const;
  signal::SpectrogramSettings spectrogramSettings(const signal::SpectrogramSettings& base) const;
  bool logFrequency() const;
  bool spectrogramLogFrequency() const;
  int maxPeaks() const;
  double topDb() const;
  double rangeDb() const;
  QCPColorGradient::GradientPreset gradient() const;
  bool spectrogramOfFiltered() const;

  // AnalysisPanelChoices.cpp. Setting them acts as the user's edits do (once for each kind of
  // change); values out of a control's range are clamped by it.
  AnalysisChoices choices() const;
  void setChoices(const AnalysisChoices& choices);

  // For tests and start options.
  void setWindow(signal::WindowKind kind, double parameter = 0.0);
  void setFftSize(int size);
  void setScale(signal::SpectrumScale scale);
  void setWelch(bool on, double overlapPercent = 50.0);
  bool welch() const;
  void setSpectrogramOfFiltered(bool on);
  // The transform a spectrum used: where it is not the size shown (no averaging over a selection
  // longer than it), a note under the size says so; else none.
  void showTransformUsed(const signal::Spectrum& spectrum);
  QString transformNote() const;

  // The window and size choices, shared with the live mode.
  static QComboBox* makeWindowCombo();
  static QComboBox* makeSizeCombo(int smallest, int largest, int chosen);
  static std::size_t sizeIn(const QComboBox* combo);  // the typed or chosen size

 signals:
  void spectrumSettingsChanged();
  void spectrogramSettingsChanged();
  void displayChanged();  // log axis, colour map, dB range
  void spectrogramSourceChanged(bool ofFiltered);

 private:

  QComboBox *window_, *fftSize_, *scale_;
  QDoubleSpinBox *windowParameter_, *overlap_;
  QCheckBox *welch_, *logFrequency_, *gramOfFiltered_, *gramLogFrequency_;
  QSpinBox* peaks_;
  QLabel* transformNote_;
  QComboBox *gramWindow_, *gramSize_, *gradient_;
  QDoubleSpinBox *gramOverlap_, *topDb_, *rangeDb_;
};

}  // namespace fftscope::gui
