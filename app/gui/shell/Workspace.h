// What the main window asks of every workspace, whatever its task: a name, the actions it adds to
// the menus, the files it opens, its start options, settings and preferences, the view File >
// Export… writes, its undo stack, its state written into a session and read back, and what it
// tells the window (WorkspaceEvents). The window knows its workspaces through this interface alone.
#pragma once

#include "shell/WorkspaceEvents.h"

#include <nlohmann/json_fwd.hpp>

#include <QList>
#include <QString>

#include <complex>
#include <functional>
#include <vector>

class QAction;
class QMenu;
class QToolBar;
class QUndoStack;
class QWidget;

namespace fftscope::gui {

class SessionInputs;
class Settings;
struct StartOptions;

// The actions a workspace adds to the window's menus, by where they go (a separator action
// divides groups within a place).
struct WorkspaceMenus {
  QList<QAction*> open;      // File, above Open Recent
  QList<QAction*> save;      // File, below it: saving, exporting, other inputs
  QList<QAction*> edit;      // Edit, below Undo and Redo
  QList<QAction*> view;      // View, above Full Screen
  QMenu* menu = nullptr;     // a menu of its own, after View
  QToolBar* toolBar = nullptr;  // a bar across the top of the window
};

// Samples a workspace offers other workspaces as an input (the Butterfly workspace follows them
// through the passes): `take(n)` gives n of them, zeros where it has none.
struct SampleSource {
  QString name;
  std::function<std::vector<std::complex<double>>(std::size_t n)> take;
};

class Workspace {
 public:
  virtual ~Workspace() = default;

  // The key of the workspace's section in a session file ("image", "signal", ...).
  virtual QString workspaceName() const = 0;
  virtual QWidget* workspaceWidget() = 0;
  WorkspaceEvents* events() { return &events_; }

  virtual WorkspaceMenus menus() { return {}; }
  // Whether a file dropped on the window or given at start is this workspace's to open; asked
  // in the order of the tabs, so the last workspace may take whatever is left.
  virtual bool opens(const QString& path) const {
    (void)path;
    return false;
  }
  // Returns at once; `events()` says how the open ended.
  virtual void openFile(const QString& path) { (void)path; }
  // Takes the options that concern it, once the window is made (before any file is opened).
  virtual void applyStartOptions(const StartOptions& options) { (void)options; }
  virtual std::vector<SampleSource> sampleSources() { return {}; }
  // What Preferences stored that concerns the workspace, taken at once (and at start).
  virtual void applyPreferences(const Settings& settings) { (void)settings; }
  // The view File > Export… writes while the workspace is in front (export/ExportTargets.h); by
  // default the exportable view in it with the focus, else the last used, else the largest shown.
  // None: there is nothing to export.
  virtual QWidget* exportableView();

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
  // the first workspace's that has one.
  virtual QUndoStack* undoStack() const { return nullptr; }
  // What the workspace keeps in Settings, written when the window closes.
  virtual void saveSettings() {}

 private:
  WorkspaceEvents events_;
};

}  // namespace fftscope::gui
