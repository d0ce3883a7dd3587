// The Butterfly explorer's model: the plan the engine runs for the chosen N and variant, stepped
// one kernel launch at a time on the device (a PassStepper on the engine thread), with each
// buffer read back. Requests go to the EngineService as jobs; a newer prepare supersedes steps
// still queued for an older plan. With no OpenCL device nothing steps and `failed` says why.
#pragma once

#include "engine/RequestChannel.h"
#include "engine/planning/PassPlan.h"
#include "engine/runtime/Plan.h"

#include <QObject>

#include <complex>
#include <memory>
#include <vector>

namespace fftscope::gui {

class EngineService;
class ButterflyEngine;

using ComplexVector = std::vector<std::complex<double>>;

// The device's buffer after `position` launches, and the timing of the launch that made it.
struct StepState {
  quint64 generation = 0;
  std::size_t position = 0;
  ComplexVector values;
  std::vector<TimingRecord> timings;  // of launches 0 .. position-1
};

class ButterflySession : public QObject {
  Q_OBJECT

 public:
  explicit ButterflySession(EngineService* service, QObject* parent = nullptr);
  ~ButterflySession() override;

  // Bakes the plan on the device and uploads the input (N values); answers with `prepared`.
  void prepare(const PlanDescription& description, const ComplexVector& input);
  void step();   // runs the next launch; answers with `stepped`
  void back();   // returns to the state before the last launch
  quint64 generation() const { return channel_.latest(); }

 signals:
  void prepared(quint64 generation, std::vector<fftscope::PassInfo> passes, fftscope::gui::StepState state);
  void stepped(fftscope::gui::StepState state);
  void failed(const QString& message);

 private:
  RequestChannel channel_;
  std::shared_ptr<ButterflyEngine> engine_;  // used on the engine thread only
};

}  // namespace fftscope::gui

Q_DECLARE_METATYPE(fftscope::gui::StepState)
