#include "butterfly/ButterflySession.h"

#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "engine/runtime/PassStepper.h"

#include <QMetaObject>
#include <QPointer>

#include <atomic>

namespace fftscope::gui {

// On the engine thread only: the baked plan and its stepper.
class ButterflyEngine {
 public:
  std::atomic<quint64> latest{0};
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

namespace {
const QString kWorkspace = QStringLiteral("butterfly");
}

ButterflySession::ButterflySession(EngineService* service, QObject* parent)
    : QObject(parent), service_(service), engine_(std::make_shared<ButterflyEngine>()) {
  qRegisterMetaType<StepState>();
  qRegisterMetaType<std::vector<PassInfo>>();
}

ButterflySession::~ButterflySession() { engine_->latest.store(~quint64(0)); }

void ButterflySession::prepare(const PlanDescription& description, const ComplexVector& input) {
  const quint64 generation = ++generation_;
  engine_->latest.store(generation);
  QPointer<ButterflySession> self(this);
  service_->post(kWorkspace, generation, [self, engine = engine_, description, input, generation](EngineRuntime& runtime) {
    if (engine->latest.load() != generation) return;  // a newer plan was asked for
    try {
      if (!runtime.context()) throw std::runtime_error("stepping needs an OpenCL device; none is in use");
      engine->stepper.reset();
      engine->plan = std::make_unique<Plan>(*runtime.context(), description);
      engine->stepper = std::make_unique<PassStepper>(*runtime.context(), *engine->plan);
      if (description.precision == Precision::F32)
        engine->stepper->start(std::vector<std::complex<float>>(input.begin(), input.end()));
      else
        engine->stepper->start(input);
      engine->generation = generation;
      StepState state = engine->state();
      std::vector<PassInfo> passes = engine->plan->passes();
      QMetaObject::invokeMethod(self, [self, generation, passes, state] {
        if (self && generation == self->generation_) emit self->prepared(generation, passes, state);
      }, Qt::QueuedConnection);
    } catch (const std::exception& error) {
      engine->plan.reset();
      engine->stepper.reset();
      const QString message = QString::fromStdString(error.what());
      QMetaObject::invokeMethod(self, [self, message] { if (self) emit self->failed(message); }, Qt::QueuedConnection);
    }
  });
}

void ButterflySession::step() {
  QPointer<ButterflySession> self(this);
  const quint64 generation = generation_;
  service_->post(kWorkspace, generation, [self, engine = engine_, generation](EngineRuntime& runtime) {
    if (!engine->stepper || engine->generation != generation || engine->stepper->atEnd()) return;
    try {
      runtime.publish({engine->stepper->step()});
      StepState state = engine->state();
      QMetaObject::invokeMethod(self, [self, state] { if (self) emit self->stepped(state); }, Qt::QueuedConnection);
    } catch (const std::exception& error) {
      const QString message = QString::fromStdString(error.what());
      QMetaObject::invokeMethod(self, [self, message] { if (self) emit self->failed(message); }, Qt::QueuedConnection);
    }
  });
}

void ButterflySession::back() {
  QPointer<ButterflySession> self(this);
  const quint64 generation = generation_;
  service_->post(kWorkspace, generation, [self, engine = engine_, generation](EngineRuntime&) {
    if (!engine->stepper || engine->generation != generation || engine->stepper->position() == 0) return;
    engine->stepper->back();
    StepState state = engine->state();
    QMetaObject::invokeMethod(self, [self, state] { if (self) emit self->stepped(state); }, Qt::QueuedConnection);
  });
}

}  // namespace fftscope::gui
