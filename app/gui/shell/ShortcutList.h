// Every keyboard shortcut of the window, read from the actions that own them, so the list shown in
// Help > Keyboard Shortcuts is the one the keys actually trigger.
#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>

#include <utility>
#include <vector>

class QAction;
class QWidget;

namespace fftscope::gui {

struct ShortcutEntry {
  QString action;             // the action's text, without mnemonic marks
  QList<QKeySequence> keys;   // every sequence that triggers it
  QString scope;              // where it works: the whole window, or one workspace or panel
  const QAction* source = nullptr;
};

// The shortcuts of `window` and of `areas` (each a name and a widget, looked at even when moved
// into a window of its own). An action bound to its widget (Qt::WidgetShortcut or
// WidgetWithChildrenShortcut) is listed under the area that holds it; the others work anywhere
// in the window. Window-wide shortcuts come first, then each area's in the order given.
std::vector<ShortcutEntry> collectShortcuts(const QWidget* window, const std::vector<std::pair<QString, const QWidget*>>& areas);

// An action's text as a menu shows it: "&Open Image…" is "Open Image…".
QString plainActionText(const QAction* action);

}  // namespace fftscope::gui
