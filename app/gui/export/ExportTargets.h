// The views that export: each plot registers itself once (makeExportable) and gets Export… in its
// context menu; File > Export… finds the one in front (exportableIn). Both open the one
// ExportDialog. A view exports as a picture (ViewPicture.h) or as the data behind it (ViewData.h)
// by the file's extension.
#pragma once

#include "export/AnimationExport.h"
#include "export/ViewData.h"
#include "export/ViewPicture.h"

#include <QString>

#include <functional>

class QWidget;

namespace fftscope::gui {

struct ExportSpec {
  QString title;                    // the picture's title and the suggested file name
  ViewDrawer draw = {};             // empty: as ViewPicture.h draws any widget
  std::function<ViewData()> data = {};  // empty: a QCustomPlot's plotData, none for another widget
  FrameRenderer animate = {};       // empty: no animation (AnimationExport.h)
  std::function<int()> frames = {};  // the animation's natural length (a stage a frame); empty: any
};

void makeExportable(QWidget* view, ExportSpec spec);
// The spec makeExportable gave `view`, or nullptr.
const ExportSpec* exportSpecOf(const QWidget* view);

// The exportable view under `root` to export: the one with focus, else the last one clicked or
// exported, else the largest one on screen; nullptr when none is shown.
QWidget* exportableIn(QWidget* root);

// The file formats, as (extension, description), in the order the dialog offers them.
QList<QPair<QString, QString>> exportFormats();

// Writes `view` to `path` by its extension (png, svg, pdf, csv, npy): empty on success, else the
// problem naming the file. A failed export leaves nothing at `path` that was not there before.
QString exportView(QWidget* view, const QString& path, const PictureOptions& options, const QString& title = {});
ViewData dataOf(QWidget* view);

}  // namespace fftscope::gui
