#include "widgets/PlotExport.h"

#include "widgets/SaveBytes.h"

#include <QBuffer>
#include <QFileInfo>
#include <QSvgGenerator>
#include <QTemporaryFile>
#include <qcustomplot.h>

namespace fftscope::gui {

namespace {

QString saveSvg(QCustomPlot* plot, QBuffer& file, int width, int height) {
  QSvgGenerator svg;
  svg.setOutputDevice(&file);
  svg.setSize(QSize(width, height));
  svg.setViewBox(QRect(0, 0, width, height));
  svg.setTitle(QStringLiteral("FFTScope"));
  QCPPainter painter;
  if (!painter.begin(&svg)) return QStringLiteral("cannot draw the SVG");
  plot->toPainter(&painter, width, height);
  painter.end();
  return {};
}

// QCustomPlot writes PDFs only to a named file: a temporary one beside the destination.
QString savePdf(QCustomPlot* plot, const QString& path, QBuffer& file, int width, int height) {
  QTemporaryFile pdf(QFileInfo(path).absolutePath() + QStringLiteral("/.fftscope-XXXXXX.pdf"));
  if (!pdf.open()) return pdf.errorString();
  pdf.close();
  if (!plot->savePdf(pdf.fileName(), width, height)) return QStringLiteral("cannot write the PDF");
  if (!pdf.open()) return pdf.errorString();
  const QByteArray bytes = pdf.readAll();
  if (file.write(bytes) != bytes.size()) return file.errorString();
  return {};
}

}  // namespace

QString exportPlot(QCustomPlot* plot, const QString& path, int width, int height) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix != QLatin1String("png") && suffix != QLatin1String("pdf") && suffix != QLatin1String("svg"))
    return QStringLiteral("%1: charts are saved as .png, .pdf or .svg").arg(path);
  QByteArray bytes;
  QBuffer file(&bytes);
  file.open(QIODevice::WriteOnly);
  QString error;
  if (suffix == QLatin1String("png")) {
    const QPixmap pixmap = plot->toPixmap(width, height);
    if (!pixmap.save(&file, "PNG")) error = QStringLiteral("cannot encode the PNG");
  } else if (suffix == QLatin1String("svg")) {
    error = saveSvg(plot, file, width, height);
  } else {
    error = savePdf(plot, path, file, width, height);
  }
  if (!error.isEmpty()) return QStringLiteral("%1: %2").arg(path, error);
  file.close();
  return saveBytes(path, bytes);
}

QString plotExportFilter() {
  return QStringLiteral("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)");
}

}  // namespace fftscope::gui
