// The Image workspace in a session: the image (a file, named and hashed, or the sample), the
// filter with its notches and drawn mask, the output range, how the image is prepared, the
// spectrum's display, the views' display range, layout, zoom and pan, and the selected region. Restoring
// opens the image as File > Open does and applies the rest to it once it is shown.
#include "image/ImageWorkspace.h"

#include "image/DisplayPanel.h"
#include "image/DisplayRangePanel.h"
#include "image/FilterPanel.h"
#include "image/ImageSession.h"
#include "image/MaskEditor.h"
#include "image/OutputRangeBox.h"
#include "image/ZoomableView.h"
#include "session/SessionInputs.h"
#include "session/SessionValues.h"
#include "shell/Settings.h"

#include <nlohmann/json.hpp>

#include <QAction>
#include <QUndoStack>

#include <cmath>
#include <memory>

namespace fftscope::gui {
namespace {

using nlohmann::json;

// The sample is opened by name, not from a file.
bool isSample(const WorkspaceImage& image) {
  return image.path.isEmpty() && image.name.startsWith(QStringLiteral("Sample"));
}

}  // namespace

json ImageWorkspace::saveState(SessionInputs& inputs) const {
  json input = {{"kind", "none"}};
  if (const WorkspaceImagePtr current = document_->image()) {
    if (!current->path.isEmpty()) input = {{"kind", "file"}, {"file", inputs.describe(current->path)}};
    else if (isSample(*current)) input = {{"kind", "sample"}};
    else input = {{"kind", "unsaved"}, {"name", current->name.toStdString()}};
  }
  json selection;
  const QRect selected = document_->selection();
  if (!selected.isNull()) selection = {selected.x(), selected.y(), selected.width(), selected.height()};
  return {{"input", input},
          {"filter", session::toJson(document_->spec())},
          {"outputRange", session::toJson(document_->outputRangeChoice())},
          {"padMode", int(document_->padMode())},
          {"channelMode", int(document_->channelMode())},
          {"display", session::toJson(document_->display())},
          {"displayRange", session::toJson(displayRangePanel_->settings())},
          {"tabbed", tabbed_},
          {"overlay", overlayAction_->isChecked()},
          {"view", {{"zoom", originalView_->viewState().zoom}, {"x", originalView_->viewState().centre.x()},
                    {"y", originalView_->viewState().centre.y()}}},
          {"selection", selection}};
}

std::function<void()> ImageWorkspace::prepareRestore(const json& state, SessionInputs& inputs) {
  // Everything is read before anything changes.
  const json& input = session::member(state, "input");
  const std::string kind = session::text(input, "kind");
  if (kind != "file" && kind != "sample" && kind != "none" && kind != "unsaved")
    throw std::invalid_argument("input: an unknown kind");
  const imaging::FilterSpec spec = session::filterSpecFrom(session::member(state, "filter"));
  const std::optional<imaging::OutputRange> range = session::outputRangeFrom(session::member(state, "outputRange"));
  const auto pad = imaging::PadMode(session::integer(state, "padMode", 0, 3));
  const auto channels = imaging::ChannelMode(session::integer(state, "channelMode", 0, 1));
  const imaging::DisplaySettings display = session::displayFrom(session::member(state, "display"));
  const imaging::DisplayRangeSettings displayRange = session::displayRangeFrom(session::member(state, "displayRange"));
  const bool tabbed = session::flag(state, "tabbed");
  const bool overlay = session::flag(state, "overlay");
  const json& shown = session::member(state, "view");
  const ViewState view{session::number(shown, "zoom"), {session::number(shown, "x"), session::number(shown, "y")}};
  if (view.zoom <= 0 || view.zoom > 1e4 || std::abs(view.centre.x()) > 1e3 || std::abs(view.centre.y()) > 1e3)
    throw std::invalid_argument("view: zoom or centre out of range");
  QRect selection;
  const json& region = session::member(state, "selection");
  if (!region.is_null()) {
    if (!region.is_array() || region.size() != 4) throw std::invalid_argument("selection: not x, y, width, height");
    for (const json& v : region)
      if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > (1 << 20))
        throw std::invalid_argument("selection: out of range");
    selection = QRect(region[0].get<int>(), region[1].get<int>(), region[2].get<int>(), region[3].get<int>());
  }
  std::optional<QString> path;
  if (kind == "file") {
    path = inputs.resolve(session::member(input, "file"));
  } else if (kind == "unsaved") {
    inputs.leaveOut(QObject::tr("%1 was not opened from a file").arg(QString::fromStdString(session::text(input, "name"))));
  }

  return [this, kind, path, spec, range, pad, channels, display, displayRange, tabbed, overlay, view, selection] {
    displayPanel_->setSettings(display);
    settings_->setDisplay(display);
    displayRangePanel_->setSettings(displayRange);
    engine_->setDisplayRange(displayRange);
    filterPanel_->setPreparation(pad, channels);
    filterPanel_->outputRangeBox()->setChoice(range);
    document_->restoreSettings(pad, channels, range, display);
    setTabbedViews(tabbed);
    overlayAction_->setChecked(overlay);
    const bool opens = (kind == "file" && path) || kind == "sample";
    if (!opens) {
      // The image stays as it is; the filter applies to it.
      editor_->reset(spec);
      document_->requestSpectrum();
      return;
    }
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(this, &ImageWorkspace::imageChanged, this, [this, once, spec, view, selection] {
      disconnect(*once);
      editor_->reset(spec);
      for (ZoomableView* shown : {static_cast<ZoomableView*>(originalView_), filteredView_, static_cast<ZoomableView*>(spectrumView_)})
        shown->setViewState(view);
      if (!selection.isNull()) selectRegion(selection);
    });
    if (kind == "sample") openSample();
    else openFile(*path);
  };
}

void ImageWorkspace::watchChanges(std::function<void()> changed) {
  connect(editor_, &MaskEditor::specChanged, this, changed);
  connect(this, &ImageWorkspace::imageChanged, this, changed);
  connect(this, &ImageWorkspace::regionSpectrumShown, this, changed);
  connect(filterPanel_, &FilterPanel::outputRangeChanged, this, changed);
  connect(filterPanel_, &FilterPanel::padModeChanged, this, changed);
  connect(filterPanel_, &FilterPanel::channelModeChanged, this, changed);
  connect(displayPanel_, &DisplayPanel::settingsChanged, this, changed);
  connect(displayRangePanel_, &DisplayRangePanel::settingsChanged, this, changed);
  connect(overlayAction_, &QAction::toggled, this, changed);
  connect(tabbedAction_, &QAction::toggled, this, changed);
  connect(originalView_, &ZoomableView::viewChanged, this, changed);
}

}  // namespace fftscope::gui
