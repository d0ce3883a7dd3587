#include "widgets/PlotExport.h"

#include "export/ViewPicture.h"

#include <QFileDialog>
#include <QFileInfo>
#include <qcustomplot.h>

namespace fftscope::gui {

namespace {

constexpr int kExportScale = 2;  // laid out at half the size, drawn at twice the scale

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
  const TitleRow titled(plot, title);
  const PictureOptions options{width / kExportScale, height / kExportScale, 96 * kExportScale, false};
  return exportPicture(plot, {}, path, options, metadataFor(plot, title));
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
