#include "image/ProfilePlots.h"

#include "export/ExportTargets.h"

#include "imaging/FilterResponse.h"

#include <QHBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace fftscope::gui {

namespace {

QCustomPlot* makePlot(const QString& x, const QString& y) {
  auto* plot = new QCustomPlot;
  plot->xAxis->setLabel(x);
  plot->yAxis->setLabel(y);
  makeExportable(plot, {y + QStringLiteral(" against ") + x});
  plot->setMinimumHeight(140);
  plot->axisRect()->setMargins(QMargins(0, 0, 0, 0));
  QFont small = plot->font();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  for (QCPAxis* axis : {plot->xAxis, plot->yAxis, plot->yAxis2}) {
    axis->setLabelFont(small);
    axis->setTickLabelFont(small);
  }
  return plot;
}

double sampleAt(const QCPGraph* graph, double key) {
  const QCPGraphDataContainer& data = *graph->data();
  if (data.isEmpty()) return NAN;
  auto it = data.findBegin(key, false);
  if (it == data.constEnd()) --it;
  auto best = it;
  if (it != data.constBegin() && std::abs((it - 1)->key - key) < std::abs(it->key - key)) best = it - 1;
  return best->value;
}

}  // namespace

ProfilePlots::ProfilePlots(QWidget* parent) : QWidget(parent) {
  radial_ = makePlot(tr("radius (cycles/pixel)"), tr("mean level (dB)"));
  radial_->setObjectName(QStringLiteral("radialProfile"));
  radial_->addGraph(radial_->xAxis, radial_->yAxis);
  radial_->graph(0)->setName(tr("mean level"));
  radial_->graph(0)->setPen(QPen(QColor(40, 90, 200), 1.2));
  radial_->yAxis2->setVisible(true);
  radial_->yAxis2->setLabel(tr("filter H(f)"));
  radial_->yAxis2->setRange(0.0, 1.05);
  radial_->addGraph(radial_->xAxis, radial_->yAxis2);
  radial_->graph(1)->setName(tr("H(f)"));
  radial_->graph(1)->setPen(QPen(QColor(220, 90, 30), 1.8));
  radial_->xAxis->setRange(0.0, 0.5);
  for (auto*& line : cutoffLines_) {
    line = new QCPItemStraightLine(radial_);
    line->setPen(QPen(QColor(220, 90, 30), 1, Qt::DashLine));
    line->setVisible(false);
  }
  cutoffText_ = new QCPItemText(radial_);
  cutoffText_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
  cutoffText_->position->setTypeX(QCPItemPosition::ptPlotCoords);
  cutoffText_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  cutoffText_->position->setAxes(radial_->xAxis, radial_->yAxis2);
  cutoffText_->setColor(QColor(180, 70, 20));
  cutoffText_->setVisible(false);
  radial_->legend->setVisible(false);

  line_ = makePlot(tr("distance along the line (cycles/pixel)"), tr("level (dB)"));
  line_->setObjectName(QStringLiteral("lineProfile"));
  line_->addGraph();
  line_->graph(0)->setPen(QPen(QColor(40, 140, 80), 1.2));
  hint_ = new QCPItemText(line_);
  QCPItemText* hint = hint_;
  hint->position->setType(QCPItemPosition::ptAxisRectRatio);
  hint->position->setCoords(0.5, 0.5);
  hint->setText(tr("Shift-drag on the spectrum to draw a line"));
  hint->setColor(Qt::gray);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(radial_, 3);
  layout->addWidget(line_, 2);
  setFilter(imaging::BaseFilter{});
}

void ProfilePlots::setRadialProfile(const imaging::RadialProfile& profile) {
  QVector<double> keys(profile.radius.begin(), profile.radius.end());
  QVector<double> values(profile.meanDb.begin(), profile.meanDb.end());
  radial_->graph(0)->setData(keys, values, true);
  radial_->graph(0)->rescaleValueAxis(false, true);
  radial_->replot(QCustomPlot::rpQueuedReplot);
}

void ProfilePlots::setFilter(const imaging::BaseFilter& filter) {
  QVector<double> keys(kResponseSamples), values(kResponseSamples);
  for (int i = 0; i < kResponseSamples; ++i) {
    keys[i] = 0.5 * i / (kResponseSamples - 1);
    values[i] = imaging::baseFilterResponse(filter, keys[i]);
  }
  radial_->graph(1)->setData(keys, values, true);
  const bool any = filter.kind != imaging::FilterKind::AllPass;
  const bool band = filter.kind == imaging::FilterKind::BandPass || filter.kind == imaging::FilterKind::BandStop;
  const double edges[2] = {filter.cutoff, filter.upperCutoff};
  for (int i = 0; i < 2; ++i) {
    cutoffLines_[i]->setVisible(any && (i == 0 || band));
    cutoffLines_[i]->point1->setCoords(edges[i], 0.0);
    cutoffLines_[i]->point2->setCoords(edges[i], 1.0);
  }
  // What the cutoff means for this shape: the response's value there; a band is the textbook's
  // centre D0 and width W.
  const double atCutoff = imaging::baseFilterResponse(filter, filter.cutoff);
  cutoffText_->setVisible(any);
  cutoffText_->position->setCoords(filter.cutoff, 0.02);
  if (band)
    cutoffText_->setText(tr(" D0 = %1, W = %2")
                             .arg(0.5 * (filter.cutoff + filter.upperCutoff), 0, 'f', 3)
                             .arg(filter.upperCutoff - filter.cutoff, 0, 'f', 3));
  else
    cutoffText_->setText(filter.shape == imaging::FilterShape::Ideal ? tr(" fc: the edge")
                                                                     : tr(" fc: H = %1").arg(atCutoff, 0, 'f', 2));
  radial_->replot(QCustomPlot::rpQueuedReplot);
}

void ProfilePlots::setLineProfile(const imaging::LineProfile& profile) {
  QVector<double> keys(profile.distance.begin(), profile.distance.end());
  QVector<double> values(profile.levelDb.begin(), profile.levelDb.end());
  line_->graph(0)->setData(keys, values, true);
  line_->rescaleAxes();
  hint_->setVisible(false);
  line_->replot(QCustomPlot::rpQueuedReplot);
}

void ProfilePlots::clearLineProfile() {
  line_->graph(0)->data()->clear();
  hint_->setVisible(true);
  line_->replot(QCustomPlot::rpQueuedReplot);
}

double ProfilePlots::plottedResponse(double f) const { return sampleAt(radial_->graph(1), f); }
double ProfilePlots::plottedLevel(double f) const { return sampleAt(radial_->graph(0), f); }
QString ProfilePlots::cutoffLabel() const { return cutoffText_->visible() ? cutoffText_->text().trimmed() : QString(); }

}  // namespace fftscope::gui
