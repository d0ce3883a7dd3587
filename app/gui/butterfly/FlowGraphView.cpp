#include "butterfly/FlowGraphView.h"

#include "butterfly/FlowGraphLegend.h"
#include "graph/Annotations.h"

#include <QAction>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fftscope::gui {

namespace {

// Graph units: a column of nodes every kColumn, a node every kRow, room above for labels.
constexpr double kColumn = 140, kRow = 26, kTop = 56, kLeft = 48, kRadius = 6;

QColor valueColour(std::complex<double> v, double maxMagnitude) {
  const double m = std::abs(v);
  if (m <= maxMagnitude * 1e-9) return Qt::white;
  return FlowGraphLegend::nodeColour(std::arg(v), m / maxMagnitude);
}

QColor twiddleColour(const graph::Twiddle& t, std::size_t n) {
  return FlowGraphLegend::edgeColour(double(t.exponentOverN % n) / double(n));
}

QString complexText(std::complex<double> v) {
  return QStringLiteral("%1 %2 %3i  (|%4| ∠ %5°)")
      .arg(v.real(), 0, 'g', 7)
      .arg(v.imag() < 0 ? QLatin1Char('-') : QLatin1Char('+'))
      .arg(std::abs(v.imag()), 0, 'g', 7)
      .arg(std::abs(v), 0, 'g', 6)
      .arg(std::arg(v) * 180 / M_PI, 0, 'f', 1);
}

}  // namespace

FlowGraphView::FlowGraphView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setMinimumSize(320, 240);
  setFocusPolicy(Qt::StrongFocus);  // +, - and 0 zoom once the graph is clicked
  // The keys as actions, so Help > Keyboard Shortcuts lists them.
  auto key = [this](const QString& text, const QList<QKeySequence>& keys, void (FlowGraphView::*run)()) {
    auto* action = new QAction(text, this);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WidgetShortcut);
    connect(action, &QAction::triggered, this, run);
    addAction(action);
  };
  key(tr("Zoom the graph in"), {QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)}, &FlowGraphView::zoomIn);
  key(tr("Zoom the graph out"), {QKeySequence(Qt::Key_Minus)}, &FlowGraphView::zoomOut);
  key(tr("Show the whole graph"), {QKeySequence(Qt::Key_0)}, &FlowGraphView::fit);
  setAutoFillBackground(true);
  QPalette p = palette();
  p.setColor(QPalette::Window, Qt::white);
  setPalette(p);
}

void FlowGraphView::setGraph(graph::FlowGraph graph) {
  graph_ = std::move(graph);
  ownerOf_.assign(graph_.columns.size(), std::vector<std::pair<int, int>>(graph_.points, {-1, -1}));
  for (std::size_t c = 0; c < graph_.columns.size(); ++c)
    for (std::size_t b = 0; b < graph_.columns[c].butterflies.size(); ++b) {
      const auto& outputs = graph_.columns[c].butterflies[b].outputs;
      for (std::size_t q = 0; q < outputs.size(); ++q) ownerOf_[c][outputs[q]] = {int(b), int(q)};
    }
  reference_.clear();
  device_.clear();
  known_ = 0;
  launchMs_.clear();
  fitForReading();
}

void FlowGraphView::setValues(std::vector<ValueVector> reference, std::map<std::size_t, ValueVector> device,
                              std::size_t knownBoundaries) {
  reference_ = std::move(reference);
  device_ = std::move(device);
  known_ = knownBoundaries;
  maxMagnitude_ = 1e-300;
  for (std::size_t b = 0; b < std::min(known_, reference_.size()); ++b)
    for (const auto& v : reference_[b]) maxMagnitude_ = std::max(maxMagnitude_, std::abs(v));
  update();
}

QSizeF FlowGraphView::graphSize() const {
  return {2 * kLeft + kColumn * double(graph_.columns.size()), kTop + kRow * double(std::max<std::size_t>(1, graph_.points)) + 12};
}

QPointF FlowGraphView::node(std::size_t boundary, std::size_t element) const {
  return {kLeft + kColumn * double(boundary), kTop + kRow * (double(element) + 0.5)};
}

QTransform FlowGraphView::viewTransform() const {
  QTransform t;
  t.translate(offset_.x(), offset_.y());
  t.scale(zoom_, zoom_);
  return t;
}

void FlowGraphView::fit() {
  const QSizeF size = graphSize();
  showCentred(std::min(width() / size.width(), height() / size.height()), FitMode::Whole);
}

void FlowGraphView::fitWidth() { showCentred(std::min(1.0, width() / graphSize().width()), FitMode::Width); }

void FlowGraphView::showCentred(double zoom, FitMode mode) {
  zoom_ = std::clamp(zoom, kMinZoom, kMaxZoom);
  offset_ = {(width() - graphSize().width() * zoom_) / 2, 0};
  fitMode_ = mode;
  update();
  emit zoomChanged(zoom_);
}

void FlowGraphView::fitForReading() {
  const QSizeF size = graphSize();
  // Rows closer than this many pixels cannot be told apart: fit the width and scroll instead.
  constexpr double kReadableRow = 14;
  if (std::min(width() / size.width(), height() / size.height()) * kRow >= kReadableRow) fit();
  else fitWidth();
}

void FlowGraphView::setZoom(double zoom, std::optional<QPointF> at) {
  zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
  const QPointF centre = at.value_or(QPointF(width() / 2.0, height() / 2.0));
  offset_ = centre - (centre - offset_) * (zoom / zoom_);
  zoom_ = zoom;
  fitMode_ = FitMode::None;
  update();
  emit zoomChanged(zoom_);
}

void FlowGraphView::paintGraph(QPainter& painter, double pixelsPerUnit) const {
  const std::size_t n = graph_.points;
  if (n == 0) return;
  painter.setRenderHint(QPainter::Antialiasing, pixelsPerUnit > 0.3);
  // Launch bands: the stages of one kernel launch share a shade and a label.
  std::size_t c = 0;
  int band = 0;
  QFont small = painter.font();
  small.setPointSizeF(9);
  painter.setFont(small);
  while (c < graph_.columns.size()) {
    std::size_t end = c;
    while (end + 1 < graph_.columns.size() && graph_.columns[end + 1].launch == graph_.columns[c].launch) ++end;
    const QRectF rect(node(c, 0).x() + kRadius * 2, 4, node(end + 1, 0).x() - node(c, 0).x() - kRadius * 4,
                      kTop + kRow * double(n) - 4);
    painter.fillRect(rect, band % 2 ? QColor(240, 244, 250) : QColor(250, 247, 240));
    const std::size_t launch = graph_.columns[c].launch;
    QString title = graph_.kind == graph::GraphKind::Plan ? tr("launch %1").arg(launch + 1) : tr("stage %1").arg(c + 1);
    if (launch < launchMs_.size() && std::isfinite(launchMs_[launch]))
      title += QStringLiteral(" · %1 ms").arg(launchMs_[launch], 0, 'f', 4);
    painter.setPen(Qt::black);
    // Titles may be wider than a one-stage band: centred on it, free to overhang.
    painter.drawText(QRectF(rect.center().x() - kColumn, 6, 2 * kColumn, 16), Qt::AlignCenter, title);
    for (std::size_t k = c; k <= end; ++k)
      painter.drawText(QRectF(node(k, 0).x(), 24, kColumn, 16), Qt::AlignCenter,
                       QString::fromStdString(graph_.columns[k].label).section(QLatin1Char(' '), 0, 3));
    c = end + 1;
    ++band;
  }
  // Edges, coloured by the twiddle of their butterfly slot; the hovered node's inputs stand out.
  for (std::size_t col = 0; col < graph_.columns.size(); ++col) {
    for (const graph::Edge& e : graph_.columns[col].edges) {
      const bool hot = long(col + 1) == hoverBoundary_ && long(e.to) == hoverElement_;
      QPen pen(twiddleColour(e.twiddle, n), hot ? 2.5 : 1.0);
      pen.setCosmetic(true);
      painter.setPen(pen);
      painter.drawLine(node(col, e.from), node(col + 1, e.to));
    }
  }
  // Nodes, filled with the values known so far.
  painter.setPen(QPen(QColor(60, 60, 60), 1));
  for (std::size_t b = 0; b <= graph_.columns.size(); ++b) {
    const bool known = b < known_ && b < reference_.size();
    for (std::size_t e = 0; e < n; ++e) {
      const bool hot = long(b) == hoverBoundary_ && long(e) == hoverElement_;
      painter.setBrush(known ? valueColour(reference_[b][e], maxMagnitude_) : QColor(255, 255, 255));
      const double r = hot ? kRadius * 1.5 : kRadius;
      painter.drawEllipse(node(b, e), r, r);
    }
  }
  if (pixelsPerUnit > 0.45) {  // indices beside the first and last columns, when legible
    painter.setPen(Qt::darkGray);
    for (std::size_t e = 0; e < n; ++e) {
      const std::size_t in = e < graph_.inputOrder.size() ? graph_.inputOrder[e] : e;
      const std::size_t out = e < graph_.outputOrder.size() ? graph_.outputOrder[e] : e;
      painter.drawText(QRectF(0, node(0, e).y() - 8, kLeft - 10, 16), Qt::AlignRight | Qt::AlignVCenter,
                       QStringLiteral("x%1").arg(in));
      painter.drawText(QRectF(node(graph_.columns.size(), e).x() + 10, node(0, e).y() - 8, kLeft, 16),
                       Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("X%1").arg(out));
    }
  }
}

void FlowGraphView::render(QPainter& painter, const QRectF& target) const {
  painter.save();
  painter.fillRect(target, Qt::white);
  const double legendHeight = FlowGraphLegend::heightFor(target.width());
  const QRectF legend(target.left(), target.bottom() - legendHeight, target.width(), legendHeight);
  FlowGraphLegend::paint(painter, legend);
  const QSizeF size = graphSize();
  const double scale = std::min(target.width() / size.width(), (legend.top() - target.top()) / size.height());
  painter.translate(target.left() + (target.width() - size.width() * scale) / 2, target.top());
  painter.scale(scale, scale);
  paintGraph(painter, scale);
  painter.restore();
}

void FlowGraphView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setTransform(viewTransform());
  paintGraph(painter, zoom_);
}

void FlowGraphView::wheelEvent(QWheelEvent* event) {
  if (event->modifiers() & Qt::ControlModifier) {
    setZoom(zoom_ * std::pow(1.0015, event->angleDelta().y()), event->position());
    return;
  }
  // Scroll, keeping some of the graph in the view.
  const QSizeF size = graphSize() * zoom_;
  const QPoint delta = event->pixelDelta().isNull() ? event->angleDelta() / 2 : event->pixelDelta();
  const double lowestY = std::min(0.0, height() - size.height()), lowestX = std::min(0.0, width() - size.width());
  offset_.setY(std::clamp(offset_.y() + delta.y(), lowestY, std::max(0.0, offset_.y())));
  offset_.setX(std::clamp(offset_.x() + delta.x(), lowestX, std::max(0.0, offset_.x())));
  update();
}

void FlowGraphView::mousePressEvent(QMouseEvent* event) {
  dragging_ = true;
  dragFrom_ = event->pos();
}

void FlowGraphView::mouseReleaseEvent(QMouseEvent*) { dragging_ = false; }

void FlowGraphView::mouseMoveEvent(QMouseEvent* event) {
  if (dragging_) {
    offset_ += event->pos() - dragFrom_;
    dragFrom_ = event->pos();
    fitMode_ = FitMode::None;
    update();
    return;
  }
  std::size_t b = 0, e = 0;
  const QPointF at = viewTransform().inverted().map(event->position());
  if (nodeAt(at, b, e)) {
    if (long(b) != hoverBoundary_ || long(e) != hoverElement_) {
      hoverBoundary_ = long(b);
      hoverElement_ = long(e);
      update();
    }
    QToolTip::showText(event->globalPosition().toPoint(), describeNode(b, e), this);
  } else if (hoverBoundary_ >= 0) {
    hoverBoundary_ = hoverElement_ = -1;
    QToolTip::hideText();
    update();
  }
}

void FlowGraphView::resizeEvent(QResizeEvent*) {
  if (fitMode_ == FitMode::Whole) fit();
  else if (fitMode_ == FitMode::Width) fitWidth();
}

bool FlowGraphView::nodeAt(const QPointF& p, std::size_t& boundary, std::size_t& element) const {
  if (graph_.points == 0) return false;
  const double b = std::round((p.x() - kLeft) / kColumn), e = std::round((p.y() - kTop) / kRow - 0.5);
  if (b < 0 || e < 0 || b > double(graph_.columns.size()) || e >= double(graph_.points)) return false;
  if (QLineF(p, node(std::size_t(b), std::size_t(e))).length() > kRadius * 2) return false;
  boundary = std::size_t(b);
  element = std::size_t(e);
  return true;
}

QString FlowGraphView::describeNode(std::size_t boundary, std::size_t element) const {
  QStringList lines;
  if (boundary == 0) {
    const graph::IndexAnnotation index = graph::annotateIndex(graph_, element);
    lines << tr("input element %1%2").arg(element).arg(index.binary.empty() ? QString()
                                                       : QStringLiteral(" = %1b").arg(QString::fromStdString(index.binary)));
  } else {
    const graph::Column& column = graph_.columns[boundary - 1];
    const graph::IndexAnnotation index = graph::annotateOutputIndex(graph_, column, element);
    QString binary = QString::fromStdString(index.binary);
    if (index.insertedLow >= 0 && !binary.isEmpty()) {
      // Mark the bits this pass inserts (the butterfly's output slot) with brackets.
      const int high = int(binary.size()) - index.insertedLow, low = high - index.insertedCount;
      binary = binary.left(low) + QLatin1Char('[') + binary.mid(low, index.insertedCount) + QLatin1Char(']') +
               binary.mid(high);
    }
    lines << tr("element %1 after %2%3").arg(element).arg(QString::fromStdString(column.label))
                 .arg(binary.isEmpty() ? QString() : tr(", %1b ([..]: the bits this pass inserts)").arg(binary));
    const auto [butterfly, q] = ownerOf_[boundary - 1][element];
    if (butterfly >= 0) {
      lines << QString::fromStdString(graph::formula(graph_, column, std::size_t(butterfly), q));
      for (const graph::Twiddle& t : column.butterflies[std::size_t(butterfly)].twiddles) {
        if (t.exponent == 0) continue;
        const graph::TwiddleAnnotation a = graph::annotateTwiddle(t, graph_.direction, graph_.precision);
        lines << tr("W = w(%1): exact %2 %3 %4i, stored %5 %6 %7i (error %8)")
                     .arg(QString::fromStdString(a.fraction))
                     .arg(double(a.cosExact), 0, 'g', 17).arg(a.sinExact < 0 ? '-' : '+')
                     .arg(std::abs(double(a.sinExact)), 0, 'g', 17)
                     .arg(a.cosStored, 0, 'g', 9).arg(a.sinStored < 0 ? '-' : '+').arg(std::abs(a.sinStored), 0, 'g', 9)
                     .arg(double(a.storedError), 0, 'g', 2);
      }
    }
  }
  if (boundary < known_ && boundary < reference_.size()) {
    const std::complex<double> cpu = reference_[boundary][element];
    lines << tr("CPU reference: %1").arg(complexText(cpu));
    auto device = device_.find(boundary);
    if (device != device_.end() && element < device->second.size()) {
      lines << tr("device:        %1").arg(complexText(device->second[element]));
      lines << tr("difference:    %1").arg(std::abs(device->second[element] - cpu), 0, 'g', 3);
    }
  }
  return lines.join(QLatin1Char('\n'));
}

ViewData FlowGraphView::nodeValues() const {
  ViewData data;
  data.names = {QStringLiteral("boundary"), QStringLiteral("element"), QStringLiteral("cpu re"), QStringLiteral("cpu im"),
                QStringLiteral("device re"), QStringLiteral("device im")};
  data.columns.resize(6);
  const double none = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t b = 0; b < std::min(known_, reference_.size()); ++b) {
    const auto device = device_.find(b);
    for (std::size_t e = 0; e < reference_[b].size(); ++e) {
      const bool read = device != device_.end() && e < device->second.size();
      const double row[] = {double(b), double(e), reference_[b][e].real(), reference_[b][e].imag(),
                            read ? device->second[e].real() : none, read ? device->second[e].imag() : none};
      for (std::size_t c = 0; c < data.columns.size(); ++c) data.columns[c].push_back(row[c]);
    }
  }
  return data;
}

QImage FlowGraphView::renderStage(std::size_t boundaries, QSize size) {
  QImage image(size, QImage::Format_RGB32);
  image.fill(Qt::white);
  const std::size_t known = known_;
  known_ = std::min(boundaries, reference_.size());
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  render(painter, QRectF(QPointF(0, 0), QSizeF(size)));
  known_ = known;
  return image;
}

}  // namespace fftscope::gui
