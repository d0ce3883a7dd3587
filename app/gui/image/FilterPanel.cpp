#include "image/FilterPanel.h"

#include "widgets/FilterChoices.h"
#include "image/NotchTable.h"
#include "image/OutputRangeBox.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>
#include <utility>

namespace fftscope::gui {

using imaging::FilterKind;
using imaging::FilterShape;

namespace {
constexpr int kSliderSteps = 1000;
}

FrequencyControl::FrequencyControl(double minimum, double maximum, QWidget* parent)
    : QWidget(parent), minimum_(minimum), maximum_(maximum) {
  slider_ = new QSlider(Qt::Horizontal);
  slider_->setRange(0, kSliderSteps);
  slider_->setMinimumWidth(180);
  spin_ = new QDoubleSpinBox;
  spin_->setRange(minimum, maximum);
  spin_->setDecimals(4);
  spin_->setSingleStep(0.005);
  spin_->setSuffix(QStringLiteral(" c/px"));
  spin_->setToolTip(tr("Cycles per pixel: 0.5 is the Nyquist frequency"));
  // The same frequency as a period, for those who think in pixels (a 20 px stripe is 0.05 c/px).
  period_ = new QDoubleSpinBox;
  period_->setObjectName(QStringLiteral("period"));
  period_->setRange(1.0 / maximum, 1.0 / minimum);
  period_->setDecimals(2);
  period_->setSingleStep(0.5);
  period_->setSuffix(QStringLiteral(" px"));
  period_->setToolTip(tr("The same frequency as a period in pixels (1 / cycles per pixel)"));
  auto* layout = new QGridLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setVerticalSpacing(2);
  layout->addWidget(spin_, 0, 0);
  layout->addWidget(period_, 0, 1);
  layout->addWidget(slider_, 1, 0, 1, 2);  // the whole width: fine steps
  // The slider is logarithmic: small cutoffs need fine steps, large ones do not.
  connect(slider_, &QSlider::valueChanged, this, [this](int position) {
    const double v = minimum_ * std::pow(maximum_ / minimum_, double(position) / kSliderSteps);
    const QSignalBlocker block(spin_);
    spin_->setValue(v);
    showPeriod();
    emit valueEdited(spin_->value());
  });
  connect(spin_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    const QSignalBlocker block(slider_);
    slider_->setValue(sliderPosition(v));
    showPeriod();
    emit valueEdited(v);
  });
  connect(period_, &QDoubleSpinBox::valueChanged, this, [this](double pixels) {
    const QSignalBlocker blockSpin(spin_);
    const QSignalBlocker blockSlider(slider_);
    spin_->setValue(1.0 / pixels);
    slider_->setValue(sliderPosition(spin_->value()));
    emit valueEdited(spin_->value());
  });
}

int FrequencyControl::sliderPosition(double v) const {
  return int(std::lround(std::log(v / minimum_) / std::log(maximum_ / minimum_) * kSliderSteps));
}

void FrequencyControl::showPeriod() {
  const QSignalBlocker block(period_);
  period_->setValue(1.0 / spin_->value());
}

double FrequencyControl::value() const { return spin_->value(); }

void FrequencyControl::setValue(double value) {
  const QSignalBlocker blockSpin(spin_);
  const QSignalBlocker blockSlider(slider_);
  spin_->setValue(value);
  slider_->setValue(sliderPosition(spin_->value()));
  showPeriod();
}

void FrequencyControl::setPeriod(double pixels) { period_->setValue(pixels); }

FilterPanel::FilterPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(makeBaseGroup());
  layout->addWidget(makeNotchGroup());
  layout->addWidget(makeBrushGroup());
  layout->addWidget(makeImageGroup());
  layout->addStretch(1);
  updateEnabled();
}

QWidget* FilterPanel::makeBaseGroup() {
  auto* group = new QGroupBox(tr("Filter"));
  auto* form = new QFormLayout(group);
  kind_ = new QComboBox;
  addFilterKinds(kind_, tr("None (all-pass)"));
  shape_ = new QComboBox;
  addFilterShapes(shape_);
  shape_->setCurrentIndex(1);
  cutoff_ = new FrequencyControl(0.002, 0.5);
  cutoff_->setValue(0.1);
  upper_ = new FrequencyControl(0.002, 0.5);
  upper_->setValue(0.2);
  order_ = new QSpinBox;
  order_->setRange(1, 16);
  order_->setValue(2);
  cutoffLabel_ = new QLabel(tr("Cutoff"));
  upperLabel_ = new QLabel(tr("Upper edge"));
  orderLabel_ = new QLabel(tr("Order"));
  form->addRow(tr("Kind"), kind_);
  form->addRow(tr("Shape"), shape_);
  // Each frequency on a row of its own, its slider across the panel's width.
  form->addRow(cutoffLabel_);
  form->addRow(cutoff_);
  form->addRow(upperLabel_);
  form->addRow(upper_);
  form->addRow(orderLabel_, order_);
  outputRange_ = new OutputRangeBox;
  form->addRow(tr("Output"), outputRange_);
  connect(outputRange_, &OutputRangeBox::choiceChanged, this, &FilterPanel::outputRangeChanged);
  connect(kind_, &QComboBox::currentIndexChanged, this, [this] { updateEnabled(); emitBase(); });
  connect(shape_, &QComboBox::currentIndexChanged, this, [this] { updateEnabled(); emitBase(); });
  connect(cutoff_, &FrequencyControl::valueEdited, this, [this] { emitBase(); });
  connect(upper_, &FrequencyControl::valueEdited, this, [this] { emitBase(); });
  connect(order_, &QSpinBox::valueChanged, this, [this] { emitBase(); });
  return group;
}

QWidget* FilterPanel::makeNotchGroup() {
  auto* group = new QGroupBox(tr("Notches"));
  auto* layout = new QVBoxLayout(group);
  notchList_ = new NotchTable;
  notchList_->setMinimumHeight(72);
  notchList_->setMaximumHeight(120);
  layout->addWidget(notchList_);
  connect(notchList_, &NotchTable::notchTyped, this, &FilterPanel::notchTyped);
  auto* form = new QFormLayout;
  notchRadius_ = new QDoubleSpinBox;
  notchRadius_->setObjectName(QStringLiteral("notchRadius"));
  notchRadius_->setRange(0.001, 0.1);
  notchRadius_->setDecimals(4);
  notchRadius_->setSingleStep(0.002);
  notchRadius_->setValue(0.01);
  notchRadius_->setSuffix(QStringLiteral(" c/px"));
  softNotch_ = new QCheckBox(tr("Soft edge"));
  softNotch_->setChecked(true);
  softNotch_->setToolTip(tr("Gaussian-edged notches ring less than hard ones"));
  notchRadius_->setToolTip(tr("The radius of new notches, and of the notch selected in the list"));
  form->addRow(tr("Radius"), notchRadius_);
  form->addRow(QString(), softNotch_);
  layout->addLayout(form);
  auto* buttons = new QHBoxLayout;
  autoNotch_ = new QPushButton(tr("Auto notch"));
  autoNotch_->setToolTip(tr("Find isolated peaks away from DC and notch them"));
  addNotch_ = new QPushButton(tr("Add"));
  addNotch_->setObjectName(QStringLiteral("addNotch"));
  addNotch_->setToolTip(tr("Add a notch to type its frequency into the table"));
  removeNotch_ = new QPushButton(tr("Remove"));
  clearNotches_ = new QPushButton(tr("Clear"));
  buttons->addWidget(autoNotch_);
  buttons->addWidget(addNotch_);
  buttons->addWidget(removeNotch_);
  buttons->addWidget(clearNotches_);
  layout->addLayout(buttons);
  connect(autoNotch_, &QPushButton::clicked, this, &FilterPanel::autoNotchRequested);
  connect(addNotch_, &QPushButton::clicked, this, [this] {
    emit notchAddRequested({0.1, 0.0, notchRadius_->value(), notchEdge()});
  });
  connect(removeNotch_, &QPushButton::clicked, this, [this] {
    if (notchList_->currentRow() >= 0) emit removeNotchRequested(notchList_->currentRow());
  });
  connect(clearNotches_, &QPushButton::clicked, this, &FilterPanel::clearNotchesRequested);
  // An action, not a bare QShortcut, so Help > Keyboard Shortcuts lists it.
  auto* remove = new QAction(tr("Remove the selected notch"), notchList_);
  remove->setShortcut(QKeySequence::Delete);
  remove->setShortcutContext(Qt::WidgetShortcut);
  notchList_->addAction(remove);
  connect(remove, &QAction::triggered, removeNotch_, &QPushButton::click);
  // Selecting a notch shows its size and edge; changing them then edits that notch.
  connect(notchList_, &NotchTable::currentRowChanged, this, [this](int row) {
    if (row < 0 || row >= int(shownNotches_.size())) return;
    const bool wasShowing = std::exchange(showing_, true);
    notchRadius_->setValue(shownNotches_[std::size_t(row)].radius);
    softNotch_->setChecked(shownNotches_[std::size_t(row)].edge == imaging::NotchEdge::Soft);
    showing_ = wasShowing;
  });
  auto editSelected = [this] {
    const int row = notchList_->currentRow();
    if (showing_ || row < 0 || row >= int(shownNotches_.size())) return;
    emit notchEdited(row, notchRadius_->value(), notchEdge());
  };
  connect(notchRadius_, &QDoubleSpinBox::valueChanged, this, editSelected);
  connect(softNotch_, &QCheckBox::toggled, this, editSelected);
  return group;
}

QWidget* FilterPanel::makeBrushGroup() {
  auto* group = new QGroupBox(tr("Painted mask"));
  auto* form = new QFormLayout(group);
  brushRadius_ = new QDoubleSpinBox;
  brushRadius_->setRange(0.001, 0.2);
  brushRadius_->setDecimals(4);
  brushRadius_->setSingleStep(0.002);
  brushRadius_->setValue(0.008);
  brushRadius_->setSuffix(QStringLiteral(" c/px"));
  strokeCount_ = new QLabel(tr("nothing painted"));
  clearStrokes_ = new QPushButton(tr("Clear painting"));
  form->addRow(tr("Brush radius"), brushRadius_);
  form->addRow(strokeCount_, clearStrokes_);
  connect(brushRadius_, &QDoubleSpinBox::valueChanged, this, &FilterPanel::brushRadiusChanged);
  connect(clearStrokes_, &QPushButton::clicked, this, &FilterPanel::clearStrokesRequested);
  return group;
}

QWidget* FilterPanel::makeImageGroup() {
  auto* group = new QGroupBox(tr("Preparation"));
  auto* form = new QFormLayout(group);
  pad_ = new QComboBox;
  pad_->addItem(tr("None: exact size"), int(imaging::PadMode::None));
  pad_->addItem(tr("Mirror"), int(imaging::PadMode::Mirror));
  pad_->addItem(tr("Mean"), int(imaging::PadMode::Mean));
  pad_->addItem(tr("Zero"), int(imaging::PadMode::Zero));
  pad_->setToolTip(tr("None transforms the image at its own size; the others pad it to the next power of two "
                      "(cropped back afterwards), which some devices transform faster"));
  channels_ = new QComboBox;
  channels_->addItem(tr("Each channel"), int(imaging::ChannelMode::PerChannel));
  channels_->addItem(tr("Luminance only"), int(imaging::ChannelMode::Luminance));
  form->addRow(tr("Padding"), pad_);
  form->addRow(tr("Colour"), channels_);
  connect(pad_, &QComboBox::currentIndexChanged, this, [this] {
    if (!showing_) emit padModeChanged(padMode());
  });
  connect(channels_, &QComboBox::currentIndexChanged, this, [this] {
    if (!showing_) emit channelModeChanged(channelMode());
  });
  return group;
}

void FilterPanel::updateEnabled() {
  const auto kind = FilterKind(kind_->currentData().toInt());
  const bool band = kind == FilterKind::BandPass || kind == FilterKind::BandStop;
  const bool any = kind != FilterKind::AllPass;
  shape_->setEnabled(any);
  cutoff_->setEnabled(any);
  cutoffLabel_->setText(band ? tr("Lower edge") : tr("Cutoff"));
  const QString bandTip = band ? tr("The band is Gonzalez & Woods' band-reject (band-pass: 1 minus it) of "
                                    "centre D0 = (lower + upper) / 2 and width W = upper - lower")
                               : QString();
  for (QWidget* widget : {static_cast<QWidget*>(cutoffLabel_), static_cast<QWidget*>(upperLabel_),
                          static_cast<QWidget*>(cutoff_), static_cast<QWidget*>(upper_)})
    widget->setToolTip(bandTip);
  upper_->setVisible(band);
  upperLabel_->setVisible(band);
  const bool butterworth = any && FilterShape(shape_->currentData().toInt()) == FilterShape::Butterworth;
  order_->setEnabled(butterworth);
  orderLabel_->setEnabled(butterworth);
}

imaging::BaseFilter FilterPanel::baseFilter() const {
  imaging::BaseFilter base;
  base.kind = FilterKind(kind_->currentData().toInt());
  base.shape = FilterShape(shape_->currentData().toInt());
  base.cutoff = cutoff_->value();
  base.upperCutoff = upper_->value();
  base.order = order_->value();
  return base;
}

void FilterPanel::emitBase() {
  if (showing_) return;
  imaging::BaseFilter base = baseFilter();
  const bool band = base.kind == FilterKind::BandPass || base.kind == FilterKind::BandStop;
  // A band needs f1 < f2: the edge not being moved gives way.
  if (band && base.cutoff >= base.upperCutoff) {
    base.upperCutoff = std::min(0.5, base.cutoff * 1.25 + 0.001);
    if (base.cutoff >= base.upperCutoff) base.cutoff = base.upperCutoff / 1.25;
    showing_ = true;
    cutoff_->setValue(base.cutoff);
    upper_->setValue(base.upperCutoff);
    showing_ = false;
  }
  emit baseFilterEdited(base);
}

void FilterPanel::editBaseFilter(const imaging::BaseFilter& base) {
  showing_ = true;
  kind_->setCurrentIndex(kind_->findData(int(base.kind)));
  shape_->setCurrentIndex(shape_->findData(int(base.shape)));
  cutoff_->setValue(base.cutoff);
  upper_->setValue(base.upperCutoff);
  order_->setValue(base.order);
  showing_ = false;
  updateEnabled();
  emitBase();
}

void FilterPanel::setSpec(const imaging::FilterSpec& spec) {
  showing_ = true;
  kind_->setCurrentIndex(kind_->findData(int(spec.base.kind)));
  shape_->setCurrentIndex(shape_->findData(int(spec.base.shape)));
  cutoff_->setValue(spec.base.cutoff);
  upper_->setValue(spec.base.upperCutoff);
  order_->setValue(spec.base.order);
  const int row = notchList_->currentRow();
  shownNotches_ = spec.notches;
  notchList_->setNotches(spec.notches);
  notchList_->setCurrentRow(std::min(row, notchList_->rowCount() - 1));
  strokeCount_->setText(spec.strokes.empty() ? tr("nothing painted") : (spec.strokes.size() == 1 ? tr("1 disc painted") : tr("%1 discs painted").arg(spec.strokes.size())));
  showing_ = false;
  removeNotch_->setEnabled(!spec.notches.empty());
  clearNotches_->setEnabled(!spec.notches.empty());
  clearStrokes_->setEnabled(!spec.strokes.empty());
  updateEnabled();
}

double FilterPanel::notchRadius() const { return notchRadius_->value(); }
imaging::NotchEdge FilterPanel::notchEdge() const {
  return softNotch_->isChecked() ? imaging::NotchEdge::Soft : imaging::NotchEdge::Hard;
}
double FilterPanel::brushRadius() const { return brushRadius_->value(); }
imaging::PadMode FilterPanel::padMode() const { return imaging::PadMode(pad_->currentData().toInt()); }
imaging::ChannelMode FilterPanel::channelMode() const {
  return imaging::ChannelMode(channels_->currentData().toInt());
}

void FilterPanel::setPreparation(imaging::PadMode pad, imaging::ChannelMode channels) {
  showing_ = true;
  pad_->setCurrentIndex(pad_->findData(int(pad)));
  channels_->setCurrentIndex(channels_->findData(int(channels)));
  showing_ = false;
}

void FilterPanel::setColourImage(bool colour) { channels_->setEnabled(colour); }

void FilterPanel::setAutoNotchBusy(bool busy) {
  autoNotch_->setEnabled(!busy);
  autoNotch_->setText(busy ? tr("Searching…") : tr("Auto notch"));
}

}  // namespace fftscope::gui
