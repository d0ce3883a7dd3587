#include "export/ViewData.h"

#include "io/Npy.h"
#include "widgets/SaveBytes.h"

#include <qcustomplot.h>

#include <algorithm>
#include <stdexcept>

namespace fftscope::gui {
namespace {

QString number(double value) { return QString::number(value, 'g', 17); }

ViewData colourMapData(QCPColorMap* map) {
  ViewData data;
  QCPColorMapData* cells = map->data();
  data.cols = std::size_t(cells->keySize());
  data.rows = std::size_t(cells->valueSize());
  data.matrix.reserve(data.rows * data.cols);
  for (int v = 0; v < cells->valueSize(); ++v)
    for (int k = 0; k < cells->keySize(); ++k) data.matrix.push_back(cells->cell(k, v));
  for (int k = 0; k < cells->keySize(); ++k) {
    double key = 0, value = 0;
    cells->cellToCoord(k, 0, &key, &value);
    data.colKeys.push_back(key);
  }
  for (int v = 0; v < cells->valueSize(); ++v) {
    double key = 0, value = 0;
    cells->cellToCoord(0, v, &key, &value);
    data.rowKeys.push_back(value);
  }
  data.colName = map->keyAxis()->label();
  data.rowName = map->valueAxis()->label();
  return data;
}

struct Series {
  QString name;
  std::vector<double> keys, values;
};

// A graph's or a bar chart's points.
template <typename Container>
Series seriesOf(const QString& name, const Container& points) {
  Series series{name, {}, {}};
  for (auto point = points.constBegin(); point != points.constEnd(); ++point) {
    series.keys.push_back(point->key);
    series.values.push_back(point->value);
  }
  return series;
}

}  // namespace

ViewData plotData(QCustomPlot* plot) {
  std::vector<Series> all;
  QString keyName;
  for (int i = 0; i < plot->plottableCount(); ++i) {
    QCPAbstractPlottable* plottable = plot->plottable(i);
    if (auto* map = qobject_cast<QCPColorMap*>(plottable)) return colourMapData(map);
    const QString name = plottable->name().isEmpty() ? QStringLiteral("series %1").arg(i + 1) : plottable->name();
    Series series;
    if (const auto* graph = qobject_cast<const QCPGraph*>(plottable)) series = seriesOf(name, *graph->data());
    else if (const auto* bars = qobject_cast<const QCPBars*>(plottable)) series = seriesOf(name, *bars->data());
    if (series.keys.empty()) continue;
    if (keyName.isEmpty()) keyName = plottable->keyAxis()->label();
    all.push_back(std::move(series));
  }
  ViewData data;
  if (all.empty()) return data;
  const bool sharedKeys = std::all_of(all.begin(), all.end(), [&](const Series& series) { return series.keys == all.front().keys; });
  if (sharedKeys) {
    data.names << (keyName.isEmpty() ? QStringLiteral("key") : keyName);
    data.columns.push_back(all.front().keys);
    for (Series& series : all) {
      data.names << series.name;
      data.columns.push_back(std::move(series.values));
    }
    return data;
  }
  data.names = {QStringLiteral("series"), QStringLiteral("key"), QStringLiteral("value")};
  data.columns.resize(3);
  for (std::size_t g = 0; g < all.size(); ++g)
    for (std::size_t p = 0; p < all[g].keys.size(); ++p) {
      data.columns[0].push_back(double(g));
      data.columns[1].push_back(all[g].keys[p]);
      data.columns[2].push_back(all[g].values[p]);
    }
  return data;
}

QString writeCsv(const ViewData& data, const ExportMetadata& metadata, const QString& path) {
  if (data.isEmpty()) return QStringLiteral("%1: the view shows no data yet").arg(path);
  QString text;
  for (const auto& [name, value] : metadata.fields()) text += QStringLiteral("# %1: %2\n").arg(name, value);
  if (data.isMatrix()) {
    text += QStringLiteral("# rows: %1; columns: %2\n").arg(data.rowName, data.colName);
    text += QStringLiteral("row key");
    for (double key : data.colKeys) text += QLatin1Char(',') + number(key);
    text += QLatin1Char('\n');
    for (std::size_t r = 0; r < data.rows; ++r) {
      text += number(r < data.rowKeys.size() ? data.rowKeys[r] : double(r));
      for (std::size_t c = 0; c < data.cols; ++c) text += QLatin1Char(',') + number(data.matrix[r * data.cols + c]);
      text += QLatin1Char('\n');
    }
  } else {
    QStringList quoted;
    for (QString name : data.names) quoted << QLatin1Char('"') + name.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    text += quoted.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (std::size_t r = 0; r < data.columns.front().size(); ++r) {
      for (std::size_t c = 0; c < data.columns.size(); ++c) {
        if (c) text += QLatin1Char(',');
        text += number(data.columns[c][r]);
      }
      text += QLatin1Char('\n');
    }
  }
  return saveBytes(path, text.toUtf8());
}

QString writeNpyFile(const ViewData& data, const QString& path) {
  if (data.isEmpty()) return QStringLiteral("%1: the view shows no data yet").arg(path);
  std::vector<double> values;
  std::vector<std::size_t> shape;
  if (data.isMatrix()) {
    values = data.matrix;
    shape = {data.rows, data.cols};
  } else {
    const std::size_t points = data.columns.front().size();
    shape = {points, data.columns.size()};
    values.reserve(points * data.columns.size());
    for (std::size_t r = 0; r < points; ++r)
      for (const auto& column : data.columns) values.push_back(column[r]);
  }
  try {
    writeNpy(path.toStdString(), shape, values);
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

}  // namespace fftscope::gui
