#include "signal/SignalOpenDialogs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace fftscope::gui {

namespace {

QDoubleSpinBox* rateBox() {
  auto* rate = new QDoubleSpinBox;
  rate->setRange(0.001, 10e6);
  rate->setDecimals(3);
  rate->setValue(48000.0);
  rate->setSuffix(QStringLiteral(" Hz"));
  return rate;
}

bool run(QDialog& dialog, QFormLayout* form) {
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  form->addRow(buttons);
  return dialog.exec() == QDialog::Accepted;
}

}  // namespace

QString signalFileFilter() {
  return QObject::tr("Signals (*.wav *.flac *.aif *.aiff *.ogg *.oga *.rf64 *.csv *.txt *.tsv *.npy *.raw *.pcm *.bin);;"
                     "Audio (*.wav *.flac *.aif *.aiff *.ogg *.oga *.rf64);;Text (*.csv *.txt *.tsv);;NumPy (*.npy);;"
                     "Raw samples (*.raw *.pcm *.bin);;All files (*)");
}

std::optional<signal::SignalReadOptions> askReadOptions(QWidget* parent, const QString& path) {
  signal::SignalReadOptions options;
  const signal::SignalFileKind kind = signal::signalFileKind(path.toStdString());
  if (kind == signal::SignalFileKind::Audio) return options;

  QDialog dialog(parent);
  dialog.setWindowTitle(QObject::tr("Open %1").arg(QFileInfo(path).fileName()));
  auto* form = new QFormLayout(&dialog);
  QDoubleSpinBox* rate = rateBox();
  if (kind == signal::SignalFileKind::Raw) {
    auto* type = new QComboBox;
    const std::pair<const char*, signal::Encoding> types[] = {
        {"16-bit signed", signal::Encoding::Pcm16}, {"24-bit signed", signal::Encoding::Pcm24},
        {"32-bit signed", signal::Encoding::Pcm32}, {"8-bit unsigned", signal::Encoding::PcmU8},
        {"8-bit signed", signal::Encoding::PcmS8},  {"32-bit float", signal::Encoding::Float32},
        {"64-bit float", signal::Encoding::Float64}};
    for (const auto& [name, encoding] : types) type->addItem(QObject::tr(name), int(encoding));
    auto* order = new QComboBox;
    order->addItem(QObject::tr("little-endian"), false);
    order->addItem(QObject::tr("big-endian"), true);
    auto* channels = new QSpinBox;
    channels->setRange(1, 64);
    form->addRow(QObject::tr("Sample type"), type);
    form->addRow(QObject::tr("Byte order"), order);
    form->addRow(QObject::tr("Channels (interleaved)"), channels);
    form->addRow(QObject::tr("Sample rate"), rate);
    if (!run(dialog, form)) return std::nullopt;
    options.raw.encoding = signal::Encoding(type->currentData().toInt());
    options.raw.bigEndian = order->currentData().toBool();
    options.raw.channels = channels->value();
    options.raw.sampleRate = rate->value();
    return options;
  }
  QCheckBox* timeColumn = nullptr;
  if (kind == signal::SignalFileKind::Text) {
    timeColumn = new QCheckBox(QObject::tr("the first column is time in seconds (gives the rate)"));
    QObject::connect(timeColumn, &QCheckBox::toggled, rate, &QWidget::setDisabled);
    form->addRow(timeColumn);
  }
  form->addRow(QObject::tr("Sample rate"), rate);
  if (!run(dialog, form)) return std::nullopt;
  options.npySampleRate = rate->value();
  options.text.sampleRate = rate->value();
  if (timeColumn && timeColumn->isChecked()) {
    options.text.timeColumn = 0;
    options.text.sampleRate = 0.0;
  }
  return options;
}

}  // namespace fftscope::gui
