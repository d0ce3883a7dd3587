// The Performance workspace: what the device is doing now (a live timeline of every kernel launch
// and transfer in the application, and the last requests as stacked bars), sweeps of the
// engine's variants beside FFTW, clFFT and VkFFT, and the latest requests' times from the user's
// action to the picture, part by part.
#pragma once

#include "shell/Workspace.h"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QTabWidget;

namespace fftscope::gui {

class EngineService;
class LiveTimeline;
class RequestBreakdown;
class SweepPanel;
class TransformHistory;

class PerformanceWorkspace : public QWidget, public Workspace {
  Q_OBJECT

 public:
  explicit PerformanceWorkspace(EngineService* service, QWidget* parent = nullptr);

  LiveTimeline* timeline() const { return timeline_; }
  TransformHistory* history() const { return history_; }
  SweepPanel* sweeps() const { return sweeps_; }
  RequestBreakdown* requests() const { return requests_; }
  void setPaused(bool paused);
  void showSweeps();
  void showLive();
  void showRequests();

  // Workspace (PerformanceWorkspaceState.cpp): the sweep results shown and the tab in front.
  QString workspaceName() const override { return QStringLiteral("performance"); }
  QWidget* workspaceWidget() override { return this; }
  nlohmann::json saveState(SessionInputs& inputs) const override;
  std::function<void()> prepareRestore(const nlohmann::json& state, SessionInputs& inputs) override;
  void watchChanges(std::function<void()> changed) override;
  void applyPreferences(const Settings& settings) override;  // the sweeps' precision

 private:
  QWidget* makeLiveView();
  void updateCounts();
  void measureCopyBandwidth();
  void setCopyBandwidth(double gbs);

  EngineService* service_;
  QTabWidget* tabs_;
  LiveTimeline* timeline_ = nullptr;
  TransformHistory* history_ = nullptr;
  SweepPanel* sweeps_ = nullptr;
  RequestBreakdown* requests_ = nullptr;
  QCheckBox* pause_ = nullptr;
  QDoubleSpinBox* window_ = nullptr;
  QLabel* counts_ = nullptr;
  double copyGBs_ = 0;
};

}  // namespace fftscope::gui
