// The Butterfly explorer: a radix-4 transform of 16 points stepped launch by launch on the device,
// each buffer equal to the CPU reference of its pass and the last one the DFT; the textbook
// graphs stepped on the CPU; launches numbered from 1 in the table and the status line alike; the
// memory panel and the step buttons following the graph shown; a large graph opened readable, with
// Fit and zoom; the diagram, with its legend, exported as SVG and PNG.
#include "butterfly/ButterflyWorkspace.h"
#include "butterfly/FlowGraphLegend.h"
#include "butterfly/FlowGraphView.h"
#include "butterfly/MemoryView.h"
#include "engine/EngineService.h"

#include <QFile>
#include <QImage>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QWheelEvent>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace fftscope;
using namespace fftscope::gui;

class ButterflyWorkspaceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void stepsARadix4TransformOf16PointsOnTheDevice();
  void backReturnsToThePreviousBuffer();
  void theTextbookGraphStepsAfterThePlanWasStepped();
  void theMemoryPanelFollowsThePlan();
  void aLargeGraphOpensReadableWithFitAndZoom();
  void textbookGraphsStepOnTheCpu();
  void exportsTheDiagramAsSvgAndPng();
  void cleanupTestCase();

 private:
  void runBothLaunches();

  // The engine is shared; each function gets a workspace of its own, on the 16-point radix-4 plan.
  std::unique_ptr<EngineService> service_;
  std::unique_ptr<ButterflyWorkspace> workspace_;
  QPushButton* button(const char* name) const { return workspace_->findChild<QPushButton*>(QString::fromLatin1(name)); }
};

void ButterflyWorkspaceTest::initTestCase() {
  service_ = std::make_unique<EngineService>();
  QTRY_VERIFY_WITH_TIMEOUT(service_->isReady(), 60000);
}

void ButterflyWorkspaceTest::init() {
  workspace_ = std::make_unique<ButterflyWorkspace>(service_.get());
  workspace_->resize(1366, 700);
  workspace_->show();
  workspace_->setSize(16);
  workspace_->setVariant(Variant::R4);
  workspace_->setInputBin(3);
  if (!service_->info().openCl) return;
  workspace_->setGraphChoice(ButterflyWorkspace::GraphChoice::Plan);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isPrepared(), 60000);
}

void ButterflyWorkspaceTest::cleanup() { workspace_.reset(); }

// Steps the plan through its two launches on the device.
void ButterflyWorkspaceTest::runBothLaunches() {
  for (std::size_t j = 1; j <= 2; ++j) {
    workspace_->nextPass();
    QTRY_COMPARE_WITH_TIMEOUT(workspace_->position(), j, 30000);
  }
}

void ButterflyWorkspaceTest::stepsARadix4TransformOf16PointsOnTheDevice() {
  if (!service_->info().openCl) QSKIP("no OpenCL device to step on");
  QCOMPARE(workspace_->launchCount(), std::size_t(2));  // 16 = 4 · 4: two radix-4 passes
  QCOMPARE(workspace_->graphView()->graph().columns.size(), std::size_t(2));
  for (std::size_t j = 1; j <= 2; ++j) {
    workspace_->nextPass();
    QTRY_COMPARE_WITH_TIMEOUT(workspace_->position(), j, 30000);
    // The device's buffer after this launch equals the CPU reference of the pass (f32 rounding).
    QVERIFY2(workspace_->lastDifference() < 1e-5, qPrintable(QString::number(workspace_->lastDifference())));
    // The launch just run has the same number in the table and in the status line.
    const QString number = workspace_->launchTable()->item(int(j) - 1, 0)->text();
    QCOMPARE(number, QString::number(j));
    if (j < 2) QVERIFY2(workspace_->message().contains(QStringLiteral("launch %1 of 2").arg(number)),
                        qPrintable(workspace_->message()));
  }
  // exp(2πi·3n/16) forward: 16 in bin 3, nothing elsewhere.
  const ComplexVector& y = workspace_->deviceValues();
  for (std::size_t k = 0; k < 16; ++k) {
    const double expected = k == 3 ? 16.0 : 0.0;
    QVERIFY2(std::abs(y[k] - std::complex<double>(expected, 0)) < 2e-5, qPrintable(QString::number(k)));
  }
  // Hovering the output of bin 3 names its formula and compares device and CPU.
  const QString text = workspace_->graphView()->describeNode(2, 3);
  QVERIFY2(text.contains(QStringLiteral("y[3]")), qPrintable(text));
  QVERIFY(text.contains(QStringLiteral("device")));
}

void ButterflyWorkspaceTest::backReturnsToThePreviousBuffer() {
  if (!service_->info().openCl) QSKIP("no OpenCL device to step on");
  runBothLaunches();
  workspace_->previousPass();
  QTRY_COMPARE_WITH_TIMEOUT(workspace_->position(), std::size_t(1), 30000);
  workspace_->nextPass();
  QTRY_COMPARE_WITH_TIMEOUT(workspace_->position(), std::size_t(2), 30000);
  QVERIFY(workspace_->lastDifference() < 1e-5);
}

void ButterflyWorkspaceTest::theTextbookGraphStepsAfterThePlanWasStepped() {
  if (!service_->info().openCl) QSKIP("no OpenCL device to step on");
  runBothLaunches();  // two launches run on the device
  workspace_->setGraphChoice(ButterflyWorkspace::GraphChoice::TextbookDit);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isPrepared(), 10000);
  QVERIFY(button("next")->isEnabled());
  QVERIFY(!button("back")->isEnabled());
  QTest::mouseClick(button("next"), Qt::LeftButton);
  QTest::mouseClick(button("next"), Qt::LeftButton);
  QCOMPARE(workspace_->position(), std::size_t(2));
  QVERIFY(button("back")->isEnabled());
  QTest::qWait(200);  // anything the device still answers for the old plan leaves the textbook graph alone
  QCOMPARE(workspace_->position(), std::size_t(2));
  QCOMPARE(workspace_->launchCount(), std::size_t(4));
  workspace_->setGraphChoice(ButterflyWorkspace::GraphChoice::Plan);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isPrepared(), 60000);
}

void ButterflyWorkspaceTest::theMemoryPanelFollowsThePlan() {
  if (!service_->info().openCl) QSKIP("no OpenCL device to plan on");
  workspace_->launchTable()->setCurrentCell(0, 0);
  auto expectFirstLaunch = [this](const char* n) {
    QTRY_VERIFY_WITH_TIMEOUT(workspace_->isPrepared(), 60000);
    const QString kernel = workspace_->launchTable()->item(0, 1)->text();
    const QString summary = workspace_->memoryView()->summary();
    QVERIFY2(kernel.contains(QString::fromLatin1(n)), qPrintable(kernel));
    QVERIFY2(summary.startsWith(kernel + QLatin1Char(':')), qPrintable(summary + QStringLiteral(" / ") + kernel));
  };
  expectFirstLaunch("n=16");
  workspace_->setSize(64);
  expectFirstLaunch("n=64");
  workspace_->setVariant(Variant::R2);
  expectFirstLaunch("r2");
  workspace_->setVariant(Variant::R4);
  workspace_->setSize(16);
  expectFirstLaunch("n=16");
}

void ButterflyWorkspaceTest::aLargeGraphOpensReadableWithFitAndZoom() {
  workspace_->setGraphChoice(ButterflyWorkspace::GraphChoice::TextbookDit);
  workspace_->setSize(64);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isPrepared(), 10000);
  FlowGraphView* view = workspace_->graphView();
  QCOMPARE(view->graph().points, std::size_t(64));
  // Rows a node apart at least half their drawn size: readable, the rest a scroll away.
  QVERIFY2(view->zoom() >= 0.5, qPrintable(QString::number(view->zoom())));
  auto* zoom = workspace_->findChild<QSpinBox*>(QStringLiteral("zoom"));
  QVERIFY(zoom);
  QCOMPARE(zoom->value(), int(std::lround(100 * view->zoom())));
  QTest::mouseClick(button("fit"), Qt::LeftButton);
  const QSizeF whole = view->graphSize() * view->zoom();
  QVERIFY(whole.width() <= view->width() + 1 && whole.height() <= view->height() + 1);
  QVERIFY(whole.width() >= view->width() - 1 || whole.height() >= view->height() - 1);
  // The wheel alone scrolls; with Ctrl it zooms; + zooms in; the zoom field sets the zoom.
  auto wheel = [view](Qt::KeyboardModifiers modifiers) {
    const QPointF at(view->width() / 2.0, view->height() / 2.0);
    QWheelEvent event(at, view->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, modifiers,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(view, &event);
  };
  const double fitted = view->zoom();
  wheel(Qt::NoModifier);
  QCOMPARE(view->zoom(), fitted);
  wheel(Qt::ControlModifier);
  QVERIFY(view->zoom() > fitted);
  const double before = view->zoom();
  // The keys are the view's shortcuts: they act once its window is active and it has the focus.
  view->activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(view->window()));
  view->setFocus();
  QTest::keyClick(view, Qt::Key_Plus);
  QVERIFY(std::abs(view->zoom() - before * FlowGraphView::kZoomStep) < 1e-9);
  zoom->setValue(150);
  QCOMPARE(view->zoom(), 1.5);
  // The legend says what the colours mean.
  QVERIFY(workspace_->legend()->isVisible());
  workspace_->setSize(16);
  workspace_->setGraphChoice(ButterflyWorkspace::GraphChoice::Plan);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isPrepared(), 60000);
}

void ButterflyWorkspaceTest::textbookGraphsStepOnTheCpu() {
  workspace_->setGraphChoice(ButterflyWorkspace::GraphChoice::TextbookDit);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isPrepared(), 10000);
  QCOMPARE(workspace_->launchCount(), std::size_t(4));  // log2 16 radix-2 stages
  QCOMPARE(workspace_->graphView()->graph().inputOrder[1], std::size_t(8));  // bit-reversed input
  for (int j = 0; j < 4; ++j) workspace_->nextPass();
  QCOMPARE(workspace_->position(), std::size_t(4));
  workspace_->setGraphChoice(ButterflyWorkspace::GraphChoice::Plan);
}

void ButterflyWorkspaceTest::exportsTheDiagramAsSvgAndPng() {
  QTemporaryDir folder;
  const QString svg = folder.filePath(QStringLiteral("graph.svg")), png = folder.filePath(QStringLiteral("graph.png"));
  QCOMPARE(workspace_->exportDiagram(svg), QString());
  QCOMPARE(workspace_->exportDiagram(png, QSize(1280, 720)), QString());
  QFile file(svg);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray text = file.readAll();
  QVERIFY(text.contains("<svg"));
  QVERIFY(text.count("<path") + text.count("<polyline") + text.count("<line") > 20);  // edges drawn
  for (const QString& caption : FlowGraphLegend::captions())  // and the legend under them
    QVERIFY2(text.contains(caption.section(QLatin1Char(':'), 0, 0).toUtf8()), qPrintable(caption));
  QCOMPARE(QImage(png).size(), QSize(1280, 720));
  QVERIFY(!workspace_->exportDiagram(folder.filePath(QStringLiteral("graph.gif"))).isEmpty());
}

void ButterflyWorkspaceTest::cleanupTestCase() { service_.reset(); }

QTEST_MAIN(ButterflyWorkspaceTest)
#include "ButterflyWorkspaceTest.moc"
