#include "butterfly/ButterflyWorkspace.h"

#include "butterfly/FlowGraphLegend.h"
#include "butterfly/FlowGraphView.h"
#include "butterfly/MemoryView.h"
#include "engine/EngineService.h"
#include "export/ExportTargets.h"
#include "graph/FlowGraphBuilder.h"
#include "graph/GraphEvaluation.h"
#include "graph/RadixBlock.h"
#include "graph/TextbookGraphs.h"

#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <random>

namespace fftscope::gui {

ButterflyWorkspace::ButterflyWorkspace(EngineService* service, QWidget* parent)
    : QWidget(parent), service_(service), session_(new ButterflySession(service, this)), view_(new FlowGraphView),
      legend_(new FlowGraphLegend),
      memory_(new MemoryView), memorySummary_(new QLabel), table_(new QTableWidget), status_(new QLabel),
      player_(new QTimer(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(makeControls());
  auto* split = new QSplitter;
  auto* graphAndLegend = new QWidget;
  auto* graphLayout = new QVBoxLayout(graphAndLegend);
  graphLayout->setContentsMargins(0, 0, 0, 0);
  graphLayout->setSpacing(0);
  graphLayout->addWidget(view_, 1);
  makeExportable(view_, {tr("Butterfly flow graph"),
                         [this](QPainter& painter, const QRectF& target) { view_->render(painter, target); },
                         [this] { return view_->nodeValues(); },
                         [this](int index, int, QSize size) { return view_->renderStage(std::size_t(index) + 1, size); },
                         [this] { return int(std::max<std::size_t>(1, view_->boundaryCount())); }});
  graphLayout->addWidget(legend_);
  split->addWidget(graphAndLegend);
  split->addWidget(makeSidePanel());
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  layout->addWidget(split, 1);
  status_->setWordWrap(true);
  layout->addWidget(status_);

  connect(session_, &ButterflySession::prepared, this, &ButterflyWorkspace::onPrepared);
  connect(session_, &ButterflySession::stepped, this, &ButterflyWorkspace::onStepped);
  connect(session_, &ButterflySession::failed, this, [this](const QString& message) {
    if (!showsPlan()) return;
    message_ = message;
    status_->setText(tr("The device cannot step this plan: %1. The graph and the CPU reference are shown.").arg(message));
  });
  connect(player_, &QTimer::timeout, this, [this] {
    if (position_ >= launchCount()) {
      player_->stop();
      play_->setChecked(false);
    } else {
      nextPass();
    }
  });
  if (service_->isReady())
    rebuild();
  else
    connect(service_, &EngineService::engineStarted, this, &ButterflyWorkspace::rebuild);
}

void ButterflyWorkspace::addInputSource(const QString& name, std::function<ComplexVector(std::size_t)> source) {
  sources_.emplace_back(name, std::move(source));
  input_->addItem(name);
}

PlanDescription ButterflyWorkspace::description() const {
  PlanDescription d = PlanDescription::oneD(std::size_t(size_->currentData().toULongLong()));
  const std::vector<Variant> variants{Variant::R2, Variant::R4, Variant::R8, Variant::R16, Variant::Local, Variant::Auto};
  d.variant = variants[std::size_t(variant_->currentIndex())];
  d.direction = direction_->currentIndex() == 0 ? Direction::Forward : Direction::Inverse;
  d.precision = precision_->currentIndex() == 0 ? Precision::F32 : Precision::F64;
  return d;
}

ComplexVector ButterflyWorkspace::makeInput(std::size_t n) const {
  ComplexVector x(n);
  const int choice = input_->currentIndex();
  if (choice == 0) {
    x[0] = 1.0;
  } else if (choice == 1) {
    for (std::size_t j = 0; j < n; ++j) {
      // The angle reduced exactly in integers, so the input is as exact as it can be stored.
      const std::size_t turn = (std::size_t(bin_->value()) * j) % n;
      x[j] = std::polar(1.0, 2 * M_PI * double(turn) / double(n));
    }
  } else if (choice == 2) {
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> uniform(-0.5, 0.5);
    for (auto& v : x) v = {uniform(random), uniform(random)};
  } else {
    x = sources_[std::size_t(choice - 3)].second(n);
    x.resize(n);
  }
  // Values the device can hold exactly, so the CPU reference starts from the same numbers.
  if (precision_->currentIndex() == 0)
    for (auto& v : x) v = {double(float(v.real())), double(float(v.imag()))};
  return x;
}

void ButterflyWorkspace::rebuild() {
  player_->stop();
  play_->setChecked(false);
  prepared_ = false;
  message_.clear();
  memoryViews_.clear();
  showMemoryOf(-1);  // the old plan's accesses go with it
  const PlanDescription d = description();
  input_values_ = makeInput(d.cols);
  const auto choice = GraphChoice(graphChoice_->currentIndex());
  if (choice == GraphChoice::TextbookDit || choice == GraphChoice::TextbookDif) {
    shown_ = choice == GraphChoice::TextbookDit ? graph::textbookDitGraph(d.cols, d.direction)
                                                : graph::textbookDifGraph(d.cols, d.direction);
    shown_.precision = d.precision;
    passes_.clear();
    prepared_ = true;  // the CPU steps it: ready at once
    showGraph();
    status_->setText(tr("The textbook in-place graph, stepped on the CPU: its input (or output) is in bit-reversed "
                        "order, where the engine's Stockham passes keep natural order throughout."));
    return;
  }
  // The engine's plan: the graph is drawn from the passes the device reports once it has baked them.
  status_->setText(tr("Baking the plan on the engine…"));
  session_->prepare(d, input_values_);
}

void ButterflyWorkspace::onPrepared(quint64 generation, const std::vector<PassInfo>& passes, const StepState& state) {
  // An answer to a plan since replaced, or one the textbook graph shown now does not use.
  if (generation != session_->generation() || !showsPlan()) return;
  passes_ = passes;
  planGraph_ = graph::buildFlowGraph(description(), passes_);
  memoryViews_ = graph::memoryAccessViews(passes_, description().precision);
  shown_ = GraphChoice(graphChoice_->currentIndex()) == GraphChoice::PlanExpanded ? graph::expandBlocks(planGraph_)
                                                                                   : planGraph_;
  showGraph();
  deviceAt_[0] = state.values;
  prepared_ = true;
  refreshValues();
  status_->setText(tr("%1: %2 launches. Next pass runs one kernel on %3 and compares its buffer with the CPU.")
                       .arg(QString::fromStdString(description().summary()))
                       .arg(passes_.size())
                       .arg(service_->info().deviceName));
}

bool ButterflyWorkspace::showsPlan() const {
  const auto choice = GraphChoice(graphChoice_->currentIndex());
  return choice == GraphChoice::Plan || choice == GraphChoice::PlanExpanded;
}

void ButterflyWorkspace::showGraph() {
  view_->setGraph(shown_);
  const graph::Evaluation evaluation = graph::evaluate(shown_, graph::ExactVector(input_values_.begin(), input_values_.end()));
  reference_.clear();
  for (const auto& boundary : evaluation.boundaries) reference_.emplace_back(boundary.begin(), boundary.end());
  launchEnds_ = shown_.kind == graph::GraphKind::Plan ? graph::launchBoundaries(shown_) : std::vector<std::size_t>();
  if (shown_.kind != graph::GraphKind::Plan)
    for (std::size_t c = 1; c <= shown_.columns.size(); ++c) launchEnds_.push_back(c);
  deviceAt_.clear();
  launchMs_.assign(launchEnds_.size(), std::nan(""));
  position_ = 0;
  lastDifference_ = 0;
  fillTable();
  refreshValues();
}

void ButterflyWorkspace::fillTable() {
  table_->setRowCount(int(launchEnds_.size()));
  const std::size_t n = shown_.points;
  for (std::size_t j = 0; j < launchEnds_.size(); ++j) {
    std::size_t butterflies = 0;
    double flops = 0;
    QString kernel;
    for (const graph::Column& c : shown_.columns)
      if ((shown_.kind == graph::GraphKind::Plan && c.launch == j) ||
          (shown_.kind != graph::GraphKind::Plan && &c == &shown_.columns[j])) {
        butterflies += c.butterflies.size();
        flops += 5.0 * double(n) * std::log2(double(c.radix));  // the usual 5·N·log2 N, split by stage
        if (kernel.isEmpty()) kernel = QString::fromStdString(c.label);
      }
    if (j < passes_.size()) kernel = QString::fromStdString(passes_[j].label());
    const std::uint64_t bytes = j < passes_.size() ? passes_[j].bytesRead + passes_[j].bytesWritten : 0;
    const QStringList cells{QString::number(j + 1), kernel, QString::number(butterflies), QString::number(flops, 'f', 0),
                            bytes ? QString::number(bytes) : tr("—"), QStringLiteral("—"), QStringLiteral("—")};
    for (int c = 0; c < cells.size(); ++c) table_->setItem(int(j), c, new QTableWidgetItem(cells[c]));
  }
  if (!launchEnds_.empty()) table_->setCurrentCell(0, 0);
  showMemoryOf(launchEnds_.empty() ? -1 : 0);  // whether or not the current row moved
}

void ButterflyWorkspace::refreshValues() {
  const std::size_t known = position_ == 0 ? 1 : launchEnds_[position_ - 1] + 1;
  std::map<std::size_t, ValueVector> device;
  for (const auto& [position, values] : deviceAt_)
    device[position == 0 ? 0 : launchEnds_[position - 1]] = values;
  view_->setValues(reference_, std::move(device), known);
  view_->setLaunchTimes(launchMs_);
  back_->setEnabled(prepared_ && position_ > 0);
  next_->setEnabled(prepared_ && position_ < launchEnds_.size());
  emit positionChanged(position_);
}

void ButterflyWorkspace::nextPass() {
  if (!prepared_ || position_ >= launchEnds_.size()) return;
  if (shown_.kind != graph::GraphKind::Plan || passes_.empty() || !message_.isEmpty()) {
    ++position_;  // the CPU steps alone
    refreshValues();
    return;
  }
  session_->step();
}

void ButterflyWorkspace::previousPass() {
  if (!prepared_ || position_ == 0) return;
  if (shown_.kind != graph::GraphKind::Plan || passes_.empty() || !message_.isEmpty()) {
    --position_;
    refreshValues();
    return;
  }
  session_->back();
}

void ButterflyWorkspace::resetSteps() {
  if (shown_.kind == graph::GraphKind::Plan && !passes_.empty() && message_.isEmpty()) {
    rebuild();
    return;
  }
  position_ = 0;
  refreshValues();
}

void ButterflyWorkspace::onStepped(const StepState& state) {
  if (state.generation != session_->generation() || !showsPlan() || !prepared_) return;
  position_ = state.position;
  for (auto it = deviceAt_.begin(); it != deviceAt_.end();)
    it = it->first > position_ ? deviceAt_.erase(it) : std::next(it);
  deviceAt_[position_] = state.values;
  for (std::size_t j = 0; j < state.timings.size() && j < launchMs_.size(); ++j)
    launchMs_[j] = double(state.timings[j].nanoseconds) / 1e6;
  lastDifference_ = 0;
  if (position_ > 0) {
    const auto& cpu = reference_[launchEnds_[position_ - 1]];
    for (std::size_t e = 0; e < cpu.size(); ++e)
      lastDifference_ = std::max(lastDifference_, std::abs(state.values[e] - cpu[e]));
    const int row = int(position_ - 1);
    table_->setItem(row, 5, new QTableWidgetItem(QString::number(launchMs_[position_ - 1], 'f', 4)));
    table_->setItem(row, 6, new QTableWidgetItem(QString::number(lastDifference_, 'g', 3)));
    table_->setCurrentCell(row, 0);
  }
  refreshValues();
  status_->setText(position_ == launchEnds_.size()
                       ? tr("All %1 launches run: the buffer holds the transform (largest difference from the CPU "
                            "reference of the last pass %2).").arg(launchEnds_.size()).arg(lastDifference_, 0, 'g', 3)
                       : tr("After launch %1 of %2: largest |device − CPU| %3.")
                             .arg(position_).arg(launchEnds_.size()).arg(lastDifference_, 0, 'g', 3));
}

void ButterflyWorkspace::setSize(std::size_t n) { size_->setCurrentText(QString::number(n)); }
void ButterflyWorkspace::setVariant(Variant variant) { variant_->setCurrentText(QString::fromLatin1(toString(variant).data(), qsizetype(toString(variant).size()))); }
void ButterflyWorkspace::setGraphChoice(GraphChoice choice) { graphChoice_->setCurrentIndex(int(choice)); }
void ButterflyWorkspace::setInputBin(int bin) {
  bin_->setValue(bin);
  input_->setCurrentIndex(1);
}

QString ButterflyWorkspace::message() const { return status_->text(); }

QString ButterflyWorkspace::exportDiagram(const QString& path, QSize size) const {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix != QLatin1String("svg") && suffix != QLatin1String("png"))
    return QStringLiteral("%1: diagrams are saved as .svg or .png").arg(path);
  const PictureOptions options{size.width(), size.height(), 96, false};
  return exportPicture(view_, [this](QPainter& painter, const QRectF& target) { view_->render(painter, target); }, path,
                       options, metadataFor(view_, QStringLiteral("FFTScope flow graph")));
}

}  // namespace fftscope::gui
