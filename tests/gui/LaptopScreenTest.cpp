// The window on a laptop's screen (1366 × 768, offscreen): it opens inside the screen and can be
// made narrower than it, in every workspace; the status bar shows the kernels of the workspace in
// front only; a workspace opens in a window of its own and comes back to its tab when closed.
#include "GuiTestSupport.h"
#include "image/ImageWorkspace.h"
#include "performance/PerformanceWorkspace.h"
#include "shell/EngineStatus.h"
#include "shell/MainWindow.h"
#include "signal/SignalWorkspace.h"
#include "butterfly/ButterflyWorkspace.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QPointer>
#include <QMenuBar>
#include <QScreen>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace fftscope;
using namespace fftscope::gui;

namespace {
constexpr int kWait = 120000;
}

class LaptopScreenTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    testing::isolateSettings();
    QCOMPARE(QApplication::primaryScreen()->geometry().size(), QSize(1366, 768));
  }

  // Each function starts from the default settings, whatever an earlier one saved.
  void init() { testing::forgetSettings(); }

  void theWindowFitsTheScreen() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QRect screen = window.screen()->availableGeometry();
    auto* tabs = window.findChild<QTabWidget*>();
    for (int t = 0; t < tabs->count(); ++t) {
      tabs->setCurrentIndex(t);
      QApplication::processEvents();
      const QSize least = window.minimumSizeHint().expandedTo(window.minimumSize());
      qInfo("%s: the window can be %d × %d (the workspace %d × %d)", qPrintable(tabs->tabText(t)), least.width(),
            least.height(), tabs->widget(t)->minimumSizeHint().width(), tabs->widget(t)->minimumSizeHint().height());
      QVERIFY2(least.width() <= 1200, qPrintable(tabs->tabText(t)));
      QVERIFY2(least.height() <= screen.height(), qPrintable(tabs->tabText(t)));
    }
    QVERIFY2(screen.contains(window.frameGeometry()),
             qPrintable(QStringLiteral("%1,%2 %3×%4").arg(window.frameGeometry().x()).arg(window.frameGeometry().y())
                            .arg(window.frameGeometry().width()).arg(window.frameGeometry().height())));
  }

  void theStatusBarShowsTheKernelsOfTheWorkspaceInFront() {
    MainWindow window;
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->lastOutcome(), kWait);
    auto* tabs = window.findChild<QTabWidget*>();
    auto shown = [&window] {
      QStringList texts;
      for (const QLabel* label : window.engineStatus()->findChildren<QLabel*>())
        if (label->isVisible()) texts << label->text();
      return texts.join(QLatin1Char(' '));
    };
    tabs->setCurrentWidget(window.imageWorkspace());
    QTRY_VERIFY_WITH_TIMEOUT(shown().contains(QStringLiteral(" ms")), kWait);
    for (QWidget* other : {static_cast<QWidget*>(window.signalWorkspace()), static_cast<QWidget*>(window.butterflyWorkspace())}) {
      tabs->setCurrentWidget(other);
      QVERIFY2(!shown().contains(QStringLiteral(" ms")), qPrintable(shown()));
      QVERIFY(shown().contains(window.engineStatus()->deviceText()));  // the device stays
    }
    tabs->setCurrentWidget(window.imageWorkspace());
    QVERIFY(shown().contains(QStringLiteral(" ms")));
  }

  void aWorkspaceOpensInAWindowOfItsOwn() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* tabs = window.findChild<QTabWidget*>();
    QWidget* performance = window.performanceWorkspace();
    QCOMPARE(tabs->indexOf(performance), 2);
    auto* detach = window.findChild<QAction*>(QStringLiteral("detachPerformance"));
    QVERIFY(detach);
    detach->trigger();
    QWidget* own = performance->window();
    QVERIFY(own != &window);
    QVERIFY(QTest::qWaitForWindowExposed(own));
    QCOMPARE(tabs->count(), 3);
    QCOMPARE(tabs->indexOf(performance), -1);
    // Both in view at once: the timeline in its window, the image in the main one.
    tabs->setCurrentWidget(window.imageWorkspace());
    QVERIFY(performance->isVisible());
    QVERIFY(window.imageWorkspace()->isVisible());
    QVERIFY(own->windowTitle().contains(QStringLiteral("Performance")));
    bool undoThere = false;  // the menus' shortcuts reach the workspace's window too
    for (const QAction* action : own->actions()) undoThere = undoThere || action->shortcut() == QKeySequence::Undo;
    QVERIFY(undoThere);
    // Closing its window puts it back where it was.
    QPointer<QWidget> ownWindow(own);
    own->close();
    QTRY_VERIFY(!ownWindow);
    QCOMPARE(tabs->count(), 4);
    QCOMPARE(tabs->indexOf(performance), 2);
    QCOMPARE(performance->window(), &window);
  }
};

int main(int argc, char** argv) {
  // The offscreen platform with one screen the size of a common laptop's.
  QTemporaryDir folder;
  const QString config = folder.filePath(QStringLiteral("screen.json"));
  QFile file(config);
  if (!file.open(QIODevice::WriteOnly)) return 2;
  file.write(R"({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
                 "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
  file.close();
  qputenv("QT_QPA_PLATFORM", ("offscreen:configfile=" + config).toLocal8Bit());
  QApplication app(argc, argv);
  LaptopScreenTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "LaptopScreenTest.moc"
