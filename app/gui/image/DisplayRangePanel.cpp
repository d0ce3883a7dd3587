#include "image/DisplayRangePanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace fftscope::gui {

using imaging::DisplayRangeMode;

DisplayRangePanel::DisplayRangePanel(QWidget* parent) : QWidget(parent) {
  auto* group = new QGroupBox(tr("Image display range"));
  auto* form = new QFormLayout(group);
  mode_ = new QComboBox;
  mode_->setObjectName(QStringLiteral("displayRangeMode"));
  mode_->addItem(tr("Auto (0.35% saturated)"), int(DisplayRangeMode::Auto));
  mode_->addItem(tr("Full bit depth"), int(DisplayRangeMode::Full));
  mode_->addItem(tr("Custom min–max"), int(DisplayRangeMode::Custom));
  mode_->setToolTip(tr("Which sample values the original and filtered views show from black to white. "
                       "Saved images keep their values."));
  low_ = new QDoubleSpinBox;
  high_ = new QDoubleSpinBox;
  for (QDoubleSpinBox* spin : {low_, high_}) {
    spin->setRange(-1e6, 1e6);
    spin->setDecimals(0);
    spin->setKeyboardTracking(false);
  }
  high_->setValue(255);
  auto* limits = new QHBoxLayout;
  limits->addWidget(low_);
  limits->addWidget(new QLabel(QStringLiteral("–")));
  limits->addWidget(high_);
  shown_ = new QLabel;
  shown_->setWordWrap(true);
  shown_->setStyleSheet(QStringLiteral("color: palette(mid);"));
  form->addRow(tr("Range"), mode_);
  form->addRow(tr("Min–max"), limits);
  form->addRow(shown_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(group);
  auto changed = [this] {
    updateEnabled();
    emit settingsChanged(settings());
  };
  connect(mode_, &QComboBox::currentIndexChanged, this, changed);
  connect(low_, &QDoubleSpinBox::valueChanged, this, changed);
  connect(high_, &QDoubleSpinBox::valueChanged, this, changed);
  updateEnabled();
}

imaging::DisplayRangeSettings DisplayRangePanel::settings() const {
  imaging::DisplayRangeSettings s;
  s.mode = DisplayRangeMode(mode_->currentData().toInt());
  s.custom = {float(low_->value()), float(high_->value())};
  return s;
}

void DisplayRangePanel::setSettings(const imaging::DisplayRangeSettings& settings) {
  const QSignalBlocker a(mode_), b(low_), c(high_);
  mode_->setCurrentIndex(mode_->findData(int(settings.mode)));
  low_->setValue(settings.custom.low);
  high_->setValue(settings.custom.high);
  updateEnabled();
}

void DisplayRangePanel::showRanges(const imaging::DisplayRange& original, const imaging::DisplayRange& filtered,
                                   float maxLevel) {
  shown_->setText(tr("Shown: original %1–%2, filtered %3–%4 of 0–%5")
                      .arg(original.low, 0, 'f', 0)
                      .arg(original.high, 0, 'f', 0)
                      .arg(filtered.low, 0, 'f', 0)
                      .arg(filtered.high, 0, 'f', 0)
                      .arg(maxLevel, 0, 'f', 0));
  // Auto and Full show their limits in the boxes, a starting point for a custom range.
  if (settings().mode != DisplayRangeMode::Custom) {
    const QSignalBlocker b(low_), c(high_);
    low_->setValue(original.low);
    high_->setValue(original.high);
  }
}

void DisplayRangePanel::updateEnabled() {
  const bool custom = settings().mode == DisplayRangeMode::Custom;
  low_->setEnabled(custom);
  high_->setEnabled(custom);
}

}  // namespace fftscope::gui
