// Saves a QCustomPlot as PNG, PDF or SVG (by the file's extension), at a given size: encoded in
// memory, then written through the atomic writer (SaveBytes.h), so a failed save leaves an
// existing file as it was.
#pragma once

#include <QString>

class QCustomPlot;

namespace fftscope::gui {

// Returns an empty string on success, else a message naming the file and the problem.
QString exportPlot(QCustomPlot* plot, const QString& path, int width = 1600, int height = 900);

// The file-dialog filter for the formats exportPlot writes.
QString plotExportFilter();

}  // namespace fftscope::gui
