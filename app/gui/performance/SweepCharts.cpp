#include "performance/SweepCharts.h"

#include "export/ExportTargets.h"

#include "widgets/PlotLegend.h"

#include <QComboBox>
#include <QLabel>
#include <QTabWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <map>

namespace fftscope::gui {

namespace {

using bench::BenchResult;

// Series are told apart by colour (a fixed cycle) and, for overlays, a dashed line.
QColor seriesColour(int index) {
  static const QColor cycle[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
                                 QColor(214, 39, 40),  QColor(148, 103, 189), QColor(140, 86, 75),
                                 QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34),
                                 QColor(23, 190, 207)};
  return cycle[index % 10];
}

// Sizes are powers of two: a tick at every one, labelled 2^k (a decimal mantissa would round
// 256 and 512 to 3·10² and 5·10²).
class PowerOfTwoTicker : public QCPAxisTickerLog {
 public:
  PowerOfTwoTicker() {
    setLogBase(2);
    setSubTickCount(0);
    setTickCount(24);
  }

 protected:
  QString getTickLabel(double tick, const QLocale&, QChar, int) override {
    return QStringLiteral("2^%1").arg(std::lround(std::log2(tick)));
  }
};

// A log axis labelled at every decade, below a millisecond as above it.
class DecadeTicker : public QCPAxisTickerLog {
 public:
  DecadeTicker() {
    setLogBase(10);
    setSubTickCount(8);
    setTickCount(30);
  }

 protected:
  QString getTickLabel(double tick, const QLocale& locale, QChar, int) override {
    return locale.toString(tick, 'g', 6);
  }
};

QCustomPlot* makePlot(const QString& yLabel, bool logY) {
  auto* plot = new QCustomPlot;
  plot->xAxis->setLabel(QObject::tr("points per transform"));
  plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
  plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new PowerOfTwoTicker));
  plot->yAxis->setLabel(yLabel);
  makeExportable(plot, {yLabel});
  if (logY) {
    plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DecadeTicker));
  }
  placeLegendBeside(plot, 8, 220);
  plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  return plot;
}

// What a chart can show: legends of more series than this are unreadable, and every series, pass
// and legend entry costs time on the GUI thread (QCustomPlot lays the legend out again for each
// one added or removed). Beyond these, the first ones are drawn and a note says so.
constexpr std::size_t kMaxSeries = 24;
constexpr std::size_t kMaxPassLayers = 48;

// Ranges with room around every point (none at the edge, half clipped), a log axis widened to
// whole decades so that each has its label.
void fitWithMargins(QCustomPlot* plot) {
  plot->rescaleAxes();
  for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
    const QCPRange r = axis->range();
    if (axis->scaleType() == QCPAxis::stLogarithmic && r.lower > 0) {
      if (axis == plot->yAxis)
        axis->setRange(std::pow(10.0, std::floor(std::log10(r.lower) - 0.05)), std::pow(10.0, std::ceil(std::log10(r.upper) + 0.05)));
      else
        axis->setRange(r.lower / std::sqrt(2.0), r.upper * std::sqrt(2.0));
    } else {
      const double pad = 0.06 * std::max(r.size(), std::abs(r.upper) * 0.1);
      axis->setRange(axis->scaleType() == QCPAxis::stLinear && r.lower >= 0 ? 0.0 : r.lower - pad, r.upper + pad);
    }
  }
}

struct Series {
  QString name;
  bool overlay = false;
  std::vector<const BenchResult*> results;  // in size order
};

std::vector<Series> group(const std::vector<BenchResult>& current,
                          const std::vector<std::pair<QString, bench::BenchReport>>& overlays) {
  std::vector<Series> series;
  auto add = [&series](const BenchResult& r, const QString& suffix, bool overlay) {
    const QString name = QString::fromStdString(r.variant) + QStringLiteral(" ") +
                         QString::fromStdString(r.precision) + suffix;
    auto it = std::find_if(series.begin(), series.end(), [&](const Series& s) { return s.name == name; });
    if (it == series.end()) {
      series.push_back({name, overlay, {}});
      it = series.end() - 1;
    }
    it->results.push_back(&r);
  };
  for (const BenchResult& r : current) add(r, {}, false);
  for (const auto& [source, report] : overlays)
    for (const BenchResult& r : report.results) add(r, QStringLiteral(" [%1]").arg(source), true);
  for (Series& s : series)
    std::stable_sort(s.results.begin(), s.results.end(), [](const BenchResult* a, const BenchResult* b) {
      return a->rows * a->cols < b->rows * b->cols;
    });
  return series;
}

QPen seriesPen(int index, bool overlay) {
  QPen pen(seriesColour(index), 1.6);
  if (overlay) pen.setStyle(Qt::DashLine);
  return pen;
}

// One graph per series of value(r) against points per transform, verified results only.
void plotSeries(QCustomPlot* plot, const std::vector<Series>& series,
                const std::function<double(const BenchResult&)>& value, bool withQuartiles, bool verifiedOnly) {
  plot->clearPlottables();
  for (std::size_t i = 0; i < series.size(); ++i) {
    QCPGraph* graph = plot->addGraph();
    graph->setName(series[i].name);
    graph->setPen(seriesPen(int(i), series[i].overlay));
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    QVector<double> keys, values, minus, plus;
    for (const BenchResult* r : series[i].results) {
      const double v = value(*r);
      if ((verifiedOnly && !r->verified) || !std::isfinite(v) || v <= 0) continue;
      keys << double(r->rows * r->cols);
      values << v;
      minus << std::max(0.0, v - r->hostMs.q1);
      plus << std::max(0.0, r->hostMs.q3 - v);
    }
    graph->setData(keys, values, true);
    if (withQuartiles) {
      auto* bars = new QCPErrorBars(plot->xAxis, plot->yAxis);
      bars->removeFromLegend();
      bars->setDataPlottable(graph);
      bars->setPen(QPen(seriesColour(int(i))));
      bars->setData(minus, plus);
    }
  }
  fitWithMargins(plot);
  plot->replot();
}

}  // namespace

SweepCharts::SweepCharts(QWidget* parent) : QWidget(parent), tabs_(new QTabWidget), note_(new QLabel) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  note_->setVisible(false);
  layout->addWidget(note_);
  layout->addWidget(tabs_);
  time_ = makePlot(tr("ms per case (median, quartiles)"), true);
  gflops_ = makePlot(tr("GFLOP/s (5·N·log2 N / t)"), false);
  gbs_ = makePlot(tr("effective GB/s"), false);
  accuracy_ = makePlot(tr("relative L2 error against FFTW"), true);
  tabs_->addTab(time_, tr("Time"));
  tabs_->addTab(gflops_, tr("GFLOP/s"));
  tabs_->addTab(gbs_, tr("GB/s"));
  tabs_->addTab(accuracy_, tr("Accuracy"));

  auto* breakdown = new QWidget;
  auto* breakdownLayout = new QVBoxLayout(breakdown);
  breakdownSize_ = new QComboBox;
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Passes at size:")));
  row->addWidget(breakdownSize_);
  row->addStretch(1);
  breakdownLayout->addLayout(row);
  passes_ = new QCustomPlot;
  passes_->setAutoAddPlottableToLegend(false);  // the layers are told apart by their shades
  passes_->yAxis->setLabel(tr("kernel ms (median per pass)"));
  passes_->xAxis->setLabel(tr("variant (passes stacked, first at the bottom)"));
  makeExportable(passes_, {tr("Passes")});
  breakdownLayout->addWidget(passes_, 1);
  tabs_->addTab(breakdown, tr("Passes"));
  connect(breakdownSize_, &QComboBox::currentIndexChanged, this, &SweepCharts::drawBreakdown);
}

QCustomPlot* SweepCharts::currentPlot() const {
  QWidget* w = tabs_->currentWidget();
  return w == tabs_->widget(4) ? passes_ : qobject_cast<QCustomPlot*>(w);
}

QString SweepCharts::currentTitle() const {
  QCustomPlot* plot = currentPlot();
  QString title = tr("FFT sweep: %1 against points per transform").arg(plot ? plot->yAxis->label() : QString());
  if (plot == passes_) title = tr("FFT sweep: kernel time per pass at %1 points").arg(breakdownSize_->currentText());
  if (!current_.empty()) title += tr(" — %1").arg(QString::fromStdString(current_.front().device));
  return title;
}

void SweepCharts::setResults(const std::vector<bench::BenchResult>& current,
                             const std::vector<std::pair<QString, bench::BenchReport>>& overlays) {
  current_ = current;
  std::vector<Series> series = group(current, overlays);
  const std::size_t allSeries = series.size();
  if (series.size() > kMaxSeries) series.resize(kMaxSeries);
  seriesNote_ = (allSeries > kMaxSeries ? tr("Showing %1 of %2 series (the first ones in the results).")
                                              .arg(kMaxSeries).arg(allSeries)
                                        : QString());
  plotSeries(time_, series, [](const BenchResult& r) { return r.hostMs.median; }, true, true);
  plotSeries(gflops_, series, [](const BenchResult& r) { return r.gflops; }, false, true);
  plotSeries(gbs_, series, [](const BenchResult& r) { return r.gbs; }, false, true);
  // The copy ceiling of the current run, the most any pass over the data can reach.
  double copy = 0;
  for (const BenchResult& r : current) copy = std::max(copy, r.copyGbs);
  if (copy > 0) {
    auto* line = new QCPItemStraightLine(gbs_);
    line->point1->setCoords(1, copy);
    line->point2->setCoords(2, copy);
    line->setPen(QPen(Qt::black, 1, Qt::DashDotLine));
    auto* label = new QCPItemText(gbs_);
    label->position->setType(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(0.02, 0.02);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setText(tr("copy ceiling %1 GB/s (a copy of the largest case's bytes)").arg(copy, 0, 'f', 0));
    gbs_->setToolTip(tr("The copy ceiling is measured when the sweep starts, copying as many bytes as its largest "
                        "case moves; below the caches' size it runs from cache, so it can exceed the live view's "
                        "copy bandwidth, which copies 32 MiB."));
    gbs_->yAxis->setRangeUpper(std::max(gbs_->yAxis->range().upper, copy * 1.1));
    gbs_->replot();
  }
  // Errors of every result, verified or not, beside the gate each had to meet.
  plotSeries(accuracy_, series, [](const BenchResult& r) { return r.relL2; }, false, false);
  QCPGraph* gate = accuracy_->addGraph();
  gate->setName(tr("gate"));
  gate->setPen(QPen(Qt::red, 1, Qt::DashLine));
  std::map<double, double> gates;
  for (const BenchResult& r : current)
    if (r.l2Gate > 0) gates[double(r.rows * r.cols)] = std::max(gates[double(r.rows * r.cols)], r.l2Gate);
  for (const auto& [n, g] : gates) gate->addData(n, g);
  fitWithMargins(accuracy_);
  accuracy_->replot();

  const QString chosen = breakdownSize_->currentText();
  breakdownSize_->blockSignals(true);
  breakdownSize_->clear();
  std::map<std::size_t, QString> sizes;
  for (const BenchResult& r : current)
    if (!r.passes.empty())
      sizes[r.rows * r.cols] = r.dims == 2 ? QStringLiteral("%1 × %2").arg(r.rows).arg(r.cols) : QString::number(r.cols);
  for (const auto& [points, text] : sizes) breakdownSize_->addItem(text, QVariant::fromValue(qulonglong(points)));
  const int keep = breakdownSize_->findText(chosen);
  breakdownSize_->setCurrentIndex(keep >= 0 ? keep : breakdownSize_->count() - 1);
  breakdownSize_->blockSignals(false);
  drawBreakdown();
}

void SweepCharts::drawBreakdown() {
  passes_->clearPlottables();
  const std::size_t points = breakdownSize_->currentData().toULongLong();
  std::vector<const BenchResult*> shown;
  std::size_t matching = 0;
  for (const BenchResult& r : current_)
    if (r.rows * r.cols == points && !r.passes.empty() && r.verified && matching++ < kMaxSeries) shown.push_back(&r);
  std::size_t most = 0;
  for (const BenchResult* r : shown) most = std::max(most, r->passes.size());
  // One layer per pass index, alternating shades, so each pass is its own segment of the stack;
  // passes beyond kMaxPassLayers are stacked as one last layer.
  QCPBars* below = nullptr;
  for (std::size_t k = 0; k < std::min(most, kMaxPassLayers); ++k) {
    auto* bars = new QCPBars(passes_->xAxis, passes_->yAxis);
    bars->setWidth(0.6);
    bars->setPen(QPen(Qt::white));
    bars->setBrush(k % 2 ? QColor(107, 174, 214) : QColor(8, 81, 156));
    if (below) bars->moveAbove(below);
    below = bars;
    for (std::size_t i = 0; i < shown.size(); ++i) {
      const std::vector<bench::PassTime>& passes = shown[i]->passes;
      double ms = 0;
      for (std::size_t j = k; j < (k + 1 == kMaxPassLayers ? passes.size() : std::min(k + 1, passes.size())); ++j)
        ms += std::isfinite(passes[j].medianMs) ? passes[j].medianMs : 0;
      if (k < passes.size()) bars->addData(double(i), ms);
    }
  }
  QStringList notes;
  if (!seriesNote_.isEmpty()) notes << seriesNote_;
  if (matching > shown.size() || most > kMaxPassLayers)
    notes << tr("Passes at this size: showing %1 of %2 results, at most %3 passes each (the rest as one).")
                 .arg(shown.size()).arg(matching).arg(kMaxPassLayers);
  note_->setText(notes.join(QLatin1Char(' ')));
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const std::size_t count = shown[i]->passes.size();
    const QString variant = QString::fromStdString(shown[i]->variant);
    ticker->addTick(double(i), count == 1 ? tr("%1\n1 pass").arg(variant) : tr("%1\n%2 passes").arg(variant).arg(count));
  }
  passes_->xAxis->setTicker(ticker);
  passes_->xAxis->setRange(-0.6, double(shown.size()) - 0.4);
  passes_->yAxis->rescale();
  passes_->yAxis->setRangeLower(0);
  passes_->yAxis->setRangeUpper(passes_->yAxis->range().upper * 1.1);
  passes_->replot();
  note_->setVisible(!note_->text().isEmpty());
}

int SweepCharts::timePointsDrawn() const {
  int n = 0;
  for (int i = 0; i < time_->graphCount(); ++i) n += time_->graph(i)->dataCount();
  return n;
}

QString SweepCharts::note() const { return note_->text(); }

QStringList SweepCharts::timeSeriesNames() const {
  QStringList names;
  for (int i = 0; i < time_->graphCount(); ++i) names << time_->graph(i)->name();
  return names;
}

}  // namespace fftscope::gui
