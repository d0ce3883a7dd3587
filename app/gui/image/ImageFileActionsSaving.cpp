// Saving the Image workspace's pictures: a path asked for beside the last folder used, the file
// encoded and written off the GUI thread, the outcome reported in the status bar or the message bar.
#include "image/ImageFileActions.h"

#include "image/ImageWorkspace.h"
#include "imaging/ImageWriter.h"
#include "io/AtomicWrite.h"
#include "shell/Settings.h"

#include <QBuffer>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QPainter>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>
#include <stdexcept>

namespace fftscope::gui {

QString ImageFileActions::askSavePath(const QString& title, const QString& suggestedName, const QString& filters) {
  return QFileDialog::getSaveFileName(workspace_->window(), title, QDir(lastDirectoryOrHome()).filePath(suggestedName), filters);
}

void ImageFileActions::runSave(const QString& what, const QString& path, std::function<void()> write) {
  // Encoding a large PNG takes a moment: off the GUI thread, with the outcome reported after.
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, what, path] {
    const QString error = watcher->result();
    watcher->deleteLater();
    if (error.isEmpty()) emit workspace_->events()->statusMessage(tr("Saved %1 to %2").arg(what, path), 6000);
    else workspace_->showMessage(tr("Could not save %1: %2").arg(what, error));
    emit saved(path, error);
  });
  watcher->setFuture(QtConcurrent::run([write = std::move(write)]() -> QString {
    try {
      write();
      return {};
    } catch (const std::exception& error) {
      return QString::fromStdString(error.what());
    }
  }));
  settings_->setLastDirectory(QFileInfo(path).absolutePath());
}

void ImageFileActions::chooseAndSaveFiltered() {
  WorkspaceImagePtr image = workspace_->currentImage();
  FilterOutcomePtr outcome = workspace_->lastOutcome();
  if (!image || !outcome) return;
  const QString base = image->path.isEmpty() ? QStringLiteral("sample") : QFileInfo(image->path).completeBaseName();
  // A float result needs TIFF: the dialog offers it first.
  const bool floating = outcome->range == imaging::OutputRange::Float;
  const QString path = askSavePath(tr("Save Filtered Image"), base + (floating ? QStringLiteral("-filtered.tif") : QStringLiteral("-filtered.png")),
                                   floating ? tr("32-bit float TIFF (*.tif *.tiff)") : tr("PNG (*.png);;TIFF (*.tif *.tiff)"));
  if (!path.isEmpty()) saveFilteredImage(path);
}

void ImageFileActions::chooseAndSaveSpectrum(bool withMaskTint) {
  if (!workspace_->lastSpectrum()) return;
  const QString path = askSavePath(withMaskTint ? tr("Save Spectrum with Mask Tint") : tr("Save Spectrum"),
                                   QStringLiteral("spectrum.png"), tr("PNG (*.png)"));
  if (!path.isEmpty()) saveSpectrumImage(path, withMaskTint);
}

void ImageFileActions::chooseAndSaveMask() {
  if (!workspace_->lastOutcome()) return;
  const QString path = askSavePath(tr("Save Mask"), QStringLiteral("mask.png"), tr("16-bit PNG (*.png)"));
  if (!path.isEmpty()) saveMaskImage(path);
}

bool ImageFileActions::saveFilteredImage(const QString& path) {
  FilterOutcomePtr outcome = workspace_->lastOutcome();
  if (!outcome) return false;
  runSave(tr("the filtered image"), path, [outcome, path] {
    if (outcome->range == imaging::OutputRange::Float) imaging::writeFilteredImage(outcome->exact, outcome->range, path.toStdString());
    else imaging::writeImage(outcome->filtered, path.toStdString());
  });
  return true;
}

bool ImageFileActions::saveSpectrumImage(const QString& path, bool withMaskTint) {
  SpectrumRenderingPtr spectrum = workspace_->lastSpectrum();
  if (!spectrum) return false;
  QImage view = spectrum->view.convertToFormat(QImage::Format_RGB32);
  FilterOutcomePtr outcome = workspace_->lastOutcome();
  if (withMaskTint && outcome && outcome->maskOverlay.size() == view.size()) {
    QPainter painter(&view);
    painter.drawImage(0, 0, outcome->maskOverlay);
  }
  runSave(tr("the spectrum"), path, [view, path] {
    // Encoded in memory, then written like every other output: a failed save keeps the old file.
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !view.convertToFormat(QImage::Format_RGB888).save(&buffer, "PNG"))
      throw std::runtime_error(path.toStdString() + ": could not encode the PNG file");
    io::writeFileAtomically(path.toStdString(), std::string_view(png.constData(), std::size_t(png.size())));
  });
  return true;
}

bool ImageFileActions::saveMaskImage(const QString& path) {
  FilterOutcomePtr outcome = workspace_->lastOutcome();
  if (!outcome) return false;
  runSave(tr("the mask"), path, [outcome, path] { imaging::writeMaskPng(outcome->mask(), path.toStdString()); });
  return true;
}

}  // namespace fftscope::gui
