// What the Image workspace shows and writes: output range modes against a double-precision
// FFTW reference, the float TIFF's exact values, the automatic display range of a low-range
// 16-bit image (the saved data untouched by it).
#include "GuiTestSupport.h"
#include "image/BatchFilterDialog.h"
#include "image/DisplayRangePanel.h"
#include "image/FilterPanel.h"
#include "image/ImageWorkspace.h"
#include "image/ImageFileActions.h"
#include "image/MaskEditor.h"
#include "image/ZoomableView.h"
#include "image/OutputRangeBox.h"
#include "imaging/FftwBackend.h"
#include "imaging/ImageReader.h"
#include "imaging/ImageWriter.h"
#include "imaging/SampleImage.h"
#include "imaging/OutputRange.h"
#include "engine/EngineService.h"
#include "image/SpectrumView.h"
#include "shell/MainWindow.h"

#include <QStatusBar>
#include <QThread>
#include <QUndoStack>
#include <atomic>

#include <QComboBox>
#include <QScrollArea>
#include <QDir>
#include <QTableWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cmath>
#include <set>

using namespace fftscope;
using namespace fftscope::gui;

namespace {
constexpr int kWait = 120000;

// The unclipped high-pass of `image` as the workspace computes it, with FFTW in the host pipeline.
imaging::FilteredSamples hostSamples(const imaging::Image& image, const imaging::FilterSpec& spec) {
  imaging::FftwBackend fftw;
  const imaging::SpectralImage analysed =
      imaging::analyseImage(image, imaging::PadMode::Mirror, imaging::ChannelMode::PerChannel, fftw);
  const imaging::Mask mask = imaging::buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, spec);
  return imaging::synthesiseSamples(analysed, mask, fftw);
}

// With FFTSCOPE_SCREENSHOT_DIR set, the windows these tests leave on screen are saved there to be
// looked at; nothing is checked on them.
void shoot(QWidget* widget, const QString& name) {
  const QString folder = qEnvironmentVariable("FFTSCOPE_SCREENSHOT_DIR");
  if (folder.isEmpty()) return;
  QTest::qWait(300);
  widget->grab().save(QDir(folder).filePath(name + QStringLiteral(".png")));
}

double maxDifference(const std::vector<float>& a, const std::vector<float>& b) {
  double worst = a.size() == b.size() ? 0 : 1e30;
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) worst = std::max(worst, double(std::abs(a[i] - b[i])));
  return worst;
}

}  // namespace

class ImageOutputTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void rangeModesShowAndSaveTheChosenMapping();
  void lowRange16BitImageDisplaysWithSpreadGreys();
  void batchWritesTheGoodFilesAndReportsTheBadOne();
  void anUndoneActionsMessageGoes();
  void aRefusalGoesWhenTheNextOpenBegins();
  void openingGoesWhenTheOpenIsCancelled();
  void theReadoutClearsWhenANewImageOpens();
  void savedSpectraHaveNoMaskTintUnlessAsked();

 private:
  void setDisplayRange(imaging::DisplayRangeMode mode);
  void chooseRange(std::optional<imaging::OutputRange> range);
  QString save(const QString& name);  // the error, empty when saved

  // Each function gets a window of its own on the sample, so that none depends on another.
  QTemporaryDir folder_;
  std::unique_ptr<MainWindow> window_;
  ImageWorkspace* workspace_ = nullptr;
};

void ImageOutputTest::initTestCase() {
  testing::isolateSettings();
  QVERIFY(folder_.isValid());
}

void ImageOutputTest::init() {
  testing::forgetSettings();
  window_ = std::make_unique<MainWindow>();
  window_->resize(1366, 768);
  window_->show();
  workspace_ = window_->imageWorkspace();
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->lastOutcome() && workspace_->lastSpectrum(), kWait);
}

void ImageOutputTest::cleanup() {
  workspace_ = nullptr;
  window_.reset();
}

void ImageOutputTest::setDisplayRange(imaging::DisplayRangeMode mode) {
  auto* box = workspace_->displayRangePanel()->findChild<QComboBox*>(QStringLiteral("displayRangeMode"));
  QVERIFY(box);
  const int index = box->findData(int(mode));
  if (box->currentIndex() == index) return;
  QSignalSpy redrawn(workspace_, &ImageWorkspace::viewsRedrawn);
  box->setCurrentIndex(index);
  QVERIFY(redrawn.wait(kWait));
}

void ImageOutputTest::chooseRange(std::optional<imaging::OutputRange> range) {
  OutputRangeBox* box = workspace_->filterPanel()->outputRangeBox();
  box->setCurrentIndex(box->findData(range ? int(*range) : -1));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
}

QString ImageOutputTest::save(const QString& name) {
  QSignalSpy saved(window_->imageWorkspace()->fileActions(), &ImageFileActions::saved);
  if (!window_->imageWorkspace()->fileActions()->saveFilteredImage(folder_.filePath(name))) return QStringLiteral("nothing to save");
  if (!saved.wait(kWait)) return QStringLiteral("no answer");
  return saved.first().at(1).toString();
}

void ImageOutputTest::rangeModesShowAndSaveTheChosenMapping() {
  setDisplayRange(imaging::DisplayRangeMode::Full);  // the view then shows the samples as they are
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::HighPass;
  base.shape = imaging::FilterShape::Gaussian;
  base.cutoff = 0.05;
  workspace_->filterPanel()->editBaseFilter(base);
  chooseRange(std::nullopt);
  const imaging::Image& source = *workspace_->currentImage()->image;
  QCOMPARE(source.bitDepth, 8);
  const imaging::FilteredSamples reference = hostSamples(source, workspace_->maskEditor()->spec());
  const auto [lo, hi] = std::minmax_element(reference.image.data.begin(), reference.image.data.end());
  qInfo("high-pass of the sample: values %.1f .. %.1f", *lo, *hi);
  QVERIFY(*lo < -20 && *hi > 20);  // signed: clipped, most of it would be black

  // Automatic is offset for a high-pass; each mode's picture is its mapping of the same values.
  QCOMPARE(workspace_->lastOutcome()->range, imaging::OutputRange::Offset);
  for (imaging::OutputRange range : {imaging::OutputRange::Offset, imaging::OutputRange::Stretch,
                                     imaging::OutputRange::Clip, imaging::OutputRange::Float}) {
    chooseRange(range);
    const FilterOutcomePtr outcome = workspace_->lastOutcome();
    QCOMPARE(outcome->range, range);
    const imaging::Image expected = imaging::mapOutputRange(reference, range);
    // Device and host floats differ slightly: a sample may round the other way.
    QVERIFY2(maxDifference(outcome->filtered.data, expected.data) <= 1.0,
             qPrintable(QString::number(maxDifference(outcome->filtered.data, expected.data))));
    const QImage view = workspace_->filteredView()->image();
    QCOMPARE(view.format(), QImage::Format_Grayscale8);
    for (int y = 0; y < view.height(); y += 37)
      for (int x = 0; x < view.width(); x += 41)
        QCOMPARE(float(view.pixelColor(x, y).red()), outcome->filtered.data[std::size_t(y) * source.width + x]);
  }

  // Float: the TIFF holds the exact values; a PNG is refused with the reason.
  const QString error = save(QStringLiteral("float.png"));
  QVERIFY2(error.contains(QStringLiteral(".tif")), qPrintable(error));
  QVERIFY(!QFile::exists(folder_.filePath(QStringLiteral("float.png"))));
  QCOMPARE(save(QStringLiteral("float.tif")), QString());
  const cv::Mat back = cv::imread(folder_.filePath(QStringLiteral("float.tif")).toStdString(), cv::IMREAD_UNCHANGED);
  QCOMPARE(back.type(), CV_32FC1);
  const FilterOutcomePtr outcome = workspace_->lastOutcome();
  const std::vector<float> values(back.ptr<float>(0), back.ptr<float>(0) + back.total());
  QCOMPARE(maxDifference(values, outcome->exact.image.data), 0.0);
  QVERIFY2(maxDifference(values, reference.image.data) <= 1e-3, qPrintable(QString::number(maxDifference(values, reference.image.data))));

  // Offset saved as PNG: the mapping shown is the mapping written.
  chooseRange(imaging::OutputRange::Offset);
  QCOMPARE(save(QStringLiteral("offset.png")), QString());
  const imaging::Image written = imaging::readImage(folder_.filePath(QStringLiteral("offset.png")).toStdString());
  QVERIFY(written.data == workspace_->lastOutcome()->filtered.data);
  chooseRange(std::nullopt);
}

void ImageOutputTest::lowRange16BitImageDisplaysWithSpreadGreys() {
  // A 16-bit image holding 0 .. 255 only: black at the full 16-bit range.
  auto image = std::make_shared<imaging::Image>();
  image->width = 96;
  image->height = 64;
  image->bitDepth = 16;
  for (int y = 0; y < image->height; ++y)
    for (int x = 0; x < image->width; ++x) image->data.push_back(float((x * 255 / 95 + y) % 256));
  imaging::BaseFilter none;
  workspace_->filterPanel()->editBaseFilter(none);
  setDisplayRange(imaging::DisplayRangeMode::Auto);
  QSignalSpy shown(workspace_, &ImageWorkspace::imageChanged);
  workspace_->openImage(image, QStringLiteral("low-range 16-bit"));
  QVERIFY(shown.wait(kWait));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);

  auto greys = [](const QImage& view) {
    std::set<int> levels;
    for (int y = 0; y < view.height(); ++y)
      for (int x = 0; x < view.width(); ++x) levels.insert(qGray(view.pixel(x, y)));
    return levels;
  };
  for (ZoomableView* view : {workspace_->originalView(), workspace_->filteredView()}) {
    const std::set<int> levels = greys(view->image());
    QVERIFY2(levels.size() > 100 && *levels.begin() <= 5 && *levels.rbegin() >= 250,
             qPrintable(QStringLiteral("%1 levels, %2 .. %3").arg(levels.size()).arg(*levels.begin()).arg(*levels.rbegin())));
  }
  if (auto* scroll = workspace_->displayRangePanel()->parentWidget()->parentWidget()->parentWidget();
      auto* area = qobject_cast<QScrollArea*>(scroll))
    area->ensureWidgetVisible(workspace_->displayRangePanel());
  shoot(window_.get(), QStringLiteral("display-range-auto"));
  // The full 16-bit range shows it (nearly) black: the auto range is what made it visible.
  setDisplayRange(imaging::DisplayRangeMode::Full);
  QVERIFY(*greys(workspace_->originalView()->image()).rbegin() <= 1);
  setDisplayRange(imaging::DisplayRangeMode::Auto);

  // Saving keeps the values, whatever the display.
  QCOMPARE(save(QStringLiteral("low-range.png")), QString());
  const imaging::Image written = imaging::readImage(folder_.filePath(QStringLiteral("low-range.png")).toStdString());
  QCOMPARE(written.bitDepth, 16);
  QVERIFY(written.data == image->data);
}

void ImageOutputTest::batchWritesTheGoodFilesAndReportsTheBadOne() {
  QDir root(folder_.path());
  QVERIFY(root.mkpath(QStringLiteral("batch-in")) && root.mkpath(QStringLiteral("batch-out")));
  const QString in = root.filePath(QStringLiteral("batch-in")), out = root.filePath(QStringLiteral("batch-out"));
  const imaging::Image sample = imaging::makeSampleImage().noisy;
  imaging::Image flipped = sample;
  for (int y = 0; y < sample.height; ++y)
    for (int x = 0; x < sample.width; ++x)
      flipped.data[std::size_t(y) * sample.width + x] = sample.data[std::size_t(sample.height - 1 - y) * sample.width + x];
  const QString good = QDir(in).filePath(QStringLiteral("good.png")), other = QDir(in).filePath(QStringLiteral("other.tif"));
  imaging::writeImage(sample, good.toStdString());
  imaging::writeImage(flipped, other.toStdString());
  const QString bad = testing::writeGarbageFile(in);

  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::BandPass;
  base.cutoff = 0.03;
  base.upperCutoff = 0.2;
  workspace_->filterPanel()->editBaseFilter(base);
  chooseRange(std::nullopt);
  const imaging::BatchSettings settings = workspace_->batchSettings();
  QCOMPARE(settings.range, imaging::OutputRange::Offset);
  const WorkspaceImagePtr shownBefore = workspace_->currentImage();

  BatchFilterDialog* dialog = window_->imageWorkspace()->fileActions()->applyToFiles({good, bad, other}, out);
  QVERIFY(dialog->isVisible());
  QTRY_VERIFY_WITH_TIMEOUT(dialog->isFinished(), kWait);
  QCOMPARE(int(dialog->items().size()), 3);
  QCOMPARE(dialog->failedCount(), 1);
  QVERIFY(dialog->items()[0].ok() && dialog->items()[2].ok());
  QVERIFY(!dialog->items()[1].ok());
  QVERIFY2(dialog->table()->item(1, 1)->text().startsWith(QStringLiteral("failed")), qPrintable(dialog->table()->item(1, 1)->text()));
  QVERIFY(dialog->table()->item(0, 1)->text().contains(QStringLiteral("good-filtered.png")));
  shoot(dialog, QStringLiteral("apply-to-files"));
  shoot(window_.get(), QStringLiteral("bandpass-offset"));
  // Only the two outputs: nothing for the bad file, no temporary file left.
  QCOMPARE(QDir(out).entryList(QDir::Files), QStringList({QStringLiteral("good-filtered.png"), QStringLiteral("other-filtered.png")}));

  // Each equals the single-file result (host FFTW here: a sample may round the other way).
  const std::pair<const imaging::Image*, QString> checks[] = {{&sample, QStringLiteral("good-filtered.png")},
                                                              {&flipped, QStringLiteral("other-filtered.png")}};
  for (const auto& [source, name] : checks) {
    const imaging::Image written = imaging::readImage(QDir(out).filePath(name).toStdString());
    const imaging::Image single = imaging::mapOutputRange(hostSamples(*source, settings.spec), settings.range);
    QVERIFY2(maxDifference(written.data, single.data) <= 1.0, qPrintable(name));
  }
  // The window's own image and result were not touched by the batch.
  QCOMPARE(workspace_->currentImage(), shownBefore);
  dialog->close();
}

void ImageOutputTest::anUndoneActionsMessageGoes() {
  QSignalSpy shown(workspace_, &ImageWorkspace::imageChanged);
  workspace_->openSample();
  QVERIFY(shown.wait(kWait));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  QSignalSpy added(workspace_, &ImageWorkspace::notchesAdded);
  workspace_->requestAutoNotch();
  QVERIFY(added.wait(kWait));
  QVERIFY(added.first().first().toInt() > 0);
  QVERIFY2(workspace_->lastMessage().contains(QStringLiteral("undo removes")), qPrintable(workspace_->lastMessage()));
  workspace_->undoStack()->undo();
  QCOMPARE(workspace_->lastMessage(), QString());
  // Redo brings the notches back, not the message; a later undo leaves other messages alone.
  workspace_->undoStack()->redo();
  workspace_->showMessage(QStringLiteral("an unrelated problem"));
  workspace_->undoStack()->undo();
  QCOMPARE(workspace_->lastMessage(), QStringLiteral("an unrelated problem"));
}

void ImageOutputTest::aRefusalGoesWhenTheNextOpenBegins() {
  const QString bad = testing::writeTruncatedPng(folder_.path());
  QSignalSpy failed(workspace_, &ImageWorkspace::openFailed);
  window_->openFile(bad);
  QVERIFY(failed.wait(kWait));
  QVERIFY(!workspace_->lastMessage().isEmpty());
  const QString good = folder_.filePath(QStringLiteral("next.png"));
  imaging::writeImage(imaging::makeSampleImage().clean, good.toStdString());
  QSignalSpy shown(workspace_, &ImageWorkspace::imageChanged);
  window_->openFile(good);
  QCOMPARE(workspace_->lastMessage(), QString());  // at once: it was about another file
  QVERIFY(shown.wait(kWait));
  QCOMPARE(workspace_->lastMessage(), QString());
}

void ImageOutputTest::openingGoesWhenTheOpenIsCancelled() {
  // The engine is held busy so that the cancel surely comes before the open runs.
  std::atomic<bool> release{false};
  window_->engine()->post(QStringLiteral("test"), 0, [&release](EngineRuntime&) {
    while (!release.load()) QThread::msleep(5);
  });
  const QString path = folder_.filePath(QStringLiteral("next.png"));
  window_->openFile(path);
  QVERIFY(window_->statusBar()->currentMessage().startsWith(QStringLiteral("Opening")));
  QSignalSpy cancelled(workspace_, &ImageWorkspace::openCancelled);
  workspace_->cancelOpening();
  release.store(true);
  QVERIFY(cancelled.wait(kWait));
  QCOMPARE(window_->statusBar()->currentMessage(), QString());
  QVERIFY(workspace_->lastMessage().contains(QStringLiteral("cancelled")));
}

void ImageOutputTest::theReadoutClearsWhenANewImageOpens() {
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->lastSpectrum(), kWait);
  emit workspace_->spectrumView()->hovered(20, 30);
  QVERIFY2(workspace_->readoutText().startsWith(QStringLiteral("fx")), qPrintable(workspace_->readoutText()));
  QSignalSpy shown(workspace_, &ImageWorkspace::imageChanged);
  workspace_->openSample();
  QVERIFY(shown.wait(kWait));
  QVERIFY2(!workspace_->readoutText().contains(QStringLiteral("fx ")), qPrintable(workspace_->readoutText()));
}

void ImageOutputTest::savedSpectraHaveNoMaskTintUnlessAsked() {
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  base.cutoff = 0.1;
  workspace_->filterPanel()->editBaseFilter(base);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent() && workspace_->lastSpectrum(), kWait);
  workspace_->overlayAction()->setChecked(true);  // the tint is on screen
  QSignalSpy saved(window_->imageWorkspace()->fileActions(), &ImageFileActions::saved);
  const QString plain = folder_.filePath(QStringLiteral("spectrum.png")), tinted = folder_.filePath(QStringLiteral("tinted.png"));
  QVERIFY(window_->imageWorkspace()->fileActions()->saveSpectrumImage(plain));
  QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, kWait);
  QVERIFY(window_->imageWorkspace()->fileActions()->saveSpectrumImage(tinted, true));
  QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 2, kWait);
  const QImage rendered = workspace_->lastSpectrum()->view.convertToFormat(QImage::Format_RGB888);
  QCOMPARE(QImage(plain).convertToFormat(QImage::Format_RGB888), rendered);
  QVERIFY(QImage(tinted).convertToFormat(QImage::Format_RGB888) != rendered);
}

QTEST_MAIN(ImageOutputTest)
#include "ImageOutputTest.moc"
