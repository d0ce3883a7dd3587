#include "shell/WorkspaceWindows.h"

#include <QEvent>
#include <QMenu>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QWidget>


namespace fftscope::gui {

WorkspaceWindows::WorkspaceWindows(QTabWidget* tabs, QObject* parent) : QObject(parent), tabs_(tabs) {
  for (int i = 0; i < tabs_->count(); ++i) order_.push_back(tabs_->widget(i));
}

void WorkspaceWindows::detach(QWidget* workspace) {
  if (isDetached(workspace)) {
    bringForward(workspace);
    return;
  }
  const int index = tabs_->indexOf(workspace);
  if (index < 0) return;
  const QString title = tabs_->tabText(index);
  const QSize size = workspace->size();
  tabs_->removeTab(index);
  // A window of the main window's, so that it closes with it and shares its icon.
  auto* window = new QWidget(tabs_->window(), Qt::Window);
  window->setAttribute(Qt::WA_DeleteOnClose);
  window->setWindowTitle(tr("%1 — FFTScope").arg(QString(title).remove(QLatin1Char('&'))));
  auto* layout = new QVBoxLayout(window);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(workspace);
  workspace->show();
  window->resize(size);
  // The main window's menu shortcuts (Undo, Open, Quit …) work in this window too.
  for (const QMenu* menu : tabs_->window()->findChildren<QMenu*>()) window->addActions(menu->actions());
  window->installEventFilter(this);
  windows_[workspace] = {window, title};
  window->show();
}

void WorkspaceWindows::reattach(QWidget* workspace) {
  auto found = windows_.find(workspace);
  if (found == windows_.end()) return;
  const Place place = found->second;
  windows_.erase(found);
  place.window->removeEventFilter(this);
  // Its place: after the workspaces before it in the first order that are in the tabs now.
  int index = 0;
  for (QWidget* other : order_) {
    if (other == workspace) break;
    if (tabs_->indexOf(other) >= 0) ++index;
  }
  tabs_->insertTab(index, workspace, place.title);
  tabs_->setCurrentWidget(workspace);
  place.window->close();
}

void WorkspaceWindows::reattachAll() {
  while (!windows_.empty()) reattach(windows_.begin()->first);
}

void WorkspaceWindows::bringForward(QWidget* workspace) {
  auto found = windows_.find(workspace);
  if (found == windows_.end()) {
    tabs_->setCurrentWidget(workspace);
    return;
  }
  found->second.window->show();
  found->second.window->raise();
  found->second.window->activateWindow();
}

bool WorkspaceWindows::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Close)
    for (const auto& [workspace, place] : windows_)
      if (place.window == watched) {
        reattach(workspace);  // closes the window, which then goes
        return false;
      }
  return QObject::eventFilter(watched, event);
}

}  // namespace fftscope::gui
