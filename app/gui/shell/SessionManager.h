// Sessions of the whole window: every workspace's state written into one session file and read
// back (all sections read and checked before any is applied, so a session that cannot be opened
// changes nothing), and the autosave that crash recovery restores. The autosave is written at
// most once every two seconds after a change, off the GUI thread, to autosave-PID.fftscope in
// the application's data folder; a clean exit removes it, so one left by a process that is gone
// is what a crash left behind.
#pragma once

#include "session/SessionFile.h"
#include "session/SessionInputs.h"

#include <QFuture>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QTimer;

namespace fftscope::gui {

class Workspace;

struct SessionOutcome {
  QString error;         // empty when the session opened; then nothing was changed
  QStringList problems;  // inputs moved, changed or left out
};

class SessionManager : public QObject {
  Q_OBJECT

 public:
  // `current` names the workspace in front; `bringForward` shows one by name.
  SessionManager(std::vector<Workspace*> workspaces, std::function<QString()> current,
                 std::function<void(const QString&)> bringForward, QObject* parent = nullptr);
  ~SessionManager() override;  // waits for an autosave being written, then removes it

  // Asked for an input that moved or changed (a file dialog in the window); none: left out.
  void setLocator(SessionInputs::Locator locator) { inputs_.setLocator(std::move(locator)); }
  // How long after a change the autosave is written (Preferences).
  void setAutosaveInterval(int milliseconds);
  int autosaveInterval() const { return autosaveMs_; }

  // Every workspace's state, its inputs' hashes complete (they are computed here when not known).
  SessionDocument capture();
  QString save(const QString& path);  // empty, or the problem
  SessionOutcome open(const QString& path);
  SessionOutcome restore(const SessionDocument& session);

  // Autosaves into `folder` from now on.
  void startAutosave(const QString& folder);
  QString autosavePath() const { return autosavePath_; }
  void autosaveNow();  // at once, not waiting for the timer (blocks until written)

  // An autosave left in `folder` by a process that is no longer running: the newest, if any.
  static std::optional<QString> findCrashedAutosave(const QString& folder);
  static QString defaultAutosaveFolder();

 signals:
  void autosaved(const QString& path, const QString& error);

 private:
  SessionDocument captureState();  // on the GUI thread; hashes only those known
  void changed();
  void writeAutosave();

  std::vector<Workspace*> workspaces_;
  std::function<QString()> current_;
  std::function<void(const QString&)> bringForward_;
  SessionInputs inputs_;
  QString autosavePath_;
  QTimer* throttle_ = nullptr;
  int autosaveMs_ = 2000;
  QFuture<QString> writing_;
  bool changedWhileWriting_ = false;
};

}  // namespace fftscope::gui
