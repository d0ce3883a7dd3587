// The Signal workspace in a session: the signal's file (named and hashed) and how it was read, the
// channel and selection analysed, the filter, and every analysis setting. Restoring opens the file
// as File > Open Signal does (without asking again how to read it) and applies the rest once it
// is loaded. A generated signal is not kept: it is named as left out.
#include "signal/SignalWorkspace.h"

#include "session/SessionInputs.h"
#include "session/SessionValues.h"
#include "signal/AnalysisPanel.h"
#include "signal/SignalDocument.h"
#include "signal/TimePlot.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QFileInfo>

#include <memory>

namespace fftscope::gui {
namespace {

using nlohmann::json;

json toJson(const AnalysisChoices& c) {
  return {{"window", c.window},       {"windowParameter", c.windowParameter},
          {"fftSize", c.fftSize.toStdString()}, {"welch", c.welch},
          {"overlap", c.overlap},     {"scale", c.scale},
          {"peaks", c.peaks},         {"logFrequency", c.logFrequency},
          {"gramWindow", c.gramWindow}, {"gramSize", c.gramSize.toStdString()},
          {"gramOverlap", c.gramOverlap}, {"gradient", c.gradient},
          {"topDb", c.topDb},         {"rangeDb", c.rangeDb},
          {"gramOfFiltered", c.gramOfFiltered}, {"gramLogFrequency", c.gramLogFrequency}};
}

AnalysisChoices choicesFrom(const json& value) {
  using namespace session;
  AnalysisChoices c;
  c.window = int(integer(value, "window", 0, 64));
  c.windowParameter = number(value, "windowParameter");
  c.fftSize = QString::fromStdString(text(value, "fftSize")).left(16);
  c.welch = flag(value, "welch");
  c.overlap = number(value, "overlap");
  c.scale = int(integer(value, "scale", 0, 64));
  c.peaks = int(integer(value, "peaks", 0, 1000));
  c.logFrequency = flag(value, "logFrequency");
  c.gramWindow = int(integer(value, "gramWindow", 0, 64));
  c.gramSize = QString::fromStdString(text(value, "gramSize")).left(16);
  c.gramOverlap = number(value, "gramOverlap");
  c.gradient = int(integer(value, "gradient", 0, 64));
  c.topDb = number(value, "topDb");
  c.rangeDb = number(value, "rangeDb");
  c.gramOfFiltered = flag(value, "gramOfFiltered");
  c.gramLogFrequency = flag(value, "gramLogFrequency");
  return c;
}

}  // namespace

json SignalWorkspace::saveState(SessionInputs& inputs) const {
  json input = {{"kind", "none"}};
  if (const LoadedSignalPtr current = document_->current()) {
    if (current->path.isEmpty()) {
      input = {{"kind", "unsaved"}, {"name", current->name.toStdString()}};
    } else {
      const auto options = readOptions_.find(QFileInfo(current->path).absoluteFilePath());
      input = {{"kind", "file"},
               {"file", inputs.describe(current->path)},
               {"read", session::toJson(options == readOptions_.end() ? signal::SignalReadOptions{} : options->second)}};
    }
  }
  const SampleRange selection = document_->selection();
  return {{"input", input},
          {"channel", document_->channel()},
          {"selection", {{"first", selection.first}, {"count", selection.count}}},
          {"filter", session::toJson(document_->filterSpec())},
          {"analysis", toJson(analysisPanel_->choices())}};
}

std::function<void()> SignalWorkspace::prepareRestore(const json& state, SessionInputs& inputs) {
  const json& input = session::member(state, "input");
  const std::string kind = session::text(input, "kind");
  if (kind != "file" && kind != "none" && kind != "unsaved") throw std::invalid_argument("input: an unknown kind");
  const int channel = int(session::integer(state, "channel", -1, 1 << 16));
  const json& range = session::member(state, "selection");
  const SampleRange selection{std::size_t(session::integer(range, "first", 0, std::int64_t(1) << 50)),
                              std::size_t(session::integer(range, "count", 0, std::int64_t(1) << 50))};
  const signal::SignalFilterSpec filter = session::signalFilterFrom(session::member(state, "filter"));
  const AnalysisChoices choices = choicesFrom(session::member(state, "analysis"));
  std::optional<QString> path;
  signal::SignalReadOptions options;
  if (kind == "file") {
    options = session::readOptionsFrom(session::member(input, "read"));
    path = inputs.resolve(session::member(input, "file"));
  } else if (kind == "unsaved") {
    inputs.leaveOut(tr("The generated signal %1 is not kept in sessions").arg(QString::fromStdString(session::text(input, "name"))));
  }

  return [this, path, options, channel, selection, filter, choices] {
    analysisPanel_->setChoices(choices);
    if (!path) {
      document_->applyFilterSpec(filter);
      return;
    }
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(this, &SignalWorkspace::signalChanged, this, [this, once, channel, selection, filter] {
      disconnect(*once);
      const int index = channel_->findData(channel);
      if (index >= 0) channel_->setCurrentIndex(index);
      if (const LoadedSignalPtr current = document_->current(); current && selection.count > 0) {
        const double rate = current->signal->sampleRate;
        timePlot_->setSelection(double(selection.first) / rate, double(selection.first + selection.count) / rate);
      }
      document_->setSelection(selection);  // exactly, whatever the plot rounded
      document_->applyFilterSpec(filter);
    });
    openFile(*path, options);
  };
}

void SignalWorkspace::watchChanges(std::function<void()> changed) {
  connect(this, &SignalWorkspace::signalChanged, this, changed);
  connect(document_, &SignalDocument::filterSpecChanged, this, changed);
  connect(document_, &SignalDocument::spectrumShown, this, changed);  // after a channel or selection change
  for (auto signal : {&AnalysisPanel::spectrumSettingsChanged, &AnalysisPanel::spectrogramSettingsChanged,
                      &AnalysisPanel::displayChanged})
    connect(analysisPanel_, signal, this, changed);
  connect(analysisPanel_, &AnalysisPanel::spectrogramSourceChanged, this, changed);
}

}  // namespace fftscope::gui
