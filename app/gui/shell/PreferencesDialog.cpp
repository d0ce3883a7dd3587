#include "shell/PreferencesDialog.h"

#include "export/ExportTargets.h"
#include "image/DisplayPanel.h"
#include "settings/SettingTable.h"
#include "shell/Settings.h"
#include "signal/AnalysisPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace fftscope::gui {
namespace {

QString text(std::string_view view) { return QString::fromUtf8(view.data(), qsizetype(view.size())); }

constexpr int kDefaultWindowIndex = 1;  // Hann, as the workspace starts
const imaging::DisplaySettings kDefaultDisplay{};

}  // namespace

const std::vector<const SettingEntry*>& PreferencesDialog::engineEntries() {
  static const std::vector<const SettingEntry*> entries{findSetting("FFTSCOPE_KEEP_PROGRAMS"),
                                                        findSetting("FFTSCOPE_PROGRAM_CACHE_BYTES")};
  return entries;
}

PreferencesDialog::PreferencesDialog(Settings* settings, QWidget* parent)
    : QDialog(parent), settings_(settings), device_(new QLineEdit), window_(AnalysisPanel::makeWindowCombo()),
      colourMap_(DisplayPanel::makeColourMapCombo()), precision_(new QComboBox), autosave_(new QSpinBox), dpi_(new QSpinBox), format_(new QComboBox),
      caption_(new QCheckBox(tr("Caption with the metadata under pictures"))) {
  setWindowTitle(tr("Preferences"));
  setObjectName(QStringLiteral("preferences"));
  device_->setObjectName(QStringLiteral("device"));
  window_->setObjectName(QStringLiteral("window"));
  colourMap_->setObjectName(QStringLiteral("colourMap"));
  precision_->setObjectName(QStringLiteral("precision"));
  for (const char* precision : {"f32", "f64"}) precision_->addItem(QLatin1String(precision), QLatin1String(precision));
  autosave_->setObjectName(QStringLiteral("autosave"));
  dpi_->setObjectName(QStringLiteral("exportDpi"));
  format_->setObjectName(QStringLiteral("exportFormat"));
  caption_->setObjectName(QStringLiteral("exportCaption"));
  const SettingEntry* device = findSetting("FFTSCOPE_DEVICE");
  device_->setPlaceholderText(tr("the first GPU, else the first device"));
  device_->setToolTip(text(device->description));
  autosave_->setRange(Settings::kMinAutosaveSeconds, Settings::kMaxAutosaveSeconds);
  autosave_->setSuffix(tr(" s after a change"));
  dpi_->setRange(24, 1200);
  for (const auto& [extension, description] : exportFormats()) format_->addItem(description, extension);

  auto* general = new QGroupBox(tr("Analysis and display"));
  auto* generalForm = new QFormLayout(general);
  generalForm->addRow(tr("Window at start (Signal):"), window_);
  generalForm->addRow(tr("Spectrum colour map (Image):"), colourMap_);
  generalForm->addRow(tr("Precision (Performance, Butterfly):"), precision_);
  generalForm->addRow(tr("Autosave:"), autosave_);
  auto* exports = new QGroupBox(tr("Export defaults"));
  auto* exportForm = new QFormLayout(exports);
  exportForm->addRow(tr("Format:"), format_);
  exportForm->addRow(tr("PNG resolution (DPI):"), dpi_);
  exportForm->addRow(QString(), caption_);
  auto* engine = new QGroupBox(tr("Engine (at the next start)"));
  auto* engineForm = new QFormLayout(engine);
  engineForm->addRow(tr("Device:"), device_);
  for (const SettingEntry* entry : engineEntries()) {
    auto* field = new QLineEdit;
    field->setPlaceholderText(text(entry->defaultValue));
    field->setToolTip(text(entry->description) + QStringLiteral("\n\n") + QString::fromStdString(expectedValue(*entry)));
    field->setObjectName(text(entry->name));
    engineForm->addRow(text(entry->name) + QLatin1Char(':'), field);
    engine_.push_back(field);
  }

  // The three groups' fields in one column, each wide enough for its placeholder.
  int labelWidth = 0;
  for (QFormLayout* form : {generalForm, exportForm, engineForm})
    for (int row = 0; row < form->rowCount(); ++row)
      if (QLayoutItem* label = form->itemAt(row, QFormLayout::LabelRole)) labelWidth = std::max(labelWidth, label->sizeHint().width());
  for (QFormLayout* form : {generalForm, exportForm, engineForm})
    for (int row = 0; row < form->rowCount(); ++row)
      if (QLayoutItem* label = form->itemAt(row, QFormLayout::LabelRole)) label->widget()->setMinimumWidth(labelWidth);
  device_->setMinimumWidth(fontMetrics().horizontalAdvance(device_->placeholderText()) + fontMetrics().averageCharWidth() * 4);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel |
                                       QDialogButtonBox::RestoreDefaults);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(general);
  layout->addWidget(exports);
  layout->addWidget(engine);
  layout->addWidget(buttons);
  connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, &PreferencesDialog::restoreDefaults);
  auto applyOrSay = [this] {
    const QString problem = apply();
    if (!problem.isEmpty()) QMessageBox::warning(this, windowTitle(), problem);
    return problem.isEmpty();
  };
  connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, applyOrSay);
  connect(buttons, &QDialogButtonBox::accepted, this, [this, applyOrSay] {
    if (applyOrSay()) accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  load();
}

void PreferencesDialog::load() {
  device_->setText(settings_->deviceSelector());
  const int window = window_->findData(settings_->defaultWindow());
  window_->setCurrentIndex(window >= 0 ? window : kDefaultWindowIndex);
  colourMap_->setCurrentIndex(std::max(0, colourMap_->findData(int(settings_->display().colourMap))));
  precision_->setCurrentIndex(std::max(0, precision_->findData(settings_->defaultPrecision())));
  autosave_->setValue(settings_->autosaveSeconds());
  dpi_->setValue(settings_->exportDpi());
  format_->setCurrentIndex(std::max(0, format_->findData(settings_->exportFormat())));
  caption_->setChecked(settings_->exportCaption());
  for (std::size_t i = 0; i < engine_.size(); ++i)
    engine_[i]->setText(settings_->engineSetting(text(engineEntries()[i]->name)));
}

void PreferencesDialog::restoreDefaults() {
  device_->clear();
  window_->setCurrentIndex(kDefaultWindowIndex);
  colourMap_->setCurrentIndex(colourMap_->findData(int(kDefaultDisplay.colourMap)));
  precision_->setCurrentIndex(0);
  autosave_->setValue(2);
  dpi_->setValue(192);
  format_->setCurrentIndex(0);
  caption_->setChecked(false);
  for (QLineEdit* field : engine_) field->clear();
}

QString PreferencesDialog::apply() {
  for (std::size_t i = 0; i < engine_.size(); ++i) {
    const std::string value = engine_[i]->text().trimmed().toStdString();
    if (!value.empty() && !validSettingValue(*engineEntries()[i], value))
      return tr("%1 takes %2").arg(text(engineEntries()[i]->name), QString::fromStdString(expectedValue(*engineEntries()[i])));
  }
  settings_->setDeviceSelector(device_->text().trimmed());
  settings_->setDefaultWindow(window_->currentData().toInt());
  imaging::DisplaySettings display = settings_->display();
  display.colourMap = imaging::ColourMap(colourMap_->currentData().toInt());
  settings_->setDisplay(display);
  settings_->setDefaultPrecision(precision_->currentData().toString());
  settings_->setAutosaveSeconds(autosave_->value());
  settings_->setExportDpi(dpi_->value());
  settings_->setExportFormat(format_->currentData().toString());
  settings_->setExportCaption(caption_->isChecked());
  for (std::size_t i = 0; i < engine_.size(); ++i)
    settings_->setEngineSetting(text(engineEntries()[i]->name), engine_[i]->text().trimmed());
  settings_->sync();
  emit applied();
  return {};
}

}  // namespace fftscope::gui
