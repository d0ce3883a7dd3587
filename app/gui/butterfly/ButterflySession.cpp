#include "butterfly/ButterflySession.h"

#include "engine/EngineRuntime.h"
#include "engine/runtime/PassStepper.h"

namespace fftscope::gui {

// On the engine thread only: the baked plan and its stepper.
class ButterflyEngine {
 public:
  std::unique_ptr<Plan> plan;
  std::unique_ptr<PassStepper> stepper;
  quint64 generation = 0;

  StepState state() const {
    StepState s;
    s.generation = generation;
    s.position = stepper->position();
    s.values = stepper->current();
    s.timings = stepper->timings();
    return s;
  }
};

ButterflySession::ButterflySession(EngineService* service, QObject* parent)
    : QObject(parent), channel_(service, QStringLiteral("butterfly")), engine_(std::make_shared<ButterflyEngine>()) {
  qRegisterMetaType<StepState>();
  qRegisterMetaType<std::vector<PassInfo>>();
  connect(&channel_, &RequestChannel::failed, this, [this](quint64, const QString& message) { emit failed(message); });
}

ButterflySession::~ButterflySession() = default;

void ButterflySession::prepare(const PlanDescription& description, const ComplexVector& input) {
  channel_.post([this, engine = engine_, description, input](EngineRuntime& runtime, const RequestTicket& ticket) {
    try {
      if (!runtime.context()) throw std::runtime_error("stepping needs an OpenCL device; none is in use");
      engine->stepper.reset();
      engine->plan = std::make_unique<Plan>(*runtime.context(), description);
      engine->stepper = std::make_unique<PassStepper>(*runtime.context(), *engine->plan);
      if (description.precision == Precision::F32)
        engine->stepper->start(std::vector<std::complex<float>>(input.begin(), input.end()));
      else
        engine->stepper->start(input);
    } catch (...) {
      engine->plan.reset();
      engine->stepper.reset();
      throw;
    }
    engine->generation = ticket.generation();
    StepState state = engine->state();
    std::vector<PassInfo> passes = engine->plan->passes();
    ticket.deliver([this, generation = ticket.generation(), passes, state] { emit prepared(generation, passes, state); });
  });
}

// Steps and returns are jobs of the newest plan's request: a newer prepare skips them.
void ButterflySession::step() {
  channel_.run(channel_.current(), [this, engine = engine_](EngineRuntime& runtime, const RequestTicket& ticket) {
    if (!engine->stepper || engine->generation != ticket.generation() || engine->stepper->atEnd()) return;
    runtime.publish({engine->stepper->step()});
    ticket.deliver([this, state = engine->state()] { emit stepped(state); });
  });
}

void ButterflySession::back() {
  channel_.run(channel_.current(), [this, engine = engine_](EngineRuntime&, const RequestTicket& ticket) {
    if (!engine->stepper || engine->generation != ticket.generation() || engine->stepper->position() == 0) return;
    engine->stepper->back();
    ticket.deliver([this, state = engine->state()] { emit stepped(state); });
  });
}

}  // namespace fftscope::gui
