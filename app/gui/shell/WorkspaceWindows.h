// Workspaces in windows of their own: a tab of the main window moves into a window of its own (to
// watch the Live timeline while filtering in another workspace, say), and goes back to its place
// among the tabs when that window closes.
#pragma once

#include <QObject>
#include <QString>

#include <map>
#include <vector>

class QTabWidget;
class QWidget;

namespace fftscope::gui {

class WorkspaceWindows : public QObject {
  Q_OBJECT

 public:
  // Call once the tabs hold every workspace: their order is where each goes back to.
  explicit WorkspaceWindows(QTabWidget* tabs, QObject* parent = nullptr);

  // Moves the workspace out of the tabs into a window of its own (raised if it is already out).
  void detach(QWidget* workspace);
  // Back into the tabs where it was; closes its window.
  void reattach(QWidget* workspace);
  void reattachAll();
  bool isDetached(QWidget* workspace) const { return windows_.count(workspace) > 0; }
  // Shows the workspace: its tab made current, or its window raised.
  void bringForward(QWidget* workspace);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  struct Place {
    QWidget* window;
    QString title;
  };
  QTabWidget* tabs_;
  std::vector<QWidget*> order_;  // the tabs as the window first had them
  std::map<QWidget*, Place> windows_;
};

}  // namespace fftscope::gui
