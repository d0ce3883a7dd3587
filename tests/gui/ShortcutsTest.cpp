// Help > Keyboard Shortcuts: every action of the application that has a shortcut is listed, with
// its keys and where it works, even in a workspace moved into a window of its own; no two actions
// share a key sequence; and the field narrows the table.
#include "GuiTestSupport.h"
#include "butterfly/ButterflyWorkspace.h"
#include "image/ImageWorkspace.h"
#include "shell/MainWindow.h"
#include "shell/ShortcutsDialog.h"
#include "shell/WorkspaceWindows.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMap>
#include <QMenuBar>
#include <QSet>
#include <QTableWidget>
#include <QtTest>

using namespace fftscope::gui;

namespace {

// Every action anywhere in the application that a key triggers, found from its widgets rather
// than through the window's own list.
QSet<QAction*> actionsWithShortcuts() {
  QSet<QAction*> found;
  for (QWidget* widget : QApplication::allWidgets()) {
    QList<QAction*> actions = widget->actions();
    actions += widget->findChildren<QAction*>(Qt::FindDirectChildrenOnly);
    for (QAction* action : actions)
      if (!action->shortcuts().isEmpty()) found.insert(action);
  }
  return found;
}

}  // namespace

class ShortcutsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { testing::isolateSettings(); }

  // Each function starts from the default settings, whatever an earlier one saved.
  void init() { testing::forgetSettings(); }

  void listsEveryShortcutOnceWithNoKeyShared() {
    MainWindow window;
    window.show();
    // A workspace in a window of its own still has its keys listed, under its name.
    window.workspaceWindows()->detach(window.butterflyWorkspace());

    QAction* open = window.menuBar()->findChild<QAction*>(QStringLiteral("showShortcuts"));
    QVERIFY(open);
    open->trigger();
    auto* dialog = window.findChild<ShortcutsDialog*>();
    QVERIFY(dialog);
    QTableWidget* table = dialog->table();
    QMultiMap<QString, QString> rows;  // action text -> "keys | where"
    for (int row = 0; row < table->rowCount(); ++row)
      rows.insert(table->item(row, 0)->text(), table->item(row, 1)->text() + " | " + table->item(row, 2)->text());

    const QSet<QAction*> actions = actionsWithShortcuts();
    QVERIFY2(actions.size() >= 20, qPrintable(QString::number(actions.size())));
    QCOMPARE(table->rowCount(), int(actions.size()));
    QMap<QString, QString> owner;  // a key sequence -> the action it triggers
    for (QAction* action : actions) {
      const QString keys = ShortcutsDialog::keysText(action->shortcuts());
      bool listed = false;
      for (const QString& row : rows.values(plainActionText(action))) listed |= row.startsWith(keys + " | ");
      QVERIFY2(listed, qPrintable(plainActionText(action) + " (" + keys + ") is not listed"));
      for (const QKeySequence& key : action->shortcuts()) {
        const QString name = key.toString(QKeySequence::PortableText);
        QVERIFY2(!owner.contains(name), qPrintable(name + " is shared by " + owner.value(name) + " and " + action->text()));
        owner.insert(name, action->text());
      }
    }
    // Where each works: the menus' keys anywhere, a workspace's own keys in that workspace.
    QVERIFY(rows.values(QStringLiteral("Open Image…")).contains(
        QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText) + " | Whole window"));
    QVERIFY(rows.values(QStringLiteral("Notch")).contains(QStringLiteral("N | Image workspace")));
    QVERIFY(rows.values(QStringLiteral("Remove the selected notch")).first().endsWith(QStringLiteral("| Image workspace")));
    QVERIFY(rows.values(QStringLiteral("Zoom the graph in")).contains(QStringLiteral("+, = | Butterfly workspace")));
  }

  void theFieldNarrowsTheTable() {
    MainWindow window;
    ShortcutsDialog dialog(window.shortcuts());
    auto* filter = dialog.findChild<QLineEdit*>(QStringLiteral("shortcutFilter"));
    QVERIFY(filter);
    filter->setText(QStringLiteral("notch"));
    int shown = 0;
    for (int row = 0; row < dialog.table()->rowCount(); ++row) {
      if (dialog.table()->isRowHidden(row)) continue;
      ++shown;
      QVERIFY(dialog.table()->item(row, 0)->text().contains(QStringLiteral("notch"), Qt::CaseInsensitive));
    }
    QCOMPARE(shown, 3);  // Notch, Auto notch, Remove the selected notch
    filter->clear();
    for (int row = 0; row < dialog.table()->rowCount(); ++row) QVERIFY(!dialog.table()->isRowHidden(row));
  }
};

QTEST_MAIN(ShortcutsTest)
#include "ShortcutsTest.moc"
