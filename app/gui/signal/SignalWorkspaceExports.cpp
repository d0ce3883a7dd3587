// The Signal workspace's exports: the filtered audio, the spectrum as CSV and a plot as a picture,
// each to a path asked for beside the last folder used, the outcome shown in the message bar.
#include "signal/SignalWorkspace.h"

#include "signal/SignalDocument.h"
#include "signal/SignalExports.h"
#include "widgets/MessageBar.h"
#include "widgets/PlotExport.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace fftscope::gui {

QString SignalWorkspace::exportFilteredAudio(const QString& path) {
  const LoadedSignalPtr original = document_->current();
  const LoadedSignalPtr filtered = document_->filtered();
  if (!original || !filtered) return tr("there is no filtered signal to export");
  return writeFilteredAudio(*original, *filtered, path);
}

QString SignalWorkspace::exportSpectrumCsv(const QString& path) {
  const SpectrumOutcomePtr spectrum = document_->lastSpectrum();
  if (!spectrum) return tr("there is no spectrum to export");
  return writeShownSpectrumCsv(*spectrum, document_->current()->name, path);
}

QString SignalWorkspace::exportPlotImage(QCustomPlot* plot, const QString& path) { return exportPlot(plot, path); }

void SignalWorkspace::report(const QString& what, const QString& path, const QString& error) {
  if (error.isEmpty()) messageBar_->showMessage(tr("Saved %1 to %2").arg(what, path), MessageBar::Kind::Information);
  else messageBar_->showMessage(tr("Could not save %1: %2").arg(what, error), MessageBar::Kind::Error);
  messageBar_->show();
  lastDirectory_ = QFileInfo(path).absolutePath();
}

void SignalWorkspace::chooseExport(QCustomPlot* plot, const QString& name) {
  const QString path = askPlotPath(this, tr("Export Plot"), QDir(lastDirectory_).filePath(name + ".png"));
  if (!path.isEmpty()) report(tr("the plot"), path, exportPlotImage(plot, path));
}

void SignalWorkspace::chooseAudioExport() {
  const LoadedSignalPtr current = document_->current();
  if (!current || !document_->filtered()) {
    report(tr("the filtered audio"), QString(), tr("there is no filtered signal: choose a filter first"));
    return;
  }
  const QString suggested = suggestedFilteredName(*current);
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Filtered Audio"), QDir(lastDirectory_).filePath(suggested),
                                                    tr("Audio (*.wav *.flac *.aif *.aiff *.ogg *.rf64)"));
  if (path.isEmpty()) return;
  QApplication::setOverrideCursor(Qt::WaitCursor);
  const QString error = exportFilteredAudio(path);
  QApplication::restoreOverrideCursor();
  report(tr("the filtered audio"), path, error);
}

void SignalWorkspace::chooseCsvExport() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Spectrum"), QDir(lastDirectory_).filePath("spectrum.csv"),
                                                    tr("CSV (*.csv)"));
  if (!path.isEmpty()) report(tr("the spectrum"), path, exportSpectrumCsv(path));
}

}  // namespace fftscope::gui
