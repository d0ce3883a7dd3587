#include "performance/RequestBreakdown.h"

#include "export/ExportTargets.h"

#include <QLabel>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace fftscope::gui {
namespace {

QColor partColour(RequestPart part) {
  switch (part) {
    case RequestPart::Queue: return QColor(170, 170, 170);
    case RequestPart::Build: return QColor(148, 103, 189);
    case RequestPart::Upload: return QColor(31, 119, 180);
    case RequestPart::Kernels: return QColor(255, 127, 14);
    case RequestPart::Download: return QColor(23, 190, 207);
    case RequestPart::Host: return QColor(44, 160, 44);
    case RequestPart::Delivery: return QColor(140, 86, 75);
    case RequestPart::Drawing: return QColor(214, 39, 40);
  }
  return Qt::black;
}

QString requestName(const RequestTiming& t) {
  const QString what = t.kind.isEmpty() ? t.workspace : t.workspace + QLatin1Char(' ') + t.kind;
  return QStringLiteral("%1 %2").arg(what).arg(t.generation);
}

QString servedBy(const RequestTiming& t) {
  return t.engine.onDevice ? RequestBreakdown::tr("OpenCL device") : RequestBreakdown::tr("FFTW: host compute");
}

}  // namespace

RequestBreakdown::RequestBreakdown(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot), details_(new QLabel) {
  makeExportable(plot_, {tr("Action to picture")});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_, 1);
  layout->addWidget(details_);
  details_->setTextFormat(Qt::RichText);
  details_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  plot_->setMinimumHeight(160);
  QCPBars* before = nullptr;
  for (int p = 0; p < kRequestPartCount; ++p) {
    auto* bars = new QCPBars(plot_->yAxis, plot_->xAxis);  // keys up the side: horizontal bars
    bars->setName(requestPartName(RequestPart(p)));
    bars->setWidthType(QCPBars::wtPlotCoords);
    bars->setWidth(0.75);
    bars->setPen(Qt::NoPen);
    bars->setBrush(partColour(RequestPart(p)));
    if (before) bars->moveAbove(before);
    before = bars;
    bars_.push_back(bars);
  }
  plot_->xAxis->setLabel(tr("ms from the action (request made) to the picture drawn"));
  plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
  // The legend in one row above the bars, which take the width.
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  plot_->legend->setVisible(true);
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setWrap(0);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setMargins(QMargins(2, 0, 2, 0));
  plot_->setMouseTracking(true);
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) { showHover(event->pos()); });
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { select(requestAt(event->pos())); });
  auto* timer = new QTimer(this);
  timer->setInterval(100);  // a live source's requests come faster than this is worth drawing
  connect(timer, &QTimer::timeout, this, &RequestBreakdown::redraw);
  timer->start();
  showDetails();
}

void RequestBreakdown::add(const RequestTiming& timing) {
  auto same = std::find_if(requests_.begin(), requests_.end(), [&](const RequestTiming& r) { return r.id == timing.id; });
  if (same != requests_.end()) {
    *same = timing;
  } else {
    requests_.push_back(timing);
    while (requests_.size() > std::size_t(capacity())) requests_.pop_front();
  }
  dirty_ = true;
}

void RequestBreakdown::clear() {
  requests_.clear();
  selected_ = 0;
  dirty_ = true;
}

void RequestBreakdown::select(int index) {
  selected_ = index >= 0 && index < int(requests_.size()) ? requests_[std::size_t(index)].id : 0;
  showDetails();
}

void RequestBreakdown::redraw() {
  if (!dirty_) return;
  dirty_ = false;
  std::vector<QVector<double>> keys(bars_.size()), values(bars_.size());
  auto ticker = qSharedPointerCast<QCPAxisTickerText>(plot_->yAxis->ticker());
  ticker->clear();
  double longest = 0;
  for (std::size_t i = 0; i < requests_.size(); ++i) {
    const RequestParts parts = requests_[i].parts();
    for (std::size_t p = 0; p < bars_.size(); ++p) {
      keys[p].push_back(double(i));
      values[p].push_back(parts[p]);
    }
    longest = std::max(longest, requests_[i].totalMs());
    ticker->addTick(double(i), requestName(requests_[i]));
  }
  for (std::size_t p = 0; p < bars_.size(); ++p) bars_[p]->setData(keys[p], values[p], true);
  // At least ten rows, so that a few bars are not drawn as slabs.
  plot_->yAxis->setRange(-0.6, std::max<double>(10, double(requests_.size())) - 0.4);
  plot_->xAxis->setRange(0, longest > 0 ? longest * 1.05 : 1.0);
  plot_->replot(QCustomPlot::rpQueuedReplot);
  showDetails();
}

int RequestBreakdown::requestAt(const QPoint& at) const {
  const long index = std::lround(plot_->yAxis->pixelToCoord(at.y()));
  return index >= 0 && index < long(requests_.size()) ? int(index) : -1;
}

void RequestBreakdown::showHover(const QPoint& at) {
  const int index = requestAt(at);
  if (index < 0) return QToolTip::hideText();
  const RequestTiming& t = requests_[std::size_t(index)];
  const RequestParts parts = t.parts();
  // The part under the pointer, by where the stacked segments end.
  const double ms = plot_->xAxis->pixelToCoord(at.x());
  int under = -1;
  double end = 0;
  for (int p = 0; p < kRequestPartCount && under < 0; ++p)
    if (ms < (end += parts[std::size_t(p)]) && parts[std::size_t(p)] > 0) under = p;
  QString text = tr("%1 (%2): %3 ms from the action to the %4")
                     .arg(requestName(t), servedBy(t))
                     .arg(t.totalMs(), 0, 'f', 2)
                     .arg(t.drawn() ? tr("picture") : tr("answer (no paint reported)"));
  for (int p = 0; p < kRequestPartCount; ++p)
    text += QStringLiteral("\n%1%2: %3 ms")
                .arg(p == under ? QStringLiteral("▶ ") : QStringLiteral("   "), requestPartName(RequestPart(p)))
                .arg(parts[std::size_t(p)], 0, 'f', 3);
  QToolTip::showText(plot_->mapToGlobal(at), text, plot_);
}

QString RequestBreakdown::detailsText() const { return details_->text(); }

void RequestBreakdown::showDetails() {
  auto shown = std::find_if(requests_.begin(), requests_.end(), [this](const RequestTiming& r) { return r.id == selected_; });
  if (shown == requests_.end()) {
    if (requests_.empty()) {
      details_->setText(tr("No request has been answered yet: edit a filter in the Image workspace, or change "
                           "the Signal workspace's analysis, and its way from the action to the picture shows here."));
      return;
    }
    shown = std::prev(requests_.end());
  }
  const RequestTiming& t = *shown;
  const RequestParts parts = t.parts();
  const double total = t.totalMs();
  QString html = tr("<b>%1</b> (%2, %3): <b>%4 ms</b> from the action to the %5")
                     .arg(requestName(t).toHtmlEscaped(), selected_ ? tr("selected") : tr("newest"), servedBy(t))
                     .arg(total, 0, 'f', 2)
                     .arg(t.drawn() ? tr("picture") : tr("answer (its view reports no paint)"));
  if (t.engine.programsBuilt > 0) html += tr("; %n program(s) built", nullptr, t.engine.programsBuilt);
  html += QStringLiteral("<table cellspacing=6><tr>");
  for (int p = 0; p < kRequestPartCount; ++p)
    html += QStringLiteral("<td><span style='color:%1'>■</span> %2</td>")
                .arg(partColour(RequestPart(p)).name(), requestPartName(RequestPart(p)));
  html += QStringLiteral("</tr><tr>");
  for (int p = 0; p < kRequestPartCount; ++p)
    html += QStringLiteral("<td align=right>%1 ms<br>%2%</td>")
                .arg(parts[std::size_t(p)], 0, 'f', 2)
                .arg(total > 0 ? 100.0 * parts[std::size_t(p)] / total : 0.0, 0, 'f', 0);
  html += QStringLiteral("</tr></table>");
  details_->setText(html);
}

}  // namespace fftscope::gui
