#include "shell/ShortcutList.h"

#include <QAction>
#include <QCoreApplication>
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
  std::vector<std::pair<int, ShortcutEntry>> ranked;  // (0 for the window, then 1 + area index)
  QSet<const QAction*> seen;
  auto visit = [&](const QWidget* root, int rank, const QString& name) {
    for (QAction* action : actionsUnder(root)) {
      if (action->shortcuts().isEmpty() || seen.contains(action)) continue;
      seen.insert(action);
      const bool local = boundToWidget(action) && rank > 0;
      ranked.push_back({local ? rank : 0, {plainActionText(action), action->shortcuts(), local ? name : wholeWindow, action}});
    }
  };
  // The areas first, so an action bound to a widget inside one is named after it.
  for (std::size_t i = 0; i < areas.size(); ++i) visit(areas[i].second, int(i) + 1, areas[i].first);
  visit(window, 0, wholeWindow);
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ShortcutEntry> entries;
  for (auto& [rank, entry] : ranked) entries.push_back(std::move(entry));
  return entries;
}

}  // namespace fftscope::gui
