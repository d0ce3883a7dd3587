#include "signal/SignalFilterPanel.h"

#include <stdexcept>

#include "widgets/FilterChoices.h"
#include "signal/GainCurveEditor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace fftscope::gui {

using imaging::FilterKind;
using imaging::FilterShape;

SignalFilterPanel::SignalFilterPanel(QWidget* parent) : QWidget(parent) {
  auto* box = new QGroupBox(tr("Filter"));
  auto* form = new QFormLayout(box);
  kind_ = new QComboBox;
  addFilterKinds(kind_, tr("None"));
  shape_ = new QComboBox;
  addFilterShapes(shape_);
  shape_->setCurrentIndex(2);
  auto hz = [](double value) {
    auto* spin = new QDoubleSpinBox;
    spin->setRange(0.1, 1e6);
    spin->setDecimals(1);
    spin->setValue(value);
    spin->setSuffix(QStringLiteral(" Hz"));
    spin->setKeyboardTracking(false);  // one edit when typing ends, not one per digit
    return spin;
  };
  cutoff_ = hz(1000.0);
  upperCutoff_ = hz(4000.0);
  order_ = new QSpinBox;
  order_->setRange(1, 20);
  order_->setValue(4);
  order_->setKeyboardTracking(false);
  form->addRow(tr("Type"), kind_);
  form->addRow(tr("Shape"), shape_);
  const QString bandTip = tr("A band's edges f1 and f2 are at -3 dB: Butterworth is the magnitude of the digital "
                             "design scipy.signal.butter(n, [f1, f2]) makes; Gaussian the same band transform of a "
                             "Gaussian; ideal removes or keeps f1 .. f2");
  cutoff_->setToolTip(bandTip);
  upperCutoff_->setToolTip(bandTip);
  form->addRow(tr("Cutoff / f1"), cutoff_);
  form->addRow(tr("f2"), upperCutoff_);
  form->addRow(tr("Order n"), order_);

  auto* notchBox = new QGroupBox(tr("Notches (double-click the spectrum)"));
  auto* notchLayout = new QVBoxLayout(notchBox);
  notches_ = new QListWidget;
  notches_->setMaximumHeight(90);
  notchWidth_ = hz(2.0);
  notchWidth_->setPrefix(tr("width "));
  harmonics_ = new QSpinBox;
  harmonics_->setRange(0, 40);
  harmonics_->setValue(5);
  harmonics_->setPrefix(tr("harmonics "));
  auto* hum50 = new QPushButton(tr("Hum 50 Hz"));
  auto* hum60 = new QPushButton(tr("Hum 60 Hz"));
  auto* remove = new QPushButton(tr("Remove"));
  auto* clear = new QPushButton(tr("Clear"));
  auto* row1 = new QHBoxLayout;
  row1->addWidget(notchWidth_);
  row1->addWidget(harmonics_);
  auto* row2 = new QHBoxLayout;
  for (QPushButton* button : {hum50, hum60, remove, clear}) row2->addWidget(button);
  notchLayout->addWidget(notches_);
  notchLayout->addLayout(row1);
  notchLayout->addLayout(row2);

  auto* curveBox = new QGroupBox(tr("Gain curve (click adds, drag moves, right-click removes)"));
  auto* curveLayout = new QVBoxLayout(curveBox);
  curve_ = new GainCurveEditor;
  auto* clearCurve = new QPushButton(tr("Flat"));
  curveLayout->addWidget(curve_);
  curveLayout->addWidget(clearCurve, 0, Qt::AlignRight);
  connect(curve_, &GainCurveEditor::curveEdited, this, [this](const std::vector<signal::GainPoint>& points) {
    signal::SignalFilterSpec spec = spec_;
    spec.gainCurve = points;
    emit specEdited(spec, tr("Gain curve"));
  });
  connect(clearCurve, &QPushButton::clicked, this, [this] {
    if (spec_.gainCurve.empty()) return;
    signal::SignalFilterSpec spec = spec_;
    spec.gainCurve.clear();
    emit specEdited(spec, tr("Flat gain curve"));
  });

  status_ = new QLabel;
  status_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(box);
  layout->addWidget(notchBox);
  layout->addWidget(curveBox);
  layout->addWidget(status_);

  connect(kind_, &QComboBox::currentIndexChanged, this, [this] { emitEdit(tr("Filter type")); });
  connect(shape_, &QComboBox::currentIndexChanged, this, [this] { emitEdit(tr("Filter shape")); });
  connect(cutoff_, &QDoubleSpinBox::valueChanged, this, [this] { emitEdit(tr("Cutoff")); });
  connect(upperCutoff_, &QDoubleSpinBox::valueChanged, this, [this] { emitEdit(tr("Upper cutoff")); });
  connect(order_, &QSpinBox::valueChanged, this, [this] { emitEdit(tr("Order")); });
  connect(hum50, &QPushButton::clicked, this, [this] { addHum(50.0); });
  connect(hum60, &QPushButton::clicked, this, [this] { addHum(60.0); });
  connect(remove, &QPushButton::clicked, this, [this] {
    const int row = notches_->currentRow();
    if (row < 0 || row >= int(spec_.notches.size())) return;
    signal::SignalFilterSpec spec = spec_;
    spec.notches.erase(spec.notches.begin() + row);
    emit specEdited(spec, tr("Remove notch"));
  });
  connect(clear, &QPushButton::clicked, this, [this] {
    if (spec_.notches.empty()) return;
    signal::SignalFilterSpec spec = spec_;
    spec.notches.clear();
    emit specEdited(spec, tr("Clear notches"));
  });
  updateEnabled();
}

void SignalFilterPanel::updateEnabled() {
  const auto kind = FilterKind(kind_->currentData().toInt());
  const bool any = kind != FilterKind::AllPass;
  shape_->setEnabled(any);
  cutoff_->setEnabled(any);
  upperCutoff_->setEnabled(kind == FilterKind::BandPass || kind == FilterKind::BandStop);
  order_->setEnabled(any && FilterShape(shape_->currentData().toInt()) == FilterShape::Butterworth);
}

signal::SignalFilterSpec SignalFilterPanel::specFromControls() const {
  signal::SignalFilterSpec spec = spec_;
  spec.base.kind = FilterKind(kind_->currentData().toInt());
  spec.base.shape = FilterShape(shape_->currentData().toInt());
  spec.base.cutoff = cutoff_->value();
  spec.base.upperCutoff = upperCutoff_->value();
  spec.base.order = order_->value();
  return spec;
}

void SignalFilterPanel::emitEdit(const QString& description) {
  updateEnabled();
  if (!showing_) emit specEdited(specFromControls(), description);
}

void SignalFilterPanel::showSpec(const signal::SignalFilterSpec& spec) {
  showing_ = true;
  spec_ = spec;
  kind_->setCurrentIndex(kind_->findData(int(spec.base.kind)));
  shape_->setCurrentIndex(shape_->findData(int(spec.base.shape)));
  if (spec.base.kind != FilterKind::AllPass) {
    cutoff_->setValue(spec.base.cutoff);
    upperCutoff_->setValue(spec.base.upperCutoff);
    order_->setValue(spec.base.order);
  }
  notches_->clear();
  for (const signal::ToneNotch& notch : spec.notches)
    notches_->addItem(tr("%1 Hz  (width %2 Hz)").arg(notch.frequencyHz, 0, 'f', 1).arg(notch.widthHz, 0, 'f', 1));
  curve_->showCurve(spec.gainCurve);
  curve_->showResponse(spec);
  updateEnabled();
  showing_ = false;
}

void SignalFilterPanel::setSampleRate(double rate) {
  sampleRate_ = rate;
  curve_->setSampleRate(rate);
  for (QDoubleSpinBox* spin : {cutoff_, upperCutoff_}) {
    const QSignalBlocker block(spin);
    spin->setMaximum(rate / 2.0 * 0.999);
  }
}

void SignalFilterPanel::addNotch(double frequencyHz) {
  if (!(frequencyHz > 0.0 && frequencyHz < sampleRate_ / 2.0)) return;
  signal::SignalFilterSpec spec = spec_;
  spec.notches.push_back({frequencyHz, notchWidth_->value(), imaging::NotchEdge::Soft});
  emit specEdited(spec, tr("Notch at %1 Hz").arg(frequencyHz, 0, 'f', 1));
}

void SignalFilterPanel::addHum(double mainsHz) {
  signal::SignalFilterSpec spec = spec_;
  try {
    for (const signal::ToneNotch& notch : signal::humNotches(mainsHz, harmonics_->value(), notchWidth_->value(), sampleRate_))
      spec.notches.push_back(notch);
  } catch (const std::invalid_argument& e) {
    setStatus(QString::fromStdString(e.what()));
    return;
  }
  emit specEdited(spec, tr("Mains hum %1 Hz").arg(mainsHz, 0, 'f', 0));
}

void SignalFilterPanel::setStatus(const QString& text) { status_->setText(text); }

}  // namespace fftscope::gui
