// The Butterfly explorer: the FFT's flow graph drawn from the plan the engine runs for N points
// and a variant (or the textbook radix-2 graphs beside it), stepped one kernel launch at a time
// on the device with each buffer compared to the CPU reference of that pass; a side panel with
// each launch's butterflies, flops, bytes and measured time, and the selected launch's global
// memory accesses. Launches are numbered from 1 wherever they are shown.
#pragma once

#include "butterfly/ButterflySession.h"
#include "graph/FlowGraph.h"
#include "graph/MemoryAccessView.h"
#include "shell/Workspace.h"

#include <QWidget>

#include <functional>
#include <map>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace fftscope::gui {

class EngineService;
class FlowGraphLegend;
class FlowGraphView;
class MemoryView;

class ButterflyWorkspace : public QWidget, public Workspace {
  Q_OBJECT

 public:
  enum class GraphChoice { Plan = 0, PlanExpanded = 1, TextbookDit = 2, TextbookDif = 3 };

  explicit ButterflyWorkspace(EngineService* service, QWidget* parent = nullptr);

  // Another workspace's data as an input to follow ("a row of the image"): n values.
  void addInputSource(const QString& name, std::function<ComplexVector(std::size_t n)> source);

  void setSize(std::size_t n);
  void setVariant(Variant variant);
  void setGraphChoice(GraphChoice choice);
  void setInputBin(int bin);  // selects "complex exponential at bin k"
  void nextPass();
  void previousPass();
  void resetSteps();

  FlowGraphView* graphView() const { return view_; }
  FlowGraphLegend* legend() const { return legend_; }
  MemoryView* memoryView() const { return memory_; }
  QTableWidget* launchTable() const { return table_; }
  std::size_t position() const { return position_; }
  std::size_t launchCount() const { return launchEnds_.size(); }
  bool isPrepared() const { return prepared_; }
  // The largest |device − CPU| of the launch that made the current buffer (0 before any).
  double lastDifference() const { return lastDifference_; }
  const ComplexVector& deviceValues() const { return deviceAt_.rbegin()->second; }
  QString message() const;
  // SVG or PNG by extension, sized for slides; empty on success, else the problem.
  QString exportDiagram(const QString& path, QSize size = {1920, 1080}) const;

  // Workspace (ButterflyWorkspaceState.cpp): size, variant, direction, precision, graph, input and step.
  QString workspaceName() const override { return QStringLiteral("butterfly"); }
  QWidget* workspaceWidget() override { return this; }
  nlohmann::json saveState(SessionInputs& inputs) const override;
  std::function<void()> prepareRestore(const nlohmann::json& state, SessionInputs& inputs) override;
  void watchChanges(std::function<void()> changed) override;
  void applyPreferences(const Settings& settings) override;  // the precision

 signals:
  void positionChanged(std::size_t position);

 private:
  QWidget* makeControls();
  QWidget* makeSidePanel();
  void rebuild();
  void onPrepared(quint64 generation, const std::vector<PassInfo>& passes, const StepState& state);
  void onStepped(const StepState& state);
  void showGraph();
  void showMemoryOf(int launch);  // -1: none
  bool showsPlan() const;  // the engine's plan, not a textbook graph
  void fillTable();
  void refreshValues();
  ComplexVector makeInput(std::size_t n) const;
  PlanDescription description() const;

  EngineService* service_;
  ButterflySession* session_;
  FlowGraphView* view_;
  FlowGraphLegend* legend_;
  MemoryView* memory_;
  QLabel* memorySummary_;
  QTableWidget* table_;
  QLabel* status_;
  QComboBox* size_;
  QComboBox* variant_;
  QComboBox* direction_;
  QComboBox* precision_;
  QComboBox* graphChoice_;
  QComboBox* input_;
  QSpinBox* bin_;
  QPushButton* back_;
  QPushButton* next_;
  QPushButton* play_;
  QSpinBox* delay_;
  QSpinBox* zoom_;
  QTimer* player_;
  std::vector<std::pair<QString, std::function<ComplexVector(std::size_t)>>> sources_;

  bool prepared_ = false;
  std::vector<PassInfo> passes_;
  graph::FlowGraph planGraph_;
  graph::FlowGraph shown_;
  std::vector<std::vector<std::complex<double>>> reference_;  // per boundary of shown_
  std::vector<std::size_t> launchEnds_;                       // boundary after each launch
  std::vector<graph::PassAccessView> memoryViews_;
  std::map<std::size_t, ComplexVector> deviceAt_;             // position -> buffer
  std::vector<double> launchMs_;
  std::size_t position_ = 0;
  double lastDifference_ = 0;
  ComplexVector input_values_;
  QString message_;
};

}  // namespace fftscope::gui
