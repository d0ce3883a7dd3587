// The analysis panel's controls read and set together, for sessions.
#include "signal/AnalysisPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <memory>
#include <vector>

namespace fftscope::gui {

AnalysisChoices AnalysisPanel::choices() const {
  AnalysisChoices c;
  c.window = window_->currentIndex();
  c.gramWindow = gramWindow_->currentIndex();
  c.windowParameter = windowParameter_->value();
  c.fftSize = fftSize_->currentText();
  c.gramSize = gramSize_->currentText();
  c.welch = welch_->isChecked();
  c.overlap = overlap_->value();
  c.gramOverlap = gramOverlap_->value();
  c.scale = scale_->currentIndex();
  c.gradient = gradient_->currentIndex();
  c.peaks = peaks_->value();
  c.logFrequency = logFrequency_->isChecked();
  c.gramLogFrequency = gramLogFrequency_->isChecked();
  c.gramOfFiltered = gramOfFiltered_->isChecked();
  c.topDb = topDb_->value();
  c.rangeDb = rangeDb_->value();
  return c;
}

void AnalysisPanel::setChoices(const AnalysisChoices& c) {
  {
    // Every control at once, then one word for each kind of change.
    const QList<QWidget*> controls{window_, gramWindow_, windowParameter_, fftSize_, gramSize_, welch_, overlap_,
                                   gramOverlap_, scale_, gradient_, peaks_, logFrequency_, gramLogFrequency_,
                                   gramOfFiltered_, topDb_, rangeDb_};
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (QWidget* control : controls) blockers.push_back(std::make_unique<QSignalBlocker>(control));
    auto pick = [](QComboBox* combo, int index) { combo->setCurrentIndex(std::clamp(index, 0, combo->count() - 1)); };
    pick(window_, c.window);
    pick(gramWindow_, c.gramWindow);
    pick(scale_, c.scale);
    pick(gradient_, c.gradient);
    windowParameter_->setValue(c.windowParameter);
    fftSize_->setCurrentText(c.fftSize);
    gramSize_->setCurrentText(c.gramSize);
    welch_->setChecked(c.welch);
    overlap_->setValue(c.overlap);
    gramOverlap_->setValue(c.gramOverlap);
    peaks_->setValue(c.peaks);
    logFrequency_->setChecked(c.logFrequency);
    gramLogFrequency_->setChecked(c.gramLogFrequency);
    gramOfFiltered_->setChecked(c.gramOfFiltered);
    topDb_->setValue(c.topDb);
    rangeDb_->setValue(c.rangeDb);
  }
  const auto kind = signal::WindowKind(window_->currentData().toInt());
  windowParameter_->setEnabled(kind == signal::WindowKind::Kaiser || kind == signal::WindowKind::Gaussian);
  overlap_->setEnabled(welch_->isChecked());
  emit spectrumSettingsChanged();
  emit spectrogramSettingsChanged();
  emit spectrogramSourceChanged(gramOfFiltered_->isChecked());
  emit displayChanged();
}

}  // namespace fftscope::gui
