#include "shell/DeviceChoiceDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

namespace fftscope::gui {

DeviceChoiceDialog::DeviceChoiceDialog(const std::vector<cl::DeviceInfo>& devices, const QString& selector,
                                       QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Compute Devices"));
  auto* intro = new QLabel(
      tr("Tick one device, or several: the files of Apply to Files are then spread over them, with the "
         "same results as on one; other work runs on the first. "
         "The choice takes effect when FFTScope starts again."));
  intro->setWordWrap(true);
  list_ = new QListWidget;
  list_->setObjectName(QStringLiteral("devices"));
  const QStringList chosen = selector.split(QLatin1Char(','), Qt::SkipEmptyParts);
  for (const cl::DeviceInfo& d : devices) {
    auto* item = new QListWidgetItem(tr("%1: %2 (%3, %4 compute units)")
                                         .arg(d.index)
                                         .arg(QString::fromStdString(d.name), QString::fromStdString(d.type))
                                         .arg(d.computeUnits));
    item->setToolTip(QString::fromStdString(d.platformName + ", driver " + d.driverVersion));
    item->setData(Qt::UserRole, d.index);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setCheckState(chosen.contains(QString::number(d.index)) ? Qt::Checked : Qt::Unchecked);
    list_->addItem(item);
  }
  if (devices.empty()) list_->addItem(tr("No OpenCL device: FFTW computes on the host"));
  selector_ = new QLineEdit(selector);
  selector_->setObjectName(QStringLiteral("deviceList"));
  selector_->setPlaceholderText(tr("the default device"));
  selector_->setToolTip(tr("As fftscope-cli --devices takes it: 0,1 · all · a name · 0/2 (device 0 split in two)"));
  connect(list_, &QListWidget::itemChanged, this, &DeviceChoiceDialog::showChecked);
  auto* form = new QFormLayout;
  form->addRow(tr("Device list:"), selector_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(list_);
  layout->addLayout(form);
  layout->addWidget(buttons);
  resize(520, 320);
}

QString DeviceChoiceDialog::selectorFor(const std::vector<int>& indices) {
  QStringList parts;
  for (int i : indices) parts << QString::number(i);
  return parts.join(QLatin1Char(','));
}

void DeviceChoiceDialog::showChecked() {
  std::vector<int> indices;
  for (int row = 0; row < list_->count(); ++row)
    if (list_->item(row)->checkState() == Qt::Checked) indices.push_back(list_->item(row)->data(Qt::UserRole).toInt());
  selector_->setText(selectorFor(indices));
}

QString DeviceChoiceDialog::selector() const { return selector_->text().trimmed(); }

}  // namespace fftscope::gui
