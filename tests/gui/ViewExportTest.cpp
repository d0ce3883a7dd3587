// The one export every view shares: a PNG at the chosen DPI with its metadata in text chunks, an
// SVG that parses with its title and description, a PDF with its title in the XMP, CSV and .npy
// holding exactly the view's numbers, the metadata of the workspace a view sits in, and a path
// that cannot be written refused with nothing left behind.
#include "export/ExportDialog.h"
#include "export/ExportTargets.h"
#include "io/Npy.h"
#include "session/SessionInputs.h"
#include "image/ImageWorkspace.h"
#include "shell/MainWindow.h"
#include "shell/Workspace.h"
#include "shell/WorkspaceWindows.h"
#include "signal/SignalWorkspace.h"

#include "GuiTestSupport.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QImage>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QXmlStreamReader>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

// A workspace naming one input file and a filter, as a real one's session state does.
class FakeWorkspace : public QWidget, public Workspace {
 public:
  QString input;
  QString workspaceName() const override { return QStringLiteral("fake"); }
  QWidget* workspaceWidget() override { return this; }
  nlohmann::json saveState(SessionInputs& inputs) const override {
    return {{"input", inputs.describe(input)}, {"filter", "gaussian low-pass, sigma 12"}};
  }
  std::function<void()> prepareRestore(const nlohmann::json&, SessionInputs&) override { return [] {}; }
  void watchChanges(std::function<void()>) override {}
};

QStringList dataLines(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QStringList lines;
  for (const QString& line : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
    if (!line.startsWith(QLatin1Char('#'))) lines << line;
  return lines;
}

}  // namespace

class ViewExportTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();  // the settings folder and the input file
  void init();          // a fresh workspace holding the two plots
  void cleanup();
  void pngHasTheSizeOfItsDpiAndItsMetadata();
  void aCaptionGoesUnderThePicture();
  void svgParsesWithTitleAndDescription();
  void pdfHasItsHeaderAndMetadata();
  void csvHoldsExactlyThePlottedValues();
  void npyHoldsExactlyThePlottedValues();
  void aColourMapExportsAsItsMatrix();
  void metadataNamesTheWorkspaceInputAndSettings();
  void anUnwritablePathIsRefusedAndLeavesNothing();
  void fileExportFindsTheViewInFrontAndTheDialogWrites();
  void aClickInAScrollAreasViewportMarksItUsed();
  void fileExportInTheWindowAsksTheWorkspaceInFront();

 private:
  QTemporaryDir folder_;
  QString input_;
  std::unique_ptr<FakeWorkspace> workspace_;
  QCustomPlot* plot_ = nullptr;
  QCustomPlot* map_ = nullptr;
  QVector<double> keys_{0.5, 1.25, 2.0, 3.1415926535897931};
  QVector<double> first_{1.0 / 3.0, -2.5, 1e-300, 7.0}, second_{4, 5, 6, 1e12};
};

void ViewExportTest::initTestCase() {
  testing::isolateSettings();
  input_ = folder_.filePath(QStringLiteral("input.wav"));
  QFile input(input_);
  QVERIFY(input.open(QIODevice::WriteOnly));
  input.write("not really audio");
  input.close();
}

void ViewExportTest::init() {
  testing::forgetSettings();
  workspace_ = std::make_unique<FakeWorkspace>();
  workspace_->input = input_;
  auto* layout = new QVBoxLayout(workspace_.get());
  plot_ = new QCustomPlot;
  plot_->addGraph()->setData(keys_, first_);
  plot_->graph(0)->setName(QStringLiteral("level"));
  plot_->addGraph()->setData(keys_, second_);
  plot_->xAxis->setLabel(QStringLiteral("frequency (Hz)"));
  plot_->rescaleAxes();
  makeExportable(plot_, {QStringLiteral("Test spectrum")});
  map_ = new QCustomPlot;
  auto* colours = new QCPColorMap(map_->xAxis, map_->yAxis);
  colours->data()->setSize(3, 2);
  colours->data()->setRange(QCPRange(0, 2), QCPRange(10, 20));
  for (int k = 0; k < 3; ++k)
    for (int v = 0; v < 2; ++v) colours->data()->setCell(k, v, k + 10 * v + 0.25);
  makeExportable(map_, {QStringLiteral("Test spectrogram")});
  layout->addWidget(plot_, 2);
  layout->addWidget(map_, 1);
  workspace_->resize(640, 600);
  workspace_->show();
  QVERIFY(QTest::qWaitForWindowExposed(workspace_.get()));
}

void ViewExportTest::cleanup() {
  workspace_.reset();
  plot_ = map_ = nullptr;
}

void ViewExportTest::pngHasTheSizeOfItsDpiAndItsMetadata() {
  const QString path = folder_.filePath(QStringLiteral("plot.png"));
  QCOMPARE(exportView(plot_, path, {400, 300, 192, false}), QString());
  const QImage image(path);
  QCOMPARE(image.size(), QSize(800, 600));
  QCOMPARE(image.dotsPerMeterX(), int(std::lround(192 / 0.0254)));
  QCOMPARE(image.text(QStringLiteral("Title")), QStringLiteral("Test spectrum"));
  QVERIFY(image.text(QStringLiteral("Software")).startsWith(QStringLiteral("FFTScope ")));
  QCOMPARE(image.text(QStringLiteral("Input")), input_);
  QCOMPARE(exportView(plot_, path, {400, 300, 96, false}), QString());
  QCOMPARE(QImage(path).size(), QSize(400, 300));
}

void ViewExportTest::aCaptionGoesUnderThePicture() {
  const QString path = folder_.filePath(QStringLiteral("captioned.png"));
  QCOMPARE(exportView(plot_, path, {400, 300, 96, true}), QString());
  const QImage image(path);
  QCOMPARE(image.width(), 400);
  QVERIFY(image.height() > 340);  // the caption's lines below the plot
}

void ViewExportTest::svgParsesWithTitleAndDescription() {
  const QString path = folder_.filePath(QStringLiteral("plot.svg"));
  QCOMPARE(exportView(plot_, path, {400, 300, 192, true}), QString());
  QVERIFY(QSvgRenderer(path).isValid());
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  QXmlStreamReader xml(&file);
  QString title, description;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isStartElement() && xml.name() == QLatin1String("title") && title.isEmpty()) title = xml.readElementText();
    if (xml.isStartElement() && xml.name() == QLatin1String("desc") && description.isEmpty()) description = xml.readElementText();
  }
  QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
  QCOMPARE(title, QStringLiteral("Test spectrum"));
  QVERIFY(description.contains(QStringLiteral("Software: FFTScope")));
  QVERIFY(description.contains(QStringLiteral("gaussian low-pass")));
}

void ViewExportTest::pdfHasItsHeaderAndMetadata() {
  const QString path = folder_.filePath(QStringLiteral("plot.pdf"));
  QCOMPARE(exportView(plot_, path, {400, 300, 300, false}), QString());
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray bytes = file.readAll();
  QVERIFY(bytes.startsWith("%PDF-1."));
  QVERIFY(bytes.contains("<dc:title><rdf:Alt><rdf:li xml:lang='x-default'>Test spectrum</rdf:li>"));
  QVERIFY(bytes.contains("<xmp:CreatorTool>FFTScope "));
  QVERIFY(bytes.contains(QFileInfo(input_).fileName().toUtf8()));
  QVERIFY(bytes.trimmed().endsWith("%%EOF"));
}

void ViewExportTest::csvHoldsExactlyThePlottedValues() {
  const QString path = folder_.filePath(QStringLiteral("plot.csv"));
  QCOMPARE(exportView(plot_, path, {}), QString());
  const QStringList lines = dataLines(path);
  QCOMPARE(lines.size(), 1 + keys_.size());
  QCOMPARE(lines[0], QStringLiteral("\"frequency (Hz)\",\"level\",\"Graph 2\""));
  for (int i = 0; i < keys_.size(); ++i) {
    const QStringList cells = lines[i + 1].split(QLatin1Char(','));
    QCOMPARE(cells.size(), 3);
    QCOMPARE(cells[0].toDouble(), keys_[i]);
    QCOMPARE(cells[1].toDouble(), first_[i]);
    QCOMPARE(cells[2].toDouble(), second_[i]);
  }
}

void ViewExportTest::npyHoldsExactlyThePlottedValues() {
  const QString path = folder_.filePath(QStringLiteral("plot.npy"));
  QCOMPARE(exportView(plot_, path, {}), QString());
  const NpyArray array = readNpy(path.toStdString());
  QCOMPARE(array.shape, (std::vector<std::size_t>{std::size_t(keys_.size()), 3}));
  const std::vector<double> values = toRealF64(array);
  for (int i = 0; i < keys_.size(); ++i) {
    QCOMPARE(values[std::size_t(i) * 3], keys_[i]);
    QCOMPARE(values[std::size_t(i) * 3 + 1], first_[i]);
    QCOMPARE(values[std::size_t(i) * 3 + 2], second_[i]);
  }
}

void ViewExportTest::aColourMapExportsAsItsMatrix() {
  const QString path = folder_.filePath(QStringLiteral("map.npy"));
  QCOMPARE(exportView(map_, path, {}), QString());
  const NpyArray array = readNpy(path.toStdString());
  QCOMPARE(array.shape, (std::vector<std::size_t>{2, 3}));
  const std::vector<double> values = toRealF64(array);
  for (int v = 0; v < 2; ++v)
    for (int k = 0; k < 3; ++k) QCOMPARE(values[std::size_t(v * 3 + k)], k + 10 * v + 0.25);
  const QString csv = folder_.filePath(QStringLiteral("map.csv"));
  QCOMPARE(exportView(map_, csv, {}), QString());
  const QStringList lines = dataLines(csv);
  QCOMPARE(lines, (QStringList{QStringLiteral("row key,0,1,2"), QStringLiteral("10,0.25,1.25,2.25"),
                               QStringLiteral("20,10.25,11.25,12.25")}));
}

void ViewExportTest::metadataNamesTheWorkspaceInputAndSettings() {
  const ExportMetadata metadata = metadataFor(plot_, QStringLiteral("T"));
  QCOMPARE(metadata.inputFile, input_);
  QCOMPARE(metadata.inputHash, SessionInputs::hashOf(input_));
  QCOMPARE(metadata.inputHash.size(), 64);
  QVERIFY(metadata.parameters.contains(QStringLiteral("gaussian low-pass, sigma 12")));
  QVERIFY(!metadata.date.isEmpty());
  QCOMPARE(metadataFor(nullptr, QStringLiteral("T")).inputFile, QString());
}

void ViewExportTest::anUnwritablePathIsRefusedAndLeavesNothing() {
  QTemporaryDir folder;
  const QString blocker = folder.filePath(QStringLiteral("file"));
  QFile file(blocker);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.close();
  const QDir::Filters all = QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot;
  for (const char* extension : {"png", "svg", "pdf", "csv", "npy"}) {
    for (const QString& path : {blocker + QStringLiteral("/plot.") + extension,
                                folder.filePath(QStringLiteral("missing/plot.")) + extension}) {
      const QString error = exportView(plot_, path, {400, 300, 96, true});
      QVERIFY2(!error.isEmpty(), qPrintable(path));
      QVERIFY2(error.contains(QStringLiteral("plot.")), qPrintable(error));
      QCOMPARE(QDir(folder.path()).entryList(all), QStringList{QStringLiteral("file")});
    }
  }
  QCOMPARE(exportView(plot_, folder.filePath(QStringLiteral("plot.txt")), {}).isEmpty(), false);
  QCOMPARE(QDir(folder.path()).entryList(all), QStringList{QStringLiteral("file")});
}

void ViewExportTest::fileExportFindsTheViewInFrontAndTheDialogWrites() {
  QCOMPARE(exportableIn(workspace_.get()), plot_);  // the larger one, nothing focused or used
  map_->setFocus();
  QTRY_COMPARE(exportableIn(workspace_.get()), map_);
  ExportDialog dialog(map_);
  dialog.setFormat(QStringLiteral("csv"));
  QVERIFY(dialog.path().endsWith(QStringLiteral("test-spectrogram.csv")));
  const QString path = folder_.filePath(QStringLiteral("from-dialog.csv"));
  dialog.setPath(path);
  QCOMPARE(dialog.exportNow(true), QString());
  QCOMPARE(dataLines(path).size(), 3);
}

void ViewExportTest::aClickInAScrollAreasViewportMarksItUsed() {
  // As the image views: a QGraphicsView gets its clicks in its viewport, not itself.
  auto* scene = new QGraphicsScene(workspace_.get());
  scene->addRect(0, 0, 100, 100);
  auto* view = new QGraphicsView(scene);
  view->setFocusPolicy(Qt::NoFocus);
  makeExportable(view, {QStringLiteral("Test image")});
  workspace_->layout()->addWidget(view);
  QTRY_VERIFY(view->isVisible() && view->height() > 0);
  QCOMPARE(exportableIn(workspace_.get()), plot_);  // the largest
  QTest::mouseClick(view->viewport(), Qt::LeftButton);
  QCOMPARE(exportableIn(workspace_.get()), view);
}

void ViewExportTest::fileExportInTheWindowAsksTheWorkspaceInFront() {
  MainWindow window;
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  auto* exportAction = window.findChild<QAction*>(QStringLiteral("exportView"));
  QVERIFY(exportAction);
  QCOMPARE(exportAction->shortcut(), QKeySequence(QStringLiteral("Ctrl+E")));
  for (Workspace* workspace : {static_cast<Workspace*>(window.imageWorkspace()), static_cast<Workspace*>(window.signalWorkspace())}) {
    window.workspaceWindows()->bringForward(workspace->workspaceWidget());
    QTRY_VERIFY(workspace->exportableView());
    exportAction->trigger();
    auto* dialog = window.findChild<ExportDialog*>();
    QVERIFY(dialog);
    QCOMPARE(dialog->view(), workspace->exportableView());
    QVERIFY(workspace->workspaceWidget()->isAncestorOf(dialog->view()));
    delete dialog;
  }
}

QTEST_MAIN(ViewExportTest)
#include "ViewExportTest.moc"
