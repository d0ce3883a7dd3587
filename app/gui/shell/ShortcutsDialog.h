// Help > Keyboard Shortcuts: a table of every shortcut of the window (shell/ShortcutList.h), with
// a field that narrows it to the rows containing what is typed.
#pragma once

#include "shell/ShortcutList.h"

#include <QDialog>

class QTableWidget;

namespace fftscope::gui {

class ShortcutsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ShortcutsDialog(const std::vector<ShortcutEntry>& entries, QWidget* parent = nullptr);
  QTableWidget* table() const { return table_; }
  // A sequence as the table writes it: the platform's own key names ("Ctrl+Shift+O").
  static QString keysText(const QList<QKeySequence>& keys);

 private:
  void showMatching(const QString& text);

  QTableWidget* table_;
};

}  // namespace fftscope::gui
