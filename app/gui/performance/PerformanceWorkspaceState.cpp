// The Performance workspace in a session: the sweep results shown (run here or opened from a
// file), kept whole in the bench JSON format, and which tab is in front. The live timeline is of
// this run of the application and is not kept.
#include "performance/PerformanceWorkspace.h"

#include "bench/ResultJson.h"
#include "io/BoundedJson.h"
#include "performance/SweepPanel.h"
#include "session/SessionValues.h"

#include <nlohmann/json.hpp>

#include <QTabWidget>

namespace fftscope::gui {

nlohmann::json PerformanceWorkspace::saveState(SessionInputs&) const {
  nlohmann::json results;  // null: none shown
  if (!sweeps_->results().empty()) results = io::parseBoundedJson(bench::toJson({sweeps_->results(), false}));
  return {{"tab", tabs_->currentIndex()}, {"results", results}};
}

std::function<void()> PerformanceWorkspace::prepareRestore(const nlohmann::json& state, SessionInputs&) {
  const int tab = int(session::integer(state, "tab", 0, 16));
  const nlohmann::json& saved = session::member(state, "results");
  std::optional<bench::BenchReport> report;
  if (!saved.is_null()) {
    try {
      report = bench::reportFromJson(saved.dump());
    } catch (const std::invalid_argument& error) {
      throw std::invalid_argument(std::string("results: ") + error.what());
    }
  }
  return [this, tab, report] {
    if (tab < tabs_->count()) tabs_->setCurrentIndex(tab);
    if (report && !sweeps_->isRunning()) sweeps_->showResults(report->results);
  };
}

void PerformanceWorkspace::watchChanges(std::function<void()> changed) {
  connect(sweeps_, &SweepPanel::resultsShown, this, changed);
  connect(sweeps_, &SweepPanel::finished, this, changed);
  connect(tabs_, &QTabWidget::currentChanged, this, changed);
}

}  // namespace fftscope::gui
