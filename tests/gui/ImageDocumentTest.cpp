// The Image workspace's model with no window: an open image with its spectrum and result, a
// refused open that changes nothing, filter edits that undo and filter again, a new image that
// keeps the base filter and drops the notches, a live frame that keeps them, the output range
// resolved against the filter, and a selection clipped to the image and cleared by the next one.
// The engine computes with FFTW here: no device is needed.
#include "GuiTestSupport.h"
#include "engine/EngineService.h"
#include "image/ImageDocument.h"
#include "image/ImageSession.h"
#include "image/MaskEditor.h"
#include "imaging/SampleImage.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace fftscope;
using namespace fftscope::gui;
using namespace fftscope::gui::testing;

namespace {

constexpr int kWait = 60000;  // ms

std::shared_ptr<const imaging::Image> flatImage(int width, int height) {
  return std::make_shared<imaging::Image>(
      imaging::Image{width, height, 1, 8, std::vector<float>(std::size_t(width) * std::size_t(height), 100.0f), {}});
}

const imaging::BaseFilter kLowPass{imaging::FilterKind::LowPass, imaging::FilterShape::Gaussian, 0.1, 0.2, 2};
const imaging::Notch kNotch{0.1, 0.05, 0.01, imaging::NotchEdge::Hard};

}  // namespace

class ImageDocumentTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void opensAnImageWithItsSpectrumAndResult();
  void aRefusedOpenLeavesTheDocumentUntouched();
  void filterEditsUndoAndFilterAgain();
  void aNewImageKeepsTheBaseFilterAndDropsTheNotches();
  void aLiveFrameOfTheSameShapeKeepsTheNotches();
  void theOutputRangeFollowsTheFilterUnlessChosen();
  void aSelectionIsClippedAndTheNextImageClearsIt();

 private:
  // Waits until the current image's spectrum is in and its result answers the latest request.
  bool settle();

  QTemporaryDir folder_;
  std::unique_ptr<EngineService> service_;
  std::unique_ptr<ImageSession> session_;
  std::unique_ptr<ImageDocument> document_;
};

void ImageDocumentTest::initTestCase() {
  QVERIFY(folder_.isValid());
  service_ = std::make_unique<EngineService>(QString(), true);
}

// Each function gets a document of its own with the sample open.
void ImageDocumentTest::init() {
  session_ = std::make_unique<ImageSession>(service_.get());
  document_ = std::make_unique<ImageDocument>(session_.get());
  QSignalSpy opened(document_.get(), &ImageDocument::imageChanged);
  document_->openImage(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), QStringLiteral("Sample"));
  QVERIFY(document_->isOpening());
  QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, kWait);
  QVERIFY(settle());
}

void ImageDocumentTest::cleanup() {
  document_.reset();
  session_.reset();
}

bool ImageDocumentTest::settle() {
  return QTest::qWaitFor([this] { return document_->spectrum() && document_->isFilterCurrent(); }, kWait);
}

void ImageDocumentTest::opensAnImageWithItsSpectrumAndResult() {
  const WorkspaceImagePtr image = document_->image();
  QVERIFY(image);
  QVERIFY(!document_->isOpening());
  QCOMPARE(image->name, QStringLiteral("Sample"));
  QCOMPARE(image->image->width, 512);
  QCOMPARE(document_->spectrum()->imageId, image->id);
  QCOMPARE(document_->outcome()->imageId, image->id);
  QCOMPARE(document_->outcome()->filtered.width, 512);
  QVERIFY(document_->roundTripMs() > 0);
}

void ImageDocumentTest::aRefusedOpenLeavesTheDocumentUntouched() {
  document_->editor()->setBaseFilter(kLowPass);
  document_->editor()->addNotch(kNotch);
  document_->setOutputRangeChoice(imaging::OutputRange::Stretch);
  QVERIFY(settle());
  const WorkspaceImagePtr image = document_->image();
  const FilterOutcomePtr outcome = document_->outcome();
  const SpectrumRenderingPtr spectrum = document_->spectrum();
  const imaging::PadMode pad = image->padMode;
  const int undoSteps = document_->undoStack()->count();

  // Asked for with another preparation, which the refusal takes back.
  const imaging::PadMode other = pad == imaging::PadMode::Zero ? imaging::PadMode::Mean : imaging::PadMode::Zero;
  document_->restoreSettings(other, document_->channelMode(), document_->outputRangeChoice(), document_->display());
  QSignalSpy refused(document_.get(), &ImageDocument::openRefused);
  QSignalSpy changed(document_.get(), &ImageDocument::imageChanged);
  document_->openFile(writeGarbageFile(folder_.path()));
  QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, kWait);
  QVERIFY(!refused.first().first().toString().isEmpty());
  QTest::qWait(100);

  QCOMPARE(changed.count(), 0);
  QVERIFY(!document_->isOpening());
  QCOMPARE(document_->image(), image);
  QCOMPARE(document_->outcome(), outcome);
  QCOMPARE(document_->spectrum(), spectrum);
  QCOMPARE(document_->padMode(), pad);
  QCOMPARE(document_->spec().notches.size(), std::size_t(1));
  QCOMPARE(document_->spec().base.kind, imaging::FilterKind::LowPass);
  QCOMPARE(document_->undoStack()->count(), undoSteps);
  QCOMPARE(document_->outputRangeChoice(), std::optional(imaging::OutputRange::Stretch));
  QVERIFY(document_->isFilterCurrent());
}

void ImageDocumentTest::filterEditsUndoAndFilterAgain() {
  QSignalSpy specs(document_.get(), &ImageDocument::specChanged);
  QSignalSpy requests(document_.get(), &ImageDocument::filterRequested);
  document_->editor()->addNotch(kNotch);
  QCOMPARE(specs.count(), 1);
  QCOMPARE(requests.count(), 1);
  QVERIFY(!document_->isFilterCurrent());
  QVERIFY(settle());
  QCOMPARE(document_->outcome()->spec.notches.size(), std::size_t(1));

  document_->undoStack()->undo();
  QCOMPARE(document_->spec().notches.size(), std::size_t(0));
  QCOMPARE(requests.count(), 2);
  QVERIFY(settle());
  QCOMPARE(document_->outcome()->spec.notches.size(), std::size_t(0));
}

void ImageDocumentTest::aNewImageKeepsTheBaseFilterAndDropsTheNotches() {
  document_->editor()->setBaseFilter(kLowPass);
  document_->editor()->addNotch(kNotch);
  const quint64 before = document_->image()->id;
  QSignalSpy changed(document_.get(), &ImageDocument::imageChanged);
  document_->openImage(flatImage(300, 200), QStringLiteral("flat"));
  QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, kWait);
  QCOMPARE(changed.first().at(1).toBool(), true);  // a new source

  QVERIFY(document_->image()->id > before);
  QCOMPARE(document_->image()->name, QStringLiteral("flat"));
  QCOMPARE(document_->spec().base.kind, imaging::FilterKind::LowPass);
  QCOMPARE(document_->spec().notches.size(), std::size_t(0));
  QCOMPARE(document_->undoStack()->count(), 0);
  QVERIFY(settle());
  QCOMPARE(document_->outcome()->imageId, document_->image()->id);
  QCOMPARE(document_->outcome()->filtered.width, 300);
}

void ImageDocumentTest::aLiveFrameOfTheSameShapeKeepsTheNotches() {
  document_->editor()->addNotch(kNotch);
  const int undoSteps = document_->undoStack()->count();
  QSignalSpy changed(document_.get(), &ImageDocument::imageChanged);
  document_->openLiveFrame(flatImage(512, 512), QStringLiteral("frame"));
  QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, kWait);
  QCOMPARE(changed.first().at(1).toBool(), false);
  QCOMPARE(document_->spec().notches.size(), std::size_t(1));
  QCOMPARE(document_->undoStack()->count(), undoSteps);

  // Another size is another scene.
  document_->openLiveFrame(flatImage(256, 128), QStringLiteral("frame"));
  QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, kWait);
  QCOMPARE(changed.at(1).at(1).toBool(), true);
  QCOMPARE(document_->spec().notches.size(), std::size_t(0));
}

void ImageDocumentTest::theOutputRangeFollowsTheFilterUnlessChosen() {
  QVERIFY(!document_->outputRangeChoice());
  document_->editor()->setBaseFilter(kLowPass);
  QCOMPARE(document_->outputRange(), imaging::defaultOutputRange(imaging::FilterKind::LowPass));
  imaging::BaseFilter highPass = kLowPass;
  highPass.kind = imaging::FilterKind::HighPass;
  document_->editor()->setBaseFilter(highPass);
  QCOMPARE(document_->outputRange(), imaging::OutputRange::Offset);
  QVERIFY(settle());
  QCOMPARE(document_->outcome()->range, imaging::OutputRange::Offset);

  QSignalSpy requests(document_.get(), &ImageDocument::filterRequested);
  document_->setOutputRangeChoice(imaging::OutputRange::Stretch);
  QCOMPARE(requests.count(), 1);
  QCOMPARE(document_->outputRange(), imaging::OutputRange::Stretch);
  QCOMPARE(document_->batchSettings().range, imaging::OutputRange::Stretch);
  QVERIFY(settle());
  QCOMPARE(document_->outcome()->range, imaging::OutputRange::Stretch);
}

void ImageDocumentTest::aSelectionIsClippedAndTheNextImageClearsIt() {
  QSignalSpy shown(document_.get(), &ImageDocument::regionShown);
  document_->selectRegion(QRect(400, 300, 300, 300));
  QCOMPARE(document_->selection(), QRect(400, 300, 112, 212));
  QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, kWait);
  QVERIFY(document_->region());
  QCOMPARE(document_->region()->region.width, 112);
  QCOMPARE(document_->region()->region.height, 212);

  QSignalSpy cleared(document_.get(), &ImageDocument::selectionCleared);
  QSignalSpy changed(document_.get(), &ImageDocument::imageChanged);
  document_->openImage(flatImage(64, 64), QStringLiteral("small"));
  QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, kWait);
  QCOMPARE(cleared.count(), 1);
  QCOMPARE(cleared.first().first().toBool(), true);  // the region's spectrum was shown
  QVERIFY(document_->selection().isNull());
  QVERIFY(!document_->region());
}

QTEST_MAIN(ImageDocumentTest)
#include "ImageDocumentTest.moc"
