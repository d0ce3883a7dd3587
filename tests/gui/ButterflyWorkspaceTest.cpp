// The Butterfly explorer: a radix-4 transform of 16 points stepped launch by launch on the device,
// each buffer equal to the CPU reference of its pass and the last one the DFT; the textbook
// graphs stepped on the CPU; the diagram exported as SVG and PNG.
#include "butterfly/ButterflyWorkspace.h"
#include "butterfly/FlowGraphView.h"
#include "engine/EngineService.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace fftscope;
using namespace fftscope::gui;

class ButterflyWorkspaceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void stepsARadix4TransformOf16PointsOnTheDevice();
  void backReturnsToThePreviousBuffer();
  void textbookGraphsStepOnTheCpu();
  void exportsTheDiagramAsSvgAndPng();
  void cleanupTestCase();

 private:
  std::unique_ptr<EngineService> service_;
  std::unique_ptr<ButterflyWorkspace> workspace_;
};

void ButterflyWorkspaceTest::initTestCase() {
  service_ = std::make_unique<EngineService>();
  QTRY_VERIFY_WITH_TIMEOUT(service_->isReady(), 60000);
  workspace_ = std::make_unique<ButterflyWorkspace>(service_.get());
  workspace_->resize(1366, 700);
  workspace_->show();
}

void ButterflyWorkspaceTest::stepsARadix4TransformOf16PointsOnTheDevice() {
  if (!service_->info().openCl) QSKIP("no OpenCL device to step on");
  workspace_->setSize(16);
  workspace_->setVariant(Variant::R4);
  workspace_->setGraphChoice(ButterflyWorkspace::GraphChoice::Plan);
  workspace_->setInputBin(3);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isPrepared(), 60000);
  QCOMPARE(workspace_->launchCount(), std::size_t(2));  // 16 = 4 · 4: two radix-4 passes
  QCOMPARE(workspace_->graphView()->graph().columns.size(), std::size_t(2));
  for (std::size_t j = 1; j <= 2; ++j) {
    workspace_->nextPass();
    QTRY_COMPARE_WITH_TIMEOUT(workspace_->position(), j, 30000);
    // The device's buffer after this launch equals the CPU reference of the pass (f32 rounding).
    QVERIFY2(workspace_->lastDifference() < 1e-5, qPrintable(QString::number(workspace_->lastDifference())));
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
  QCOMPARE(workspace_->position(), std::size_t(2));
  workspace_->previousPass();
  QTRY_COMPARE_WITH_TIMEOUT(workspace_->position(), std::size_t(1), 30000);
  workspace_->nextPass();
  QTRY_COMPARE_WITH_TIMEOUT(workspace_->position(), std::size_t(2), 30000);
  QVERIFY(workspace_->lastDifference() < 1e-5);
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
  QCOMPARE(QImage(png).size(), QSize(1280, 720));
  QVERIFY(!workspace_->exportDiagram(folder.filePath(QStringLiteral("graph.gif"))).isEmpty());
}

void ButterflyWorkspaceTest::cleanupTestCase() {
  workspace_.reset();
  service_.reset();
}

QTEST_MAIN(ButterflyWorkspaceTest)
#include "ButterflyWorkspaceTest.moc"
