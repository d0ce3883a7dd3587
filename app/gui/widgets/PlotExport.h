// Saves a QCustomPlot as PNG, PDF or SVG (by the file's extension), at a given size, through the
// one picture export (export/ViewPicture.h, with its metadata): a failed save leaves an existing
// file as it was. The plot is laid out at half the size and drawn at twice the scale, so its text
// reads as on screen rather than shrunk into a large picture; a title, when given, is drawn above
// it (and names the document).
#pragma once

#include <QString>

class QCustomPlot;
class QWidget;

namespace fftscope::gui {

// Returns an empty string on success, else a message naming the file and the problem.
QString exportPlot(QCustomPlot* plot, const QString& path, int width = 1600, int height = 900,
                   const QString& title = {});

// The file-dialog filter for the formats exportPlot writes.
QString plotExportFilter();

// Asks where to save a chart, offering PNG, SVG and PDF with the suggested name's format chosen;
// a name typed without an extension takes the chosen format's. Empty when cancelled.
QString askPlotPath(QWidget* parent, const QString& caption, const QString& suggestedPath);

}  // namespace fftscope::gui
