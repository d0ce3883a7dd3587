// The status bar's engine corner: the device, the plan (variant and kernels) and the last
// transform's time, with the per-kernel breakdown from the engine's timing records as a tooltip.
// The plan and time are those of the workspace that reported them: shown while it is in front.
#pragma once

#include "engine/EngineInfo.h"
#include "engine/ResultTiming.h"

#include <QWidget>

class QLabel;

namespace fftscope::gui {

class EngineStatus : public QWidget {
  Q_OBJECT

 public:
  explicit EngineStatus(QWidget* parent = nullptr);

  void showEngine(const EngineInfo& info);
  void showResult(const ResultTiming& result);

  void setResultVisible(bool visible);
  bool isResultVisible() const { return resultVisible_; }

  QString deviceText() const;
  QString timeText() const;
  QString timeToolTip() const;

 private:
  QLabel* device_;
  QLabel* plan_;
  QLabel* time_;
  bool resultVisible_ = true;
};

}  // namespace fftscope::gui
