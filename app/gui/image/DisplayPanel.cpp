#include "image/DisplayPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

#include <cmath>

namespace fftscope::gui {

using imaging::ColourMap;
using imaging::SpectrumQuantity;

namespace {

QSlider* percentSlider(int value) {
  auto* slider = new QSlider(Qt::Horizontal);
  slider->setRange(0, 100);
  slider->setValue(value);
  return slider;
}

// Gamma on a log scale: slider -100..100 -> 0.25 .. 4.
double gammaOf(int position) { return std::pow(4.0, position / 100.0); }
int positionOf(double gamma) { return int(std::lround(100.0 * std::log(gamma) / std::log(4.0))); }

}  // namespace

QComboBox* DisplayPanel::makeColourMapCombo() {
  auto* combo = new QComboBox;
  combo->addItem(tr("Grey"), int(ColourMap::Grey));
  combo->addItem(tr("Viridis"), int(ColourMap::Viridis));
  combo->addItem(tr("Magma"), int(ColourMap::Magma));
  combo->addItem(tr("Inferno"), int(ColourMap::Inferno));
  return combo;
}

DisplayPanel::DisplayPanel(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  auto* group = new QGroupBox(tr("Spectrum display"));
  outer->addWidget(group);
  auto* form = new QFormLayout(group);
  quantity_ = new QComboBox;
  quantity_->addItem(tr("Log magnitude"), int(SpectrumQuantity::LogMagnitude));
  quantity_->addItem(tr("Magnitude"), int(SpectrumQuantity::Magnitude));
  quantity_->addItem(tr("Power"), int(SpectrumQuantity::Power));
  quantity_->addItem(tr("Phase"), int(SpectrumQuantity::Phase));
  colourMap_ = makeColourMapCombo();
  black_ = percentSlider(0);
  white_ = percentSlider(100);
  gamma_ = new QSlider(Qt::Horizontal);
  gamma_->setRange(-100, 100);
  gamma_->setValue(0);
  black_->setToolTip(tr("Values below this fraction of the range show black"));
  white_->setToolTip(tr("Values above this fraction of the range show white"));
  gamma_->setToolTip(tr("Gamma from 0.25 to 4"));
  overlay_ = new QCheckBox(tr("Mask overlay"));
  overlay_->setToolTip(tr("Show the mask over the spectrum (M)"));
  overlay_->setChecked(true);
  auto* reset = new QPushButton(tr("Reset"));
  reset->setToolTip(tr("Full range, gamma 1"));
  form->addRow(tr("Quantity"), quantity_);
  form->addRow(tr("Colour map"), colourMap_);
  form->addRow(tr("Black level"), black_);
  form->addRow(tr("White level"), white_);
  form->addRow(tr("Gamma"), gamma_);
  auto* row = new QHBoxLayout;
  row->addWidget(overlay_);
  row->addStretch(1);
  row->addWidget(reset);
  form->addRow(row);

  connect(quantity_, &QComboBox::currentIndexChanged, this, [this] { emitSettings(); });
  connect(colourMap_, &QComboBox::currentIndexChanged, this, [this] { emitSettings(); });
  connect(black_, &QSlider::valueChanged, this, [this](int v) {
    if (white_->value() <= v) white_->setValue(v + 1);
    emitSettings();
  });
  connect(white_, &QSlider::valueChanged, this, [this](int v) {
    if (black_->value() >= v) black_->setValue(v - 1);
    emitSettings();
  });
  connect(gamma_, &QSlider::valueChanged, this, [this] { emitSettings(); });
  connect(reset, &QPushButton::clicked, this, [this] {
    showing_ = true;
    black_->setValue(0);
    white_->setValue(100);
    gamma_->setValue(0);
    showing_ = false;
    emitSettings();
  });
  connect(overlay_, &QCheckBox::toggled, this, [this](bool on) {
    if (!showing_) emit overlayVisibleChanged(on);
  });
}

imaging::DisplaySettings DisplayPanel::settings() const {
  imaging::DisplaySettings s;
  s.quantity = SpectrumQuantity(quantity_->currentData().toInt());
  s.colourMap = ColourMap(colourMap_->currentData().toInt());
  s.blackLevel = black_->value() / 100.0;
  s.whiteLevel = std::max(s.blackLevel + 0.01, white_->value() / 100.0);
  s.gamma = gammaOf(gamma_->value());
  return s;
}

void DisplayPanel::setSettings(const imaging::DisplaySettings& s) {
  showing_ = true;
  quantity_->setCurrentIndex(quantity_->findData(int(s.quantity)));
  colourMap_->setCurrentIndex(colourMap_->findData(int(s.colourMap)));
  white_->setValue(int(std::lround(s.whiteLevel * 100)));
  black_->setValue(int(std::lround(s.blackLevel * 100)));
  gamma_->setValue(positionOf(s.gamma));
  showing_ = false;
}

bool DisplayPanel::overlayVisible() const { return overlay_->isChecked(); }

void DisplayPanel::setOverlayVisible(bool visible) {
  showing_ = true;
  overlay_->setChecked(visible);
  showing_ = false;
}

void DisplayPanel::emitSettings() {
  if (!showing_) emit settingsChanged(settings());
}

}  // namespace fftscope::gui
