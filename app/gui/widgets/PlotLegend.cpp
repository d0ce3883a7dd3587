#include "widgets/PlotLegend.h"

#include <qcustomplot.h>

namespace fftscope::gui {

void placeLegendBeside(QCustomPlot* plot, int pointSize, int maxWidth, int columns) {
  QCPLegend* legend = plot->legend;
  legend->setVisible(true);
  legend->setFont(QFont(plot->font().family(), pointSize));
  if (columns > 1) {
    legend->setWrap(columns);
    legend->setFillOrder(QCPLegend::foColumnsFirst);  // lays out the entries already there again
  }
  plot->axisRect()->insetLayout()->take(legend);
  plot->plotLayout()->addElement(0, 1, legend);
  plot->plotLayout()->setColumnStretchFactor(1, 0.001);  // as narrow as its entries allow
  legend->setMaximumSize(maxWidth, QWIDGETSIZE_MAX);
}

}  // namespace fftscope::gui
