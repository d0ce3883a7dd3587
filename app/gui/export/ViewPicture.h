// A view drawn into a PNG (at a chosen DPI), an SVG (QSvgGenerator) or a PDF (QPdfWriter), with
// its metadata in the file (PNG text chunks; the SVG's title and description; the PDF's title,
// creator and XMP) and, when asked, as a caption under the picture. Sizes are in the screen's
// logical pixels (96 to the inch), so a plot keeps the proportions and text size it has on screen
// and a higher DPI only sharpens it. Encoded in memory, then written whole (SaveBytes.h).
#pragma once

#include "export/ExportMetadata.h"

#include <QImage>
#include <QRectF>
#include <QString>

#include <functional>

class QPainter;
class QWidget;

namespace fftscope::gui {

struct PictureOptions {
  int width = 800;   // logical pixels
  int height = 500;
  int dpi = 192;     // PNG pixels = width × dpi / 96
  bool caption = false;
};

// Draws the view into target; empty: a QCustomPlot draws itself, any other widget as rendered.
using ViewDrawer = std::function<void(QPainter& painter, const QRectF& target)>;

// By the extension (.png, .svg, .pdf): empty on success, else the problem naming the file.
QString exportPicture(QWidget* view, const ViewDrawer& draw, const QString& path, const PictureOptions& options,
                      const ExportMetadata& metadata);
// The picture as exportPicture lays it out, for a PNG and a video frame: at options.dpi.
QImage renderPicture(QWidget* view, const ViewDrawer& draw, const PictureOptions& options, const ExportMetadata& metadata);

}  // namespace fftscope::gui
