#include "signal/AnalysisPanel.h"

#include "signal/Overlap.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fftscope::gui {

namespace {

const std::pair<const char*, signal::WindowKind> kWindows[] = {
    {"Rectangular", signal::WindowKind::Rectangular}, {"Hann", signal::WindowKind::Hann},
    {"Hamming", signal::WindowKind::Hamming},         {"Blackman", signal::WindowKind::Blackman},
    {"Blackman-Harris", signal::WindowKind::BlackmanHarris}, {"Flat-top", signal::WindowKind::FlatTop},
    {"Kaiser (β)", signal::WindowKind::Kaiser},       {"Gaussian (σ)", signal::WindowKind::Gaussian}};

const std::pair<const char*, QCPColorGradient::GradientPreset> kGradients[] = {
    {"Thermal", QCPColorGradient::gpThermal}, {"Hot", QCPColorGradient::gpHot},
    {"Jet", QCPColorGradient::gpJet},         {"Grey", QCPColorGradient::gpGrayscale},
    {"Night", QCPColorGradient::gpNight},     {"Spectrum", QCPColorGradient::gpSpectrum}};

QDoubleSpinBox* spin(double low, double high, double value, double step, int decimals, const QString& suffix = {}) {
  auto* box = new QDoubleSpinBox;
  box->setRange(low, high);
  box->setDecimals(decimals);
  box->setSingleStep(step);
  box->setValue(value);
  box->setSuffix(suffix);
  return box;
}

}  // namespace

QComboBox* AnalysisPanel::makeWindowCombo() {
  auto* combo = new QComboBox;
  for (const auto& [name, kind] : kWindows) combo->addItem(tr(name), int(kind));
  combo->setCurrentIndex(1);
  return combo;
}

// The list offers powers of two; any size the engine takes can be typed instead (48000 at 48 kHz
// gives 1 Hz bins).
QComboBox* AnalysisPanel::makeSizeCombo(int smallest, int largest, int chosen) {
  auto* combo = new QComboBox;
  combo->setEditable(true);
  combo->setInsertPolicy(QComboBox::NoInsert);
  combo->setValidator(new QIntValidator(2, largest, combo));
  for (int n = smallest; n <= largest; n *= 2) combo->addItem(QString::number(n), n);
  combo->setCurrentIndex(combo->findData(chosen));
  combo->setToolTip(tr("Points per transform: any size from 2 to %1, typed or chosen").arg(largest));
  return combo;
}

std::size_t AnalysisPanel::sizeIn(const QComboBox* combo) {
  bool ok = false;
  const int typed = combo->currentText().toInt(&ok);
  return ok && typed >= 2 ? std::size_t(typed) : std::size_t(combo->itemData(0).toInt());
}

AnalysisPanel::AnalysisPanel(QWidget* parent) : QWidget(parent) {
  auto* spectrum = new QGroupBox(tr("Spectrum"));
  auto* form = new QFormLayout(spectrum);
  window_ = makeWindowCombo();
  windowParameter_ = spin(0.05, 40.0, 8.6, 0.1, 2);
  windowParameter_->setToolTip(tr("Kaiser β, or Gaussian σ as a fraction of half the window"));
  fftSize_ = makeSizeCombo(256, 1 << 20, 4096);
  fftSize_->setToolTip(tr("Points per transform. Without averaging, a selection longer than this is transformed "
                          "whole (the note below says so); a shorter one is zero padded to it"));
  welch_ = new QCheckBox(tr("Welch averaging"));
  overlap_ = spin(0.0, 95.0, 50.0, 5.0, 0, tr(" % overlap"));
  scale_ = new QComboBox;
  scale_->addItem(tr("dBFS"), int(signal::SpectrumScale::Dbfs));
  scale_->addItem(tr("linear (FS)"), int(signal::SpectrumScale::Linear));
  scale_->addItem(tr("PSD (dB/Hz)"), int(signal::SpectrumScale::Psd));
  logFrequency_ = new QCheckBox(tr("log frequency axis"));
  logFrequency_->setChecked(true);  // audio spreads over decades
  peaks_ = new QSpinBox;
  peaks_->setRange(0, 20);
  peaks_->setValue(8);
  form->addRow(tr("Window"), window_);
  form->addRow(tr("β / σ"), windowParameter_);
  form->addRow(tr("FFT size"), fftSize_);
  transformNote_ = new QLabel;
  transformNote_->setWordWrap(true);
  transformNote_->setStyleSheet(QStringLiteral("color: #8a5a00"));
  transformNote_->setVisible(false);
  form->addRow(transformNote_);
  form->addRow(welch_, overlap_);
  form->addRow(tr("Scale"), scale_);
  form->addRow(tr("Peaks"), peaks_);
  form->addRow(logFrequency_);

  auto* gram = new QGroupBox(tr("Spectrogram"));
  auto* gramForm = new QFormLayout(gram);
  gramWindow_ = makeWindowCombo();
  gramSize_ = makeSizeCombo(64, 16384, 1024);
  gramOverlap_ = spin(0.0, 95.0, 75.0, 5.0, 0, tr(" %"));
  gradient_ = new QComboBox;
  for (const auto& [name, preset] : kGradients) gradient_->addItem(tr(name), int(preset));
  topDb_ = spin(-200.0, 40.0, 0.0, 5.0, 0, tr(" dBFS"));
  rangeDb_ = spin(10.0, 200.0, 100.0, 10.0, 0, tr(" dB"));
  gramForm->addRow(tr("Window"), gramWindow_);
  gramForm->addRow(tr("FFT size"), gramSize_);
  gramForm->addRow(tr("Overlap"), gramOverlap_);
  gramForm->addRow(tr("Colours"), gradient_);
  gramForm->addRow(tr("Top"), topDb_);
  gramForm->addRow(tr("Range"), rangeDb_);
  gramOfFiltered_ = new QCheckBox(tr("of the filtered signal"));
  gramForm->addRow(gramOfFiltered_);
  gramLogFrequency_ = new QCheckBox(tr("log frequency axis"));
  gramLogFrequency_->setObjectName(QStringLiteral("spectrogramLogFrequency"));
  gramForm->addRow(gramLogFrequency_);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(spectrum);
  layout->addWidget(gram);

  auto spectrumChanged = [this] {
    const auto kind = signal::WindowKind(window_->currentData().toInt());
    windowParameter_->setEnabled(kind == signal::WindowKind::Kaiser || kind == signal::WindowKind::Gaussian);
    overlap_->setEnabled(welch_->isChecked());
    emit spectrumSettingsChanged();
  };
  spectrumChanged();
  for (QComboBox* combo : {window_, fftSize_, scale_})
    connect(combo, &QComboBox::currentIndexChanged, this, spectrumChanged);
  connect(fftSize_->lineEdit(), &QLineEdit::editingFinished, this, spectrumChanged);
  connect(gramSize_->lineEdit(), &QLineEdit::editingFinished, this, &AnalysisPanel::spectrogramSettingsChanged);
  for (QDoubleSpinBox* box : {windowParameter_, overlap_}) connect(box, &QDoubleSpinBox::valueChanged, this, spectrumChanged);
  connect(welch_, &QCheckBox::toggled, this, spectrumChanged);
  connect(peaks_, &QSpinBox::valueChanged, this, spectrumChanged);
  for (QCheckBox* box : {logFrequency_, gramLogFrequency_}) connect(box, &QCheckBox::toggled, this, &AnalysisPanel::displayChanged);
  for (QComboBox* combo : {gramWindow_, gramSize_})
    connect(combo, &QComboBox::currentIndexChanged, this, &AnalysisPanel::spectrogramSettingsChanged);
  connect(gramOverlap_, &QDoubleSpinBox::valueChanged, this, &AnalysisPanel::spectrogramSettingsChanged);
  connect(gradient_, &QComboBox::currentIndexChanged, this, &AnalysisPanel::displayChanged);
  connect(gramOfFiltered_, &QCheckBox::toggled, this, &AnalysisPanel::spectrogramSourceChanged);
  for (QDoubleSpinBox* box : {topDb_, rangeDb_}) connect(box, &QDoubleSpinBox::valueChanged, this, &AnalysisPanel::displayChanged);
}

signal::SpectrumSettings AnalysisPanel::spectrumSettings() const {
  signal::SpectrumSettings settings;
  settings.window.kind = signal::WindowKind(window_->currentData().toInt());
  if (windowParameter_->isEnabled()) settings.window.parameter = windowParameter_->value();
  settings.fftSize = sizeIn(fftSize_);
  settings.averaging = welch_->isChecked() ? signal::Averaging::Welch : signal::Averaging::None;
  settings.overlap = overlap_->value() / 100.0;
  settings.scale = signal::SpectrumScale(scale_->currentData().toInt());
  return settings;
}

signal::SpectrogramSettings AnalysisPanel::spectrogramSettings(const signal::SpectrogramSettings& base) const {
  signal::SpectrogramSettings settings = base;
  settings.window.kind = signal::WindowKind(gramWindow_->currentData().toInt());
  settings.fftSize = sizeIn(gramSize_);
  // The spin box's 0 .. 95% always gives a hop the rule takes.
  settings.hop = signal::hopForOverlap(settings.fftSize, gramOverlap_->value() / 100.0);
  return settings;
}

void AnalysisPanel::showTransformUsed(const signal::Spectrum& spectrum) {
  const std::size_t shown = sizeIn(fftSize_);
  const bool differs = spectrum.fftSize != shown;
  transformNote_->setText(differs ? tr("Not averaged: the whole selection is one transform of %1 points. Tick Welch "
                                       "to use segments of %2.")
                                        .arg(spectrum.fftSize).arg(shown)
                                  : QString());
  transformNote_->setVisible(differs);
}

QString AnalysisPanel::transformNote() const { return transformNote_->isVisible() ? transformNote_->text() : QString(); }

void AnalysisPanel::setSpectrogramOfFiltered(bool on) { gramOfFiltered_->setChecked(on); }
bool AnalysisPanel::spectrogramOfFiltered() const { return gramOfFiltered_->isChecked(); }
bool AnalysisPanel::welch() const { return welch_->isChecked(); }
bool AnalysisPanel::logFrequency() const { return logFrequency_->isChecked(); }
bool AnalysisPanel::spectrogramLogFrequency() const { return gramLogFrequency_->isChecked(); }
int AnalysisPanel::maxPeaks() const { return peaks_->value(); }
double AnalysisPanel::topDb() const { return topDb_->value(); }
double AnalysisPanel::rangeDb() const { return rangeDb_->value(); }
QCPColorGradient::GradientPreset AnalysisPanel::gradient() const {
  return QCPColorGradient::GradientPreset(gradient_->currentData().toInt());
}

void AnalysisPanel::setWindow(signal::WindowKind kind, double parameter) {
  if (parameter > 0.0) windowParameter_->setValue(parameter);
  window_->setCurrentIndex(window_->findData(int(kind)));
}
void AnalysisPanel::setFftSize(int size) {
  const int at = fftSize_->findData(size);
  if (at >= 0)
    fftSize_->setCurrentIndex(at);
  else
    fftSize_->setEditText(QString::number(size));
  emit spectrumSettingsChanged();
}
void AnalysisPanel::setScale(signal::SpectrumScale scale) { scale_->setCurrentIndex(scale_->findData(int(scale))); }
void AnalysisPanel::setWelch(bool on, double overlapPercent) {
  overlap_->setValue(overlapPercent);
  welch_->setChecked(on);
}

}  // namespace fftscope::gui
