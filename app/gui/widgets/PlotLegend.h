// A plot's legend in a column of its own right of the axes, so that it never covers the data.
#pragma once

class QCustomPlot;

namespace fftscope::gui {

// Shows the legend beside the axes in `pointSize` text, at most `maxWidth` pixels wide, its entries
// in `columns` columns (so that a long legend stays as low as the plot).
void placeLegendBeside(QCustomPlot* plot, int pointSize, int maxWidth, int columns = 1);

}  // namespace fftscope::gui
