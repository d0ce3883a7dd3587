#include "widgets/PlotExport.h"

#include "widgets/SaveBytes.h"

#include <QBuffer>
#include <QFileDialog>
#include <QFileInfo>
#include <QSvgGenerator>
#include <QTemporaryFile>
#include <qcustomplot.h>

namespace fftscope::gui {

namespace {

constexpr double kExportScale = 2.0;

QString saveSvg(QCustomPlot* plot, QBuffer& file, int width, int height, const QString& title) {
  QSvgGenerator svg;
  svg.setOutputDevice(&file);
  svg.setSize(QSize(width, height));
  svg.setViewBox(QRect(0, 0, int(width / kExportScale), int(height / kExportScale)));
  svg.setTitle(title.isEmpty() ? QStringLiteral("FFTScope") : title);
  width = int(width / kExportScale);
  height = int(height / kExportScale);
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

// A title row over the plot for as long as it lives.
class TitleRow {
 public:
  TitleRow(QCustomPlot* plot, const QString& title) : plot_(plot) {
    if (title.isEmpty()) return;
    plot_->plotLayout()->insertRow(0);
    element_ = new QCPTextElement(plot_, title, QFont(plot_->font().family(), 11, QFont::Bold));
    plot_->plotLayout()->addElement(0, 0, element_);
  }
  ~TitleRow() {
    if (!element_) return;
    plot_->plotLayout()->remove(element_);
    plot_->plotLayout()->simplify();
  }

 private:
  QCustomPlot* plot_;
  QCPTextElement* element_ = nullptr;
};

}  // namespace

QString exportPlot(QCustomPlot* plot, const QString& path, int width, int height, const QString& title) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix != QLatin1String("png") && suffix != QLatin1String("pdf") && suffix != QLatin1String("svg"))
    return QStringLiteral("%1: charts are saved as .png, .pdf or .svg").arg(path);
  QByteArray bytes;
  QBuffer file(&bytes);
  file.open(QIODevice::WriteOnly);
  QString error;
  {
    const TitleRow titled(plot, title);
    if (suffix == QLatin1String("png")) {
      const QPixmap pixmap = plot->toPixmap(int(width / kExportScale), int(height / kExportScale), kExportScale);
      if (!pixmap.save(&file, "PNG")) error = QStringLiteral("cannot encode the PNG");
    } else if (suffix == QLatin1String("svg")) {
      error = saveSvg(plot, file, width, height, title);
    } else {
      error = savePdf(plot, path, file, int(width / kExportScale), int(height / kExportScale));
    }
  }
  plot->replot(QCustomPlot::rpQueuedReplot);
  if (!error.isEmpty()) return QStringLiteral("%1: %2").arg(path, error);
  file.close();
  return saveBytes(path, bytes);
}

QString plotExportFilter() {
  return QStringLiteral("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)");
}

QString askPlotPath(QWidget* parent, const QString& caption, const QString& suggestedPath) {
  const QStringList filters = plotExportFilter().split(QStringLiteral(";;"));
  const QString suffix = QFileInfo(suggestedPath).suffix().toLower();
  QString selected = filters.front();
  for (const QString& filter : filters)
    if (filter.contains(QStringLiteral("*.") + suffix + QLatin1Char(')'))) selected = filter;
  QString path = QFileDialog::getSaveFileName(parent, caption, suggestedPath, plotExportFilter(), &selected);
  if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) {
    const int star = selected.indexOf(QStringLiteral("*."));
    path += selected.mid(star + 1, selected.indexOf(QLatin1Char(')'), star) - star - 1);
  }
  return path;
}

}  // namespace fftscope::gui
