// What an exported picture or data file says about where it came from: a title, the input file and
// its SHA-256, the workspace's transform and filter settings, the FFTScope version, the device and
// the date. Gathered from the workspace that holds the view (its session state, Workspace.h), so
// every view reports the same fields without a list of its own.
#pragma once

#include <QList>
#include <QPair>
#include <QString>

class QWidget;

namespace fftscope::gui {

struct ExportMetadata {
  QString title;
  QString inputFile;   // the first input the workspace names; "" when none (a generated signal)
  QString inputHash;   // its SHA-256 in hex
  QString parameters;  // the workspace's settings, as compact JSON
  QString version;
  QString device;
  QString date;        // ISO 8601, UTC

  // (name, value) in a fixed order, the empty ones left out.
  QList<QPair<QString, QString>> fields() const;
  // One line per field, "Name: value", for a caption or a file's comment lines.
  QString captionText() const;
};

// The metadata of `view` as exported now: its workspace's inputs and settings when it sits in one.
ExportMetadata metadataFor(QWidget* view, const QString& title);

// The device the engine runs on, as the status bar names it; set by the window when it changes.
void setExportDevice(const QString& device);

}  // namespace fftscope::gui
