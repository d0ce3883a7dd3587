// Fields as a person handles them, offscreen: the wheel over an unfocused field leaves its value
// alone (everywhere in the window) and changes it once the field has focus; a size field takes
// what it shows ("2^12"), the size ("4096") and an exponent that cannot be a size ("12").
#include "GuiTestSupport.h"
#include "image/ImageWorkspace.h"
#include "performance/PerformanceWorkspace.h"
#include "performance/SweepForm.h"
#include "shell/MainWindow.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QWheelEvent>
#include <QtTest>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

// One notch of the wheel, up, over the middle of `widget`.
void wheelOver(QWidget* widget) {
  const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
  QWheelEvent wheel(at, widget->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                    Qt::NoScrollPhase, false);
  QApplication::sendEvent(widget, &wheel);
}

QString valueOf(const QWidget* field) {
  if (auto* spin = qobject_cast<const QAbstractSpinBox*>(field)) return spin->text();
  if (auto* combo = qobject_cast<const QComboBox*>(field)) return QString::number(combo->currentIndex());
  return QString::number(qobject_cast<const QAbstractSlider*>(field)->value());
}

}  // namespace

class InputFieldsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { testing::isolateSettings(); }

  // Each function starts from the default settings, whatever an earlier one saved.
  void init() { testing::forgetSettings(); }

  void theWheelChangesOnlyAFocusedField() {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    int fields = 0;
    auto* tabs = window.findChild<QTabWidget*>();
    QVERIFY(tabs);
    for (int t = 0; t < tabs->count(); ++t) {
      tabs->setCurrentIndex(t);
      QApplication::processEvents();
      for (QWidget* field : tabs->currentWidget()->findChildren<QWidget*>()) {
        const bool isField = qobject_cast<QAbstractSpinBox*>(field) || qobject_cast<QComboBox*>(field) ||
                             qobject_cast<QAbstractSlider*>(field);
        if (!isField || !field->isVisible() || !field->isEnabled() || qobject_cast<QScrollBar*>(field)) continue;
        const QString before = valueOf(field);
        wheelOver(field);
        QVERIFY2(valueOf(field) == before, qPrintable(QStringLiteral("%1 in %2 changed from %3 to %4")
                                                          .arg(QString::fromLatin1(field->metaObject()->className()),
                                                               tabs->tabText(t), before, valueOf(field))));
        QVERIFY2(field->focusPolicy() != Qt::WheelFocus, field->metaObject()->className());
        ++fields;
      }
    }
    qInfo("%d fields kept their values under the wheel", fields);
    QVERIFY(fields >= 20);
    // The wheel still scrolls a panel (its scroll bar is a slider the filter must leave alone).
    tabs->setCurrentWidget(window.imageWorkspace());
    window.resize(1366, 500);
    QApplication::processEvents();
    QScrollArea* panel = nullptr;
    for (QScrollArea* area : window.imageWorkspace()->findChildren<QScrollArea*>())
      if (area->isVisible() && area->verticalScrollBar()->maximum() > 0) panel = area;
    QVERIFY(panel);
    panel->verticalScrollBar()->setValue(0);
    QWheelEvent down(QPointF(10, 10), panel->viewport()->mapToGlobal(QPointF(10, 10)), QPoint(), QPoint(0, -120),
                     Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(panel->viewport(), &down);
    QVERIFY(panel->verticalScrollBar()->value() > 0);
    // With focus the wheel steps the field, as before.
    tabs->setCurrentWidget(window.performanceWorkspace());
    auto* repetitions = window.findChild<QSpinBox*>(QStringLiteral("pointsPerCase"));
    QVERIFY(repetitions);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    repetitions->setFocus();
    QTRY_VERIFY(repetitions->hasFocus());
    const int before = repetitions->value();
    wheelOver(repetitions);
    QCOMPARE(repetitions->value(), before + 1);
  }

  void aSizeFieldTakesWhatItShows_data() {
    QTest::addColumn<QString>("typed");
    QTest::addColumn<int>("log2");
    QTest::newRow("as shown") << "2^12" << 12;
    QTest::newRow("the size") << "4096" << 12;
    QTest::newRow("an exponent that is no size") << "12" << 12;
    QTest::newRow("a power of two is a size") << "16" << 4;
    QTest::newRow("spaced") << "2 ^ 20" << 20;
  }

  void aSizeFieldTakesWhatItShows() {
    QFETCH(QString, typed);
    QFETCH(int, log2);
    SweepForm form;
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    for (const char* name : {"smallestSize", "largestSize"}) {
      auto* field = form.findChild<QSpinBox*>(QString::fromLatin1(name));
      QVERIFY(field);
      QCOMPARE(field->text().left(2), QStringLiteral("2^"));
      form.activateWindow();
      field->setFocus();
      field->selectAll();  // as tabbing into the field does
      QTest::keyClicks(field, typed);
      QTest::keyClick(field, Qt::Key_Return);
      QCOMPARE(field->value(), log2);
      QCOMPARE(field->text(), QStringLiteral("2^%1").arg(log2));
    }
    const bench::SweepSpec spec = form.spec();
    QCOMPARE(spec.shapes.size(), std::size_t(1));  // from 2^log2 to 2^log2: one size
  }
};

QTEST_MAIN(InputFieldsTest)
#include "InputFieldsTest.moc"
