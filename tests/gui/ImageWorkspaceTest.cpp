// The Image workspace end to end, offscreen: the sample opens and shows its spectrum, a Gaussian
// low-pass matches FFTW and the formula, auto notch removes stripes, bad files leave the current
// image in place with a message, mask edits undo and redo, newer requests supersede older ones.
#include "engine/EngineService.h"
#include "image/ImageSession.h"
#include "image/FilterPanel.h"
#include "GuiTestSupport.h"
#include "image/ImageWorkspace.h"
#include "image/MaskEditor.h"
#include "shell/Settings.h"
#include "imaging/ImageMetrics.h"
#include "imaging/SampleImage.h"
#include "imaging/SpectrumReadout.h"

#include <QDoubleSpinBox>
#include <QTableWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace fftscope;
using namespace fftscope::gui;
using namespace fftscope::gui::testing;

Q_DECLARE_METATYPE(fftscope::imaging::Image)

namespace {
constexpr int kWait = 120000;  // ms; the first run compiles kernels
}

class ImageWorkspaceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void cleanupTestCase();
  void opensTheSampleAndComputesItsSpectrum();
  void gaussianLowPassMatchesFftwReference();
  void autoNotchRemovesStripes_data();
  void autoNotchRemovesStripes();
  void badFilesLeaveTheCurrentImage_data();
  void badFilesLeaveTheCurrentImage();
  void maskEditsUndoAndRedo();
  void newerRequestsSupersedeOlderOnes();
  void paddedColourImageKeepsSizeDepthAndChannels();
  void viewsSwitchBetweenSideBySideAndTabs();
  void theMouseReadsPlacesNotchesAndPaints();
  void aPhotoOpensAtItsOwnSize();

 private:
  void openAndWait(std::shared_ptr<const imaging::Image> image, const QString& name);

  QTemporaryDir folder_;
  std::unique_ptr<Settings> settings_;
  std::unique_ptr<EngineService> service_;
  std::unique_ptr<ImageSession> engine_;
  std::unique_ptr<ImageWorkspace> workspace_;
};

void ImageWorkspaceTest::initTestCase() {
  isolateSettings();
  QVERIFY(folder_.isValid());
  settings_ = std::make_unique<Settings>(folder_.filePath(QStringLiteral("settings.ini")));
  service_ = std::make_unique<EngineService>();
  engine_ = std::make_unique<ImageSession>(service_.get());
  workspace_ = std::make_unique<ImageWorkspace>(engine_.get(), settings_.get());
  workspace_->resize(1400, 800);
  workspace_->show();
  QTRY_VERIFY_WITH_TIMEOUT(engine_->isReady(), kWait);
  qInfo("engine: %s%s", qPrintable(engine_->info().deviceName),
        engine_->info().openCl ? "" : qPrintable(QStringLiteral(" (") + engine_->info().notice + ")"));
}

void ImageWorkspaceTest::cleanupTestCase() {
  workspace_.reset();
  engine_.reset();
  service_.reset();
}

void ImageWorkspaceTest::openAndWait(std::shared_ptr<const imaging::Image> image, const QString& name) {
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::imageChanged);
  workspace_->openImage(std::move(image), name);
  QVERIFY(shown.wait(kWait));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent() && workspace_->lastSpectrum(), kWait);
}

void ImageWorkspaceTest::opensTheSampleAndComputesItsSpectrum() {
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::imageChanged);
  workspace_->openSample();
  QVERIFY(shown.wait(kWait));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->lastSpectrum() && workspace_->lastOutcome(), kWait);

  const WorkspaceImagePtr image = workspace_->currentImage();
  QCOMPARE(image->image->width, 512);
  QCOMPARE(image->magnitudes.rows, 512);
  QCOMPARE(image->magnitudes.cols, 512);
  // The DC bin holds the sum of the samples (no padding for a power-of-two image).
  double sum = 0;
  for (float v : image->image->data) sum += v;
  QVERIFY(std::abs(image->magnitudes.at(0, 0) - sum) <= 1e-5 * sum);
  // The magnitudes kept for the readout match FFTW's spectrum at every bin.
  const auto reference = referenceSpectrum(image->image->data, 512, 512);
  double num = 0, den = 0;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    num += std::pow(image->magnitudes.at(int(i % 512), int(i / 512)) - std::abs(reference[i]), 2);
    den += std::norm(reference[i]);
  }
  QVERIFY2(std::sqrt(num / den) < 1e-5, qPrintable(QString::number(std::sqrt(num / den))));
  QCOMPARE(workspace_->lastSpectrum()->view.size(), QSize(512, 512));
  // With no filter the result is the image itself.
  QCOMPARE(maxAbsDifference(workspace_->lastOutcome()->filtered, *image->image), 0.0);
}

void ImageWorkspaceTest::gaussianLowPassMatchesFftwReference() {
  if (!workspace_->currentImage()) openAndWait(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), "sample");
  const double fc = 0.05;
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  base.shape = imaging::FilterShape::Gaussian;
  base.cutoff = fc;
  workspace_->filterPanel()->editBaseFilter(base);
  QCOMPARE(workspace_->maskEditor()->spec().base.kind, imaging::FilterKind::LowPass);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);

  const imaging::Image& source = *workspace_->currentImage()->image;
  const imaging::Image reference = referenceFiltered(source, [fc](double fx, double fy) {
    return std::exp(-(fx * fx + fy * fy) / (2.0 * fc * fc));
  });
  const imaging::Image& filtered = workspace_->lastOutcome()->filtered;
  QCOMPARE(filtered.width, source.width);
  QCOMPARE(filtered.bitDepth, source.bitDepth);
  const double error = relativeL2(filtered, reference);
  qInfo("Gaussian low-pass fc = %.2f: relative L2 against FFTW %.3g, max difference %.0f", fc, error,
        maxAbsDifference(filtered, reference));
  QVERIFY2(error <= 1e-4, qPrintable(QString::number(error)));
  // Rounding to integers can only flip a sample whose value sits within float error of a half.
  QVERIFY(maxAbsDifference(filtered, reference) <= 1.0);
  // And it did something: the stripes are gone, so the result is far from the input.
  QVERIFY(relativeL2(filtered, source) > 0.01);
}

void ImageWorkspaceTest::autoNotchRemovesStripes_data() {
  QTest::addColumn<imaging::Image>("noisy");
  QTest::addColumn<imaging::Image>("clean");
  QTest::addColumn<QList<QPoint>>("stripeBins");
  const imaging::SampleImage sample = imaging::makeSampleImage();
  QList<QPoint> bins;
  for (const auto& s : sample.stripes) bins << QPoint(int(std::lround(s.fx * 512)), int(std::lround(s.fy * 512)));
  QTest::newRow("sample 512 (two stripe patterns)") << sample.noisy << sample.clean << bins;
  imaging::Image clean;
  const imaging::Image noisy = stripedImage(256, 256, 40, -24, 20.0, &clean);
  QTest::newRow("diagonal stripes 256") << noisy << clean << QList<QPoint>{QPoint(40, -24)};
}

void ImageWorkspaceTest::autoNotchRemovesStripes() {
  QFETCH(imaging::Image, noisy);
  QFETCH(imaging::Image, clean);
  QFETCH(QList<QPoint>, stripeBins);
  openAndWait(std::make_shared<imaging::Image>(noisy), QStringLiteral("striped"));
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});  // all-pass: the notches alone
  QSignalSpy added(workspace_.get(), &ImageWorkspace::notchesAdded);
  workspace_->requestAutoNotch();
  QVERIFY(added.wait(kWait));
  QVERIFY2(added.first().first().toInt() >= stripeBins.size(), "a notch for every stripe pattern");
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);

  const imaging::Image& filtered = workspace_->lastOutcome()->filtered;
  for (const QPoint& bin : stripeBins) {
    const double before = energyNear(noisy, bin.x(), bin.y());
    const double after = energyNear(filtered, bin.x(), bin.y());
    const double dropDb = 10.0 * std::log10(before / after);
    qInfo("stripe at bin (%d, %d): energy down %.1f dB", bin.x(), bin.y(), dropDb);
    QVERIFY2(dropDb >= 20.0, qPrintable(QString::number(dropDb)));
  }
  const double psnrBefore = imaging::psnr(noisy, clean), psnrAfter = imaging::psnr(filtered, clean);
  qInfo("PSNR against the clean image: %.1f dB -> %.1f dB", psnrBefore, psnrAfter);
  QVERIFY2(psnrAfter - psnrBefore >= 10.0, qPrintable(QString::number(psnrAfter - psnrBefore)));

  // Undo takes the notches away again.
  workspace_->undoStack()->undo();
  QVERIFY(workspace_->maskEditor()->spec().notches.empty());
}

void ImageWorkspaceTest::badFilesLeaveTheCurrentImage_data() {
  QTest::addColumn<QString>("path");
  QTest::addColumn<QString>("expected");  // in the message
  QTest::newRow("truncated PNG") << writeTruncatedPng(folder_.path()) << "truncated";
  QTest::newRow("not an image") << writeGarbageFile(folder_.path()) << "garbage.png";
  QTest::newRow("huge declared size") << writeHugeDeclaredPgm(folder_.path()) << "huge.pgm";
  QTest::newRow("missing file") << folder_.filePath(QStringLiteral("missing.png")) << "missing.png";
}

void ImageWorkspaceTest::badFilesLeaveTheCurrentImage() {
  QFETCH(QString, path);
  QFETCH(QString, expected);
  if (!workspace_->currentImage()) openAndWait(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), "sample");
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  const WorkspaceImagePtr before = workspace_->currentImage();
  const FilterOutcomePtr outcome = workspace_->lastOutcome();
  const imaging::FilterSpec spec = workspace_->maskEditor()->spec();

  QSignalSpy failed(workspace_.get(), &ImageWorkspace::openFailed);
  workspace_->openFile(path);
  QVERIFY(failed.wait(kWait));
  const QString message = failed.first().first().toString();
  qInfo("%s", qPrintable(message));
  QVERIFY2(message.contains(expected, Qt::CaseInsensitive), qPrintable(message));
  QVERIFY(workspace_->lastMessage().contains(message));
  QCOMPARE(workspace_->currentImage(), before);
  QCOMPARE(workspace_->lastOutcome(), outcome);
  QCOMPARE(workspace_->maskEditor()->spec().notches.size(), spec.notches.size());
  // The workspace still filters the image it kept.
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::HighPass;
  base.cutoff = 0.2;
  workspace_->filterPanel()->editBaseFilter(base);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  QCOMPARE(workspace_->lastOutcome()->imageId, before->id);
}

void ImageWorkspaceTest::maskEditsUndoAndRedo() {
  MaskEditor* editor = workspace_->maskEditor();
  QUndoStack* stack = workspace_->undoStack();
  editor->clearAll();
  const int base = stack->index();
  workspace_->placeNotch(80.0 / 512, 48.0 / 512);
  QCOMPARE(editor->spec().notches.size(), std::size_t(1));
  // Selecting the notch in the list and changing the radius edits it: one undo step.
  auto* list = workspace_->filterPanel()->findChild<QTableWidget*>(QStringLiteral("notchList"));
  auto* radius = workspace_->filterPanel()->findChild<QDoubleSpinBox*>(QStringLiteral("notchRadius"));
  QVERIFY(list && radius);
  list->setCurrentCell(0, 0);
  const double placed = editor->spec().notches[0].radius;
  radius->setValue(placed + 0.004);
  radius->setValue(placed + 0.008);
  QCOMPARE(editor->spec().notches[0].radius, placed + 0.008);
  stack->undo();
  QCOMPARE(editor->spec().notches[0].radius, placed);
  stack->redo();
  stack->undo();
  editor->beginStroke();
  for (int i = 0; i < 5; ++i) editor->addStrokeDisc({0.2 + 0.01 * i, 0.1, 0.01, imaging::StrokeAction::Remove});
  editor->endStroke();
  editor->beginStroke();
  editor->addStrokeDisc({0.2, 0.1, 0.005, imaging::StrokeAction::Keep});
  editor->endStroke();
  QCOMPARE(editor->spec().strokes.size(), std::size_t(6));
  QCOMPARE(stack->index(), base + 3);  // notch, one stroke, one eraser stroke

  stack->undo();
  QCOMPARE(editor->spec().strokes.size(), std::size_t(5));
  stack->undo();
  QCOMPARE(editor->spec().strokes.size(), std::size_t(0));
  stack->undo();
  QCOMPARE(editor->spec().notches.size(), std::size_t(0));
  stack->redo();
  stack->redo();
  QCOMPARE(editor->spec().notches.size(), std::size_t(1));
  QCOMPARE(editor->spec().strokes.size(), std::size_t(5));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  // The painted discs removed what they cover: the mask is 0 at the first disc's centre.
  const imaging::Mask mask = workspace_->lastOutcome()->mask();
  const int kx = int(std::lround(0.2 * mask.cols)), ky = int(std::lround(0.1 * mask.rows));
  QCOMPARE(mask.values[std::size_t(ky) * mask.cols + kx], 0.0f);
}

void ImageWorkspaceTest::newerRequestsSupersedeOlderOnes() {
  QSignalSpy results(workspace_.get(), &ImageWorkspace::resultShown);
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  base.shape = imaging::FilterShape::Butterworth;
  base.order = 3;
  constexpr int kEdits = 40;
  for (int i = 0; i < kEdits; ++i) {
    base.cutoff = 0.02 + 0.005 * i;
    workspace_->filterPanel()->editBaseFilter(base);  // a slider being dragged
  }
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  QCOMPARE(workspace_->lastOutcome()->spec.base.cutoff, base.cutoff);
  qInfo("%d edits, %lld results shown", kEdits, qlonglong(results.count()));
  QVERIFY(results.count() < kEdits / 2);
  // One merged undo step for the whole drag, not one per position.
  workspace_->undoStack()->undo();
  QVERIFY(workspace_->maskEditor()->spec().base.cutoff != 0.02 + 0.005 * (kEdits - 2));
  workspace_->undoStack()->redo();
  QCOMPARE(workspace_->maskEditor()->spec().base.cutoff, base.cutoff);
}

void ImageWorkspaceTest::paddedColourImageKeepsSizeDepthAndChannels() {
  imaging::Image colour;
  colour.width = 300;
  colour.height = 200;
  colour.channels = 3;
  colour.bitDepth = 16;
  colour.data.resize(std::size_t(300) * 200 * 3);
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 300; ++x)
      for (int c = 0; c < 3; ++c)
        colour.data[(std::size_t(y) * 300 + x) * 3 + c] =
            float(20000 + 10000 * c + 8000 * std::sin(0.05 * x + 0.5 * c) + 3000 * std::cos(0.9 * y));
  workspace_->filterPanel()->setPreparation(imaging::PadMode::Mirror, imaging::ChannelMode::PerChannel);
  openAndWait(std::make_shared<imaging::Image>(colour), QStringLiteral("colour"));
  const WorkspaceImagePtr image = workspace_->currentImage();
  QCOMPARE(image->geometry.paddedWidth, 512);
  QCOMPARE(image->geometry.paddedHeight, 256);
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  base.cutoff = 0.1;
  workspace_->filterPanel()->editBaseFilter(base);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  const imaging::Image& filtered = workspace_->lastOutcome()->filtered;
  QCOMPARE(filtered.width, 300);
  QCOMPARE(filtered.height, 200);
  QCOMPARE(filtered.channels, 3);
  QCOMPARE(filtered.bitDepth, 16);
  // Shown in 8 bits over its display range; the data keep 16.
  QCOMPARE(workspace_->lastOutcome()->view.format(), QImage::Format_RGB888);

  // Luminance only: a re-analysis of the same image, the filter kept.
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::imageChanged);
  settings_->setChannelMode(imaging::ChannelMode::Luminance);
  workspace_->filterPanel()->setPreparation(imaging::PadMode::Zero, imaging::ChannelMode::Luminance);
  emit workspace_->filterPanel()->channelModeChanged(imaging::ChannelMode::Luminance);
  QVERIFY(shown.wait(kWait));
  QCOMPARE(workspace_->currentImage()->channelMode, imaging::ChannelMode::Luminance);
  QCOMPARE(workspace_->currentImage()->padMode, imaging::PadMode::Zero);
  QCOMPARE(workspace_->maskEditor()->spec().base.kind, imaging::FilterKind::LowPass);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  QCOMPARE(workspace_->lastOutcome()->filtered.channels, 3);
  workspace_->filterPanel()->setPreparation(imaging::PadMode::Mirror, imaging::ChannelMode::PerChannel);
}

void ImageWorkspaceTest::viewsSwitchBetweenSideBySideAndTabs() {
  workspace_->setTabbedViews(true);
  QVERIFY(workspace_->tabbedAction()->isChecked());
  QVERIFY(workspace_->spectrumView()->hasImage());
  workspace_->setTool(SpectrumTool::Brush);
  QCOMPARE(workspace_->spectrumView()->tool(), SpectrumTool::Brush);
  workspace_->setTabbedViews(false);
  QVERIFY(workspace_->originalView()->isVisible());
  QVERIFY(workspace_->filteredView()->isVisible());
  // Zoom and pan follow from one view to the others.
  workspace_->originalView()->zoomIn();
  workspace_->originalView()->zoomIn();
  const ViewState a = workspace_->originalView()->viewState(), b = workspace_->filteredView()->viewState(),
                  c = workspace_->spectrumView()->viewState();
  QVERIFY(a.zoom > 1.5);
  QCOMPARE(b.zoom, a.zoom);
  QCOMPARE(c.zoom, a.zoom);
  workspace_->fitToWindow();
  QCOMPARE(workspace_->filteredView()->viewState().zoom, 1.0);
}

void ImageWorkspaceTest::theMouseReadsPlacesNotchesAndPaints() {
  openAndWait(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), QStringLiteral("sample"));
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});
  workspace_->fitToWindow();
  SpectrumView* view = workspace_->spectrumView();
  QWidget* viewport = view->viewport();
  // The centre of displayed bin (x, y) on the screen; DC is at (256, 256) in a 512 spectrum.
  auto at = [view](double x, double y) { return view->mapFromScene(QPointF(x + 0.5, y + 0.5)); };

  // Zoomed in about the stripe's peak, so that one bin spans several screen pixels.
  QTest::qWait(100);  // layouts settle (the previous test switched the views around)
  view->setViewState(ViewState{4.0, QPointF(336.0 / 512, 304.0 / 512)});
  QTest::qWait(50);

  // The readout under the pointer: the stripe at bin (80, 48), period 512 / sqrt(80^2 + 48^2).
  QTest::mouseMove(viewport, at(256 + 80, 256 + 48));
  QTRY_VERIFY2(workspace_->readoutText().contains(QStringLiteral("fx 0.156")) &&
                   workspace_->readoutText().contains(QStringLiteral("fy 0.0938")),
               qPrintable(workspace_->readoutText()));
  QVERIFY2(workspace_->readoutText().contains(QStringLiteral("period 5.49 px")), qPrintable(workspace_->readoutText()));

  // A click near the peak, with the notch tool, notches the peak itself (and its twin).
  workspace_->setTool(SpectrumTool::Notch);
  QTest::mouseClick(viewport, Qt::LeftButton, {}, at(256 + 81, 256 + 47));
  QCOMPARE(workspace_->maskEditor()->spec().notches.size(), std::size_t(1));
  QCOMPARE(workspace_->maskEditor()->spec().notches[0].fx, 80.0 / 512);
  QCOMPARE(workspace_->maskEditor()->spec().notches[0].fy, 48.0 / 512);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  const imaging::Mask mask = workspace_->lastOutcome()->mask();
  QVERIFY(mask.values[std::size_t(48) * 512 + 80] < 0.01f);
  QVERIFY(mask.values[std::size_t(512 - 48) * 512 + (512 - 80)] < 0.01f);  // the twin

  // The brush paints a stroke (one undo step) and the eraser paints back.
  workspace_->setTool(SpectrumTool::Brush);
  QTest::mousePress(viewport, Qt::LeftButton, {}, at(330, 300));
  for (int i = 1; i <= 10; ++i) QTest::mouseMove(viewport, at(330 + i, 300));
  QTest::mouseRelease(viewport, Qt::LeftButton, {}, at(340, 300));
  const std::size_t painted = workspace_->maskEditor()->spec().strokes.size();
  QVERIFY(painted >= 2);
  workspace_->setTool(SpectrumTool::Eraser);
  QTest::mouseClick(viewport, Qt::LeftButton, {}, at(335, 300));
  QCOMPARE(workspace_->maskEditor()->spec().strokes.back().action, imaging::StrokeAction::Keep);
  workspace_->undoStack()->undo();
  QCOMPARE(workspace_->maskEditor()->spec().strokes.size(), painted);
  workspace_->undoStack()->undo();
  QVERIFY(workspace_->maskEditor()->spec().strokes.empty());
  QCOMPARE(workspace_->maskEditor()->spec().notches.size(), std::size_t(1));
  workspace_->setTool(SpectrumTool::Notch);
  workspace_->fitToWindow();
}

QTEST_MAIN(ImageWorkspaceTest)
void ImageWorkspaceTest::aPhotoOpensAtItsOwnSize() {
  // 1000 x 750 with stripes of 50 cycles across and 30 down: bin (50, 30), 0.05 and 0.04 cycles
  // per pixel, period 1 / 0.0640 = 15.62 px. At its own size (the default) the stripes fall on one
  // bin and its twin, with nothing leaking around them: padding would spread them.
  workspace_->filterPanel()->setPreparation(imaging::PadMode::None, imaging::ChannelMode::PerChannel);
  QCOMPARE(Settings(folder_.filePath(QStringLiteral("fresh.ini"))).padMode(), imaging::PadMode::None);
  imaging::Image photo;
  photo.width = 1000;
  photo.height = 750;
  photo.channels = 1;
  photo.bitDepth = 8;
  photo.data.resize(std::size_t(1000) * 750);
  for (int y = 0; y < 750; ++y)
    for (int x = 0; x < 1000; ++x)
      photo.data[std::size_t(y) * 1000 + x] = float(128 + 100 * std::cos(2 * M_PI * (50.0 * x / 1000 + 30.0 * y / 750)));
  openAndWait(std::make_shared<imaging::Image>(photo), QStringLiteral("photo"));
  const WorkspaceImagePtr image = workspace_->currentImage();
  QCOMPARE(image->geometry.paddedWidth, 1000);
  QCOMPARE(image->geometry.paddedHeight, 750);
  QCOMPARE(image->magnitudes.cols, 1000);
  QCOMPARE(image->magnitudes.rows, 750);
  QCOMPARE(workspace_->lastSpectrum()->view.size(), QSize(1000, 750));

  // The strongest bin other than DC, and the largest of all the others.
  const imaging::SpectrumMagnitudes& m = image->magnitudes;
  const auto magnitude = [&m](std::size_t i) { return double(m.at(int(i % 1000), int(i / 1000))); };
  const std::size_t bins = std::size_t(750) * 1000;
  std::size_t peak = 1;
  for (std::size_t i = 1; i < bins; ++i)
    if (magnitude(i) > magnitude(peak)) peak = i;
  const int ky = int(peak / 1000), kx = int(peak % 1000);
  double others = 0;
  for (std::size_t i = 1; i < bins; ++i) {
    const int y = int(i / 1000), x = int(i % 1000);
    const bool stripe = (x == 50 && y == 30) || (x == 950 && y == 720);
    if (!stripe) others = std::max(others, magnitude(i));
  }
  QVERIFY2((kx == 50 && ky == 30) || (kx == 950 && ky == 720), qPrintable(QStringLiteral("peak at %1, %2").arg(kx).arg(ky)));
  QVERIFY2(others < 1e-4 * magnitude(peak), qPrintable(QString::number(others / magnitude(peak))));

  // The readout at the stripe's place in the centred display (DC at (500, 375)).
  const imaging::SpectrumReadout r = imaging::readSpectrum(image->magnitudes, 500 + 50, 375 + 30);
  QCOMPARE(r.kx, 50);
  QCOMPARE(r.ky, 30);
  QVERIFY(std::abs(r.fx - 0.05) < 1e-12 && std::abs(r.fy - 0.04) < 1e-12);
  QVERIFY2(std::abs(r.periodPixels - 1 / std::hypot(0.05, 0.04)) < 1e-9, qPrintable(QString::number(r.periodPixels)));
  // An amplitude of 100 on a full-scale 8-bit image reads 20 log10(100 / 2) dB at each twin bin.
  QVERIFY2(std::abs(r.levelDb - 20 * std::log10(50.0)) < 0.01, qPrintable(QString::number(r.levelDb)));
  workspace_->filterPanel()->setPreparation(imaging::PadMode::Mirror, imaging::ChannelMode::PerChannel);
}

#include "ImageWorkspaceTest.moc"
