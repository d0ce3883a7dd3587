#include "export/ExportDialog.h"

#include "export/AnimationExport.h"
#include "export/ExportTargets.h"
#include "shell/Settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>

namespace fftscope::gui {
namespace {

QString fileStem(const QString& title) {
  QString stem = title.toLower();
  stem.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
  stem.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
  return stem.isEmpty() ? QStringLiteral("plot") : stem;
}

}  // namespace

ExportDialog::ExportDialog(QWidget* view, QWidget* parent)
    : QDialog(parent), view_(view), title_(new QLineEdit), format_(new QComboBox), path_(new QLineEdit),
      width_(new QSpinBox), height_(new QSpinBox), dpi_(new QSpinBox), caption_(new QCheckBox(tr("Caption with the metadata"))),
      frames_(new QSpinBox), fps_(new QDoubleSpinBox) {
  setWindowTitle(tr("Export"));
  setObjectName(QStringLiteral("exportDialog"));
  const Settings settings;
  const ExportSpec* spec = exportSpecOf(view);
  title_->setText(spec ? spec->title : QString());
  for (const auto& [extension, description] : exportFormats())
    format_->addItem(QStringLiteral("%1 (*.%2)").arg(description, extension), extension);
  if (spec && spec->animate) {
    format_->addItem(tr("Animation: MP4 video (*.mp4)"), QStringLiteral("mp4"));
    format_->addItem(tr("Animation: AVI video, Motion JPEG (*.avi)"), QStringLiteral("avi"));
    format_->addItem(tr("Animation: PNG frames (a new folder)"), QString());
  }
  frames_->setRange(1, AnimationExport::kMaxFrames);
  frames_->setValue(spec && spec->frames ? std::clamp(spec->frames(), 1, AnimationExport::kMaxFrames) : 48);
  fps_->setRange(0.1, 60);
  fps_->setValue(spec && spec->frames ? 2 : 12);
  format_->setCurrentIndex(std::max(0, format_->findData(settings.exportFormat())));
  width_->setRange(16, 8000);
  height_->setRange(16, 8000);
  width_->setSuffix(tr(" px"));
  height_->setSuffix(tr(" px"));
  width_->setValue(view ? std::max(320, view->width()) : 800);
  height_->setValue(view ? std::max(200, view->height()) : 500);
  dpi_->setRange(24, 1200);
  dpi_->setValue(settings.exportDpi());
  caption_->setChecked(settings.exportCaption());
  const QString folder = settings.lastDirectory().isEmpty() ? QDir::homePath() : settings.lastDirectory();
  path_->setText(QDir(folder).filePath(fileStem(title_->text()) + QLatin1Char('.') + format_->currentData().toString()));

  // Wide enough for a plot's title and a file's name, which would otherwise show only their ends.
  const int fieldWidth = fontMetrics().averageCharWidth() * 48;
  title_->setMinimumWidth(fieldWidth);
  path_->setMinimumWidth(fieldWidth);
  auto* browse = new QPushButton(tr("Browse…"));
  auto* pathRow = new QHBoxLayout;
  pathRow->addWidget(path_, 1);
  pathRow->addWidget(browse);
  auto* size = new QHBoxLayout;
  size->addWidget(width_);
  size->addWidget(new QLabel(QStringLiteral("×")));
  size->addWidget(height_);
  size->addStretch();
  auto* form = new QFormLayout(this);
  form->addRow(tr("Title:"), title_);
  form->addRow(tr("Format:"), format_);
  form->addRow(tr("File:"), pathRow);
  form->addRow(tr("Size (screen pixels):"), size);
  form->addRow(tr("PNG resolution (DPI):"), dpi_);
  form->addRow(QString(), caption_);
  form->addRow(tr("Animation frames:"), frames_);
  form->addRow(tr("Frames per second:"), fps_);
  // Only a view that animates offers the animation's rows.
  const bool animates = spec && spec->animate;
  form->setRowVisible(frames_, animates);
  form->setRowVisible(fps_, animates);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
  buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
  form->addRow(buttons);
  connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
  connect(format_, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    if (exportNow().isEmpty() && !isAnimation()) accept();
  });
  formatChanged();
}

ExportDialog* ExportDialog::open(QWidget* view) {
  auto* dialog = new ExportDialog(view, view->window());
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
  return dialog;
}

QString ExportDialog::path() const { return path_->text(); }
void ExportDialog::setPath(const QString& path) { path_->setText(path); }

void ExportDialog::setFormat(const QString& extension) { format_->setCurrentIndex(format_->findData(extension)); }

void ExportDialog::formatChanged() {
  const QString extension = format_->currentData().toString();
  const bool picture = extension != QLatin1String("csv") && extension != QLatin1String("npy");
  width_->setEnabled(picture);
  height_->setEnabled(picture);
  dpi_->setEnabled(extension == QLatin1String("png"));
  caption_->setEnabled(picture && !isAnimation());
  frames_->setEnabled(isAnimation());
  fps_->setEnabled(isAnimation());
  const QFileInfo file(path_->text());
  const QString name = file.suffix().isEmpty() ? file.fileName() : file.completeBaseName();
  path_->setText(QDir(file.absolutePath()).filePath(extension.isEmpty() ? name : name + QLatin1Char('.') + extension));
}

void ExportDialog::browse() {
  const QString extension = format_->currentData().toString();
  const QString chosen = QFileDialog::getSaveFileName(this, tr("Export"), path_->text(), format_->currentText());
  if (chosen.isEmpty()) return;
  path_->setText(QFileInfo(chosen).suffix().isEmpty() ? chosen + QLatin1Char('.') + extension : chosen);
}

bool ExportDialog::isAnimation() const { return format_->currentIndex() >= int(exportFormats().size()); }

QString ExportDialog::exportNow(bool quiet) {
  QString error;
  if (!view_) error = tr("the view is no longer there");
  else if (isAnimation()) {
    AnimationOptions options;
    // Codecs take even sides; slides take 1920 × 1080 at most.
    options.size = QSize(std::min(width_->value(), AnimationExport::kMaxSize.width()) & ~1,
                         std::min(height_->value(), AnimationExport::kMaxSize.height()) & ~1);
    options.frames = frames_->value();
    options.framesPerSecond = fps_->value();
    animation_ = new AnimationExport(exportSpecOf(view_)->animate, path_->text(), options, this);
    error = animation_->check();
    if (error.isEmpty()) {
      auto* progress = new QProgressDialog(tr("Writing %1…").arg(QFileInfo(path_->text()).fileName()), tr("Cancel"), 0,
                                           options.frames, this);
      progress->setWindowModality(Qt::WindowModal);
      progress->setMinimumDuration(0);
      connect(animation_, &AnimationExport::progress, progress, &QProgressDialog::setValue);
      connect(progress, &QProgressDialog::canceled, animation_, &AnimationExport::cancel);
      connect(animation_, &AnimationExport::finished, this, [this, progress, quiet](const QString& problem) {
        progress->deleteLater();
        if (problem.isEmpty()) accept();
        else if (!quiet && problem != QLatin1String("cancelled"))
          QMessageBox::warning(this, tr("Export"), tr("Could not export: %1").arg(problem));
      });
      animation_->start();
      return {};
    }
  } else {
    PictureOptions options;
    options.width = width_->value();
    options.height = height_->value();
    options.dpi = dpi_->value();
    options.caption = caption_->isChecked();
    error = exportView(view_, path_->text(), options, title_->text());
  }
  if (error.isEmpty()) Settings().setLastDirectory(QFileInfo(path_->text()).absolutePath());
  else if (!quiet) QMessageBox::warning(this, tr("Export"), tr("Could not export: %1").arg(error));
  return error;
}

}  // namespace fftscope::gui
