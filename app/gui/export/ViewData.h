// The numbers behind a view, for CSV and .npy: a table (named columns of equal length: a spectrum's
// frequency and level, a timeline's records, a butterfly's node values per step) or a matrix (a
// spectrogram's or a spectrum image's values, rows by columns, with the keys of each axis).
// Written whole or not at all through the atomic writer (io/AtomicWrite.h, io/Npy.h).
#pragma once

#include "export/ExportMetadata.h"

#include <QString>
#include <QStringList>

#include <vector>

class QCustomPlot;

namespace fftscope::gui {

struct ViewData {
  // Table: columns[c] holds values column c, every column of the same length.
  QStringList names;
  std::vector<std::vector<double>> columns;
  // Matrix: rows × cols values in row-major order, and what each row and column stands for.
  std::size_t rows = 0, cols = 0;
  std::vector<double> matrix;
  std::vector<double> rowKeys, colKeys;
  QString rowName, colName;

  bool isMatrix() const { return rows > 0 && cols > 0; }
  bool isEmpty() const { return !isMatrix() && (columns.empty() || columns.front().empty()); }
};

// What a QCustomPlot shows: its first colour map as a matrix (rows: the value axis), else its
// graphs and bars as a table: "key" then one column per series where all share their keys, else one row
// per point as (series, key, value).
ViewData plotData(QCustomPlot* plot);

// CSV: the metadata as "# Name: value" lines, a header row, the values in full precision (a
// matrix: the column keys as its header, each row's key first). Empty, or the problem.
QString writeCsv(const ViewData& data, const ExportMetadata& metadata, const QString& path);
// .npy of float64: a table as (points, columns), a matrix as (rows, cols). Empty, or the problem.
QString writeNpyFile(const ViewData& data, const QString& path);

}  // namespace fftscope::gui
