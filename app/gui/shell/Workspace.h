// What the main window asks of every workspace, whatever its task: a name, its state written into
// a session and read back, and a word whenever that state changes (for the autosave). The window
// holds its workspaces as this interface for sessions; menus, open, save, settings and undo are to
// come through it too.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <QString>

#include <functional>

class QUndoStack;
class QWidget;

namespace fftscope::gui {

class SessionInputs;

class Workspace {
 public:
  virtual ~Workspace() = default;

  // The key of the workspace's section in a session file ("image", "signal", ...).
  virtual QString workspaceName() const = 0;
  virtual QWidget* workspaceWidget() = 0;

  // The state a session keeps: inputs (through `inputs`, which names and hashes files), settings
  // and selections, as plain JSON values.
  virtual nlohmann::json saveState(SessionInputs& inputs) const = 0;
  // Reads `state` whole and returns what applies it, touching nothing yet: a section that is not
  // what this version writes throws std::invalid_argument naming the value, so that a session
  // that cannot be opened changes nothing. An input that moved or changed is located through
  // `inputs` (asked before anything is applied); one that cannot be is left out, and named there.
  virtual std::function<void()> prepareRestore(const nlohmann::json& state, SessionInputs& inputs) = 0;

  // `changed` is called after every change of what saveState writes.
  virtual void watchChanges(std::function<void()> changed) = 0;

  // Edit > Undo and Redo act on this stack while the workspace is in front; none: they act on
  // the Image workspace's.
  virtual QUndoStack* undoStack() const { return nullptr; }
  // What the workspace keeps in Settings, written when the window closes.
  virtual void saveSettings() {}
};

}  // namespace fftscope::gui
