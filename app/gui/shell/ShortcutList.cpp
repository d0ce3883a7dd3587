#include "shell/ShortcutList.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QWidget>

#include <algorithm>

namespace fftscope::gui {
namespace {

// The actions a widget tree holds: those it owns, and those added to any of its widgets while
// owned elsewhere (a workspace's action shown in the window's menu, say).
QList<QAction*> actionsUnder(const QWidget* root) {
  QList<QAction*> actions = root->findChildren<QAction*>();
  actions += root->actions();
  for (QWidget* widget : root->findChildren<QWidget*>()) actions += widget->actions();
  return actions;
}

// The menu bar's actions in the order the menus show them, submenus in place.
void appendMenuActions(const QList<QAction*>& actions, QList<QAction*>& out) {
  for (QAction* action : actions) {
    out += action;
    if (action->menu()) appendMenuActions(action->menu()->actions(), out);
  }
}

bool boundToWidget(const QAction* action) {
  return action->shortcutContext() == Qt::WidgetShortcut || action->shortcutContext() == Qt::WidgetWithChildrenShortcut;
}

}  // namespace

QString plainActionText(const QAction* action) {
  QString text = action->text();
  text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
  text.remove(QLatin1Char('&'));
  text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
  return text;
}

std::vector<ShortcutEntry> collectShortcuts(const QWidget* window, const std::vector<std::pair<QString, const QWidget*>>& areas) {
  const QString wholeWindow = QCoreApplication::translate("ShortcutList", "Whole window");
  QList<QAction*> candidates;
  if (const auto* bar = window->findChild<QMenuBar*>()) appendMenuActions(bar->actions(), candidates);
  candidates += actionsUnder(window);
  for (const auto& area : areas) candidates += actionsUnder(area.second);
  // The area an action bound to a widget works in: 1 + its index, or 0 (the window) if none holds it.
  auto areaOf = [&](const QAction* action) {
    for (std::size_t i = 0; i < areas.size(); ++i)
      for (const QObject* object : action->associatedObjects())
        if (const auto* widget = qobject_cast<const QWidget*>(object);
            widget && (widget == areas[i].second || areas[i].second->isAncestorOf(widget)))
          return int(i) + 1;
    return 0;
  };
  std::vector<std::pair<int, ShortcutEntry>> ranked;
  QSet<const QAction*> seen;
  for (QAction* action : candidates) {
    if (action->shortcuts().isEmpty() || seen.contains(action)) continue;
    seen.insert(action);
    const int area = boundToWidget(action) ? areaOf(action) : 0;
    ranked.push_back({area, {plainActionText(action), action->shortcuts(),
                             area ? areas[std::size_t(area - 1)].first : wholeWindow, action}});
  }
  // Window-wide shortcuts first, in menu order, then each area's.
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ShortcutEntry> entries;
  for (auto& [area, entry] : ranked) entries.push_back(std::move(entry));
  return entries;
}

}  // namespace fftscope::gui
