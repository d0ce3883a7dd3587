// The Butterfly explorer in a session: the transform (size, variant, direction, precision), the
// graph shown, the input, the zoom and the step reached. Restoring sets the controls, which
// prepares the plan again, then steps forward to the launch it had reached: each step runs on the
// device as Next pass does, so the values shown are computed again, not copied.
#include "butterfly/ButterflyWorkspace.h"

#include "engine/EngineService.h"
#include "session/SessionValues.h"
#include "shell/Settings.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QSpinBox>
#include <QTimer>

#include <memory>

namespace fftscope::gui {
namespace {

using nlohmann::json;

constexpr int kStepPollMs = 20;
constexpr int kStepPollsAtMost = 3000;  // a minute: a plan that never prepares stops the stepping

}  // namespace

json ButterflyWorkspace::saveState(SessionInputs&) const {
  return {{"size", size_->currentText().toStdString()},
          {"variant", variant_->currentText().toStdString()},
          {"direction", direction_->currentIndex()},
          {"precision", precision_->currentIndex()},
          {"graph", graphChoice_->currentIndex()},
          {"input", input_->currentIndex()},
          {"bin", bin_->value()},
          {"zoom", zoom_->value()},
          {"delay", delay_->value()},
          {"step", position_}};
}

std::function<void()> ButterflyWorkspace::prepareRestore(const json& state, SessionInputs&) {
  const QString size = QString::fromStdString(session::text(state, "size"));
  const QString variant = QString::fromStdString(session::text(state, "variant"));
  if (size_->findText(size) < 0) throw std::invalid_argument("size: not one the explorer draws");
  if (variant_->findText(variant) < 0) throw std::invalid_argument("variant: not one the explorer knows");
  const int direction = int(session::integer(state, "direction", 0, direction_->count() - 1));
  const int precision = int(session::integer(state, "precision", 0, precision_->count() - 1));
  const int graph = int(session::integer(state, "graph", 0, graphChoice_->count() - 1));
  const int input = int(session::integer(state, "input", 0, 64));
  const int bin = int(session::integer(state, "bin", bin_->minimum(), bin_->maximum()));
  const int zoom = int(session::integer(state, "zoom", zoom_->minimum(), zoom_->maximum()));
  const int delay = int(session::integer(state, "delay", delay_->minimum(), delay_->maximum()));
  const auto step = std::size_t(session::integer(state, "step", 0, 1 << 20));

  return [=, this] {
    player_->stop();
    {
      // One rebuild for all of them, below.
      const QSignalBlocker a(size_), b(variant_), c(direction_), d(precision_), e(graphChoice_), f(input_), g(bin_);
      size_->setCurrentText(size);
      variant_->setCurrentText(variant);
      direction_->setCurrentIndex(direction);
      precision_->setCurrentIndex(precision);
      graphChoice_->setCurrentIndex(graph);
      if (input < input_->count()) input_->setCurrentIndex(input);
      bin_->setValue(bin);
    }
    zoom_->setValue(zoom);
    delay_->setValue(delay);
    if (service_->isReady()) rebuild();
    // Step as Next pass does, one launch at a time, once the plan is prepared.
    auto* stepper = new QTimer(this);
    auto polls = std::make_shared<int>(0);
    auto asked = std::make_shared<std::size_t>(std::size_t(-1));
    connect(stepper, &QTimer::timeout, this, [this, stepper, polls, asked, step] {
      if (++*polls > kStepPollsAtMost || (prepared_ && position_ >= std::min(step, launchCount()))) {
        stepper->deleteLater();
        return;
      }
      if (!prepared_ || *asked == position_) return;  // a step is on its way
      *asked = position_;
      nextPass();
    });
    stepper->start(kStepPollMs);
  };
}

void ButterflyWorkspace::watchChanges(std::function<void()> changed) {
  connect(this, &ButterflyWorkspace::positionChanged, this, changed);
  for (QComboBox* box : {size_, variant_, direction_, precision_, graphChoice_, input_})
    connect(box, &QComboBox::currentIndexChanged, this, changed);
  for (QSpinBox* box : {bin_, zoom_, delay_}) connect(box, &QSpinBox::valueChanged, this, changed);
}

void ButterflyWorkspace::applyPreferences(const Settings& settings) {
  if (const int index = precision_->findText(settings.defaultPrecision()); index >= 0) precision_->setCurrentIndex(index);
}

}  // namespace fftscope::gui
