// The Image workspace's views, offscreen: a slow result says it is being computed while the
// caption keeps naming the filter of the picture shown; the views fill their panes at common
// window sizes and every control stays reachable on a small screen.
#include "engine/EngineService.h"
#include "GuiTestSupport.h"
#include "image/ColourBar.h"
#include "image/ComputeIndicator.h"
#include "image/MaskEditor.h"
#include "image/NotchTable.h"
#include "image/ProfilePlots.h"
#include "image/RegionAnalysis.h"
#include "imaging/SpectrumLayout.h"
#include "image/DisplayPanel.h"
#include "image/FilterPanel.h"
#include "image/ImageSession.h"
#include "image/ImageWorkspace.h"
#include "image/SpectrumView.h"
#include "image/ViewGrid.h"
#include "image/ZoomableView.h"
#include "imaging/SampleImage.h"
#include "shell/Settings.h"
#include "widgets/ElidingStatusBar.h"

#include <QAbstractButton>
#include <QPushButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QGraphicsPixmapItem>
#include <QScrollArea>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <numbers>

#include <memory>

using namespace fftscope;
using namespace fftscope::gui;
using namespace fftscope::gui::testing;

namespace {
constexpr int kWait = 120000;  // ms; the first run compiles kernels

// The part of the view's viewport that the picture covers at fit zoom, as fractions of the
// viewport's width and height.
QSizeF pictureShare(ZoomableView* view) {
  const QRectF scene = view->scene()->itemsBoundingRect();
  const QRect shown = view->mapFromScene(scene).boundingRect() & view->viewport()->rect();
  return {double(shown.width()) / view->viewport()->width(), double(shown.height()) / view->viewport()->height()};
}
}  // namespace

class ImageViewsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void cleanupTestCase();
  void aSlowResultShowsBusyAndKeepsTheShownCaption();
  void theViewsFillTheirPanes_data();
  void theViewsFillTheirPanes();
  void everyControlIsReachableOnASmallScreen();
  void theRadialProfileShowsTheFiltersResponse_data();
  void theRadialProfileShowsTheFiltersResponse();
  void theColourBarAndTheLineProfileReadTheSpectrum();
  void theReadoutSnapsToAPeakAtFitZoom();
  void notchesAreTypedAsNumbersAndUndo();
  void aCutoffIsTypedAsAPeriod();
  void theSpectrumOfASelectionPeaksAtItsPattern();
  void messagesNeitherShiftTheViewsNorRunOver();

 private:
  void openAndWait(std::shared_ptr<const imaging::Image> image, const QString& name);

  QTemporaryDir folder_;
  std::unique_ptr<Settings> settings_;
  std::unique_ptr<EngineService> service_;
  std::unique_ptr<ImageSession> engine_;
  std::unique_ptr<ImageWorkspace> workspace_;
};

void ImageViewsTest::initTestCase() {
  isolateSettings();
  QVERIFY(folder_.isValid());
  settings_ = std::make_unique<Settings>(folder_.filePath(QStringLiteral("settings.ini")));
  service_ = std::make_unique<EngineService>();
  engine_ = std::make_unique<ImageSession>(service_.get());
  workspace_ = std::make_unique<ImageWorkspace>(engine_.get(), settings_.get());
  workspace_->resize(1400, 800);
  workspace_->show();
  QTRY_VERIFY_WITH_TIMEOUT(engine_->isReady(), kWait);
  openAndWait(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), QStringLiteral("sample"));
}

void ImageViewsTest::cleanupTestCase() {
  workspace_.reset();
  engine_.reset();
  service_.reset();
}

void ImageViewsTest::openAndWait(std::shared_ptr<const imaging::Image> image, const QString& name) {
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::imageChanged);
  workspace_->openImage(std::move(image), name);
  QVERIFY(shown.wait(kWait));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent() && workspace_->lastSpectrum(), kWait);
}

void ImageViewsTest::aSlowResultShowsBusyAndKeepsTheShownCaption() {
  imaging::BaseFilter gaussian;
  gaussian.kind = imaging::FilterKind::LowPass;
  gaussian.shape = imaging::FilterShape::Gaussian;
  gaussian.cutoff = 0.2;
  workspace_->filterPanel()->editBaseFilter(gaussian);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  ComputeIndicator* busy = workspace_->computeIndicator();
  QTRY_VERIFY(!busy->isBusy());
  const QString shown = workspace_->filteredCaption();
  QVERIFY2(shown.contains(QStringLiteral("Gaussian low-pass 0.200")), qPrintable(shown));

  // The engine thread is held, as a slow device holds it with a large image: the next request
  // waits behind this job until the test lets it go.
  auto gate = std::make_shared<QSemaphore>(0);
  service_->post(QStringLiteral("test"), 0, [gate](EngineRuntime&) { gate->tryAcquire(1, 60000); });
  imaging::BaseFilter butterworth;
  butterworth.kind = imaging::FilterKind::LowPass;
  butterworth.shape = imaging::FilterShape::Butterworth;
  butterworth.order = 3;
  butterworth.cutoff = 0.07;
  workspace_->filterPanel()->editBaseFilter(butterworth);
  QTest::qWait(ComputeIndicator::kShowAfterMs + 1000);

  QVERIFY(!workspace_->isFilterCurrent());
  QCOMPARE(workspace_->filteredCaption(), shown);  // still the picture on screen
  QVERIFY(busy->isBusy());
  QVERIFY(busy->isVisible());
  QVERIFY2(busy->busyText().startsWith(QStringLiteral("Computing Butterworth 3 low-pass 0.070")), qPrintable(busy->busyText()));
  QVERIFY2(busy->text().contains(QStringLiteral("Computing Butterworth")), qPrintable(busy->text()));
  QVERIFY2(busy->elapsedSeconds() >= 1.0, qPrintable(busy->text()));
  QVERIFY2(busy->text().contains(QRegularExpression(QStringLiteral("[1-9]\\.\\d s$"))), qPrintable(busy->text()));

  gate->release();
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  QVERIFY(!busy->isBusy());
  QVERIFY(!busy->isVisible());
  QVERIFY2(workspace_->filteredCaption().contains(QStringLiteral("Butterworth 3 low-pass 0.070")),
           qPrintable(workspace_->filteredCaption()));
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
}

void ImageViewsTest::theViewsFillTheirPanes_data() {
  // The workspace's share of a maximised window: the menu, tab and status bars take about 80 px.
  QTest::addColumn<QSize>("window");
  QTest::addColumn<QSize>("image");
  QTest::newRow("1500x900 square") << QSize(1500, 900) << QSize(512, 512);
  QTest::newRow("1366x768 square") << QSize(1366, 768) << QSize(512, 512);
  QTest::newRow("1920x1080 wide image") << QSize(1920, 1080) << QSize(640, 360);
  QTest::newRow("1366x768 tall image") << QSize(1366, 768) << QSize(300, 600);
}

void ImageViewsTest::theViewsFillTheirPanes() {
  QFETCH(QSize, window);
  QFETCH(QSize, image);
  if (image != QSize(512, 512)) {
    imaging::Image picture = stripedImage(image.width(), image.height(), 8, 4, 20.0, nullptr);
    openAndWait(std::make_shared<imaging::Image>(picture), QStringLiteral("striped"));
  } else if (workspace_->currentImage()->image->width != 512) {
    openAndWait(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), QStringLiteral("sample"));
  }
  workspace_->resize(window.width(), window.height() - 80);
  QTest::qWait(100);
  workspace_->fitToWindow();
  QTest::qWait(50);
  for (ZoomableView* view : {workspace_->originalView(), static_cast<ZoomableView*>(workspace_->spectrumView()),
                             workspace_->filteredView()}) {
    QVERIFY(view->isVisible());
    const QSizeF share = pictureShare(view);
    QVERIFY2(std::max(share.width(), share.height()) >= 0.9,
             qPrintable(QStringLiteral("%1 x %2").arg(share.width()).arg(share.height())));
    // The image views have no band of empty view above and below their picture: the height the
    // pictures cannot use goes to the profile plots. (The spectrum's shape is the padded one.)
    // Side by side, a picture as wide as its view is (nearly) as tall as it too.
    if (view != workspace_->spectrumView() && workspace_->viewGrid()->shape().rows == 1 && share.width() >= 0.9)
      QVERIFY2(share.height() >= 0.85,
               qPrintable(QStringLiteral("%1 x %2 of %3 x %4").arg(share.width()).arg(share.height())
                              .arg(view->viewport()->width()).arg(view->viewport()->height())));
    // And the view itself is not a sliver: at least a quarter of the workspace's smaller side.
    QVERIFY(std::min(view->width(), view->height()) >= std::min(window.width(), window.height()) / 4);
  }
  // The pictures together cover most of the area the grid has (no band of empty panes).
  ViewGrid* grid = workspace_->viewGrid();
  double covered = 0;
  for (ZoomableView* view : {workspace_->originalView(), workspace_->filteredView()}) {
    const QSizeF share = pictureShare(view);
    covered += share.width() * share.height() * view->viewport()->width() * view->viewport()->height();
  }
  covered *= 1.5;  // the spectrum is a third picture of about the same size
  QVERIFY2(covered >= 0.45 * grid->width() * grid->height(),
           qPrintable(QStringLiteral("%1 of %2").arg(covered).arg(grid->width() * grid->height())));
}

void ImageViewsTest::everyControlIsReachableOnASmallScreen() {
  workspace_->resize(1366, 768 - 80);
  QTest::qWait(100);
  QScrollArea* scroll = nullptr;
  for (QWidget* w = workspace_->filterPanel(); w; w = w->parentWidget())
    if ((scroll = qobject_cast<QScrollArea*>(w))) break;
  QVERIFY(scroll);
  int checked = 0;
  for (QWidget* panel : {static_cast<QWidget*>(workspace_->filterPanel()), static_cast<QWidget*>(workspace_->displayPanel())}) {
    for (QWidget* control : panel->findChildren<QWidget*>()) {
      if (!qobject_cast<QAbstractButton*>(control) && !qobject_cast<QComboBox*>(control) &&
          !qobject_cast<QAbstractSpinBox*>(control) && !qobject_cast<QSlider*>(control))
        continue;
      if (!control->isVisibleTo(panel) || qobject_cast<QAbstractSpinBox*>(control->parentWidget())) continue;
      scroll->ensureWidgetVisible(control, 0, 0);
      QTest::qWait(1);
      const QRect inViewport(control->mapTo(scroll->viewport(), QPoint(0, 0)), control->size());
      QVERIFY2(scroll->viewport()->rect().contains(inViewport),
               qPrintable(QStringLiteral("%1 %2 at %3,%4 %5x%6 outside %7x%8")
                              .arg(control->metaObject()->className(), control->objectName())
                              .arg(inViewport.x()).arg(inViewport.y()).arg(inViewport.width()).arg(inViewport.height())
                              .arg(scroll->viewport()->width()).arg(scroll->viewport()->height())));
      QVERIFY2(control->width() >= std::min(control->minimumSizeHint().width(), 40),
               control->metaObject()->className());
      ++checked;
    }
  }
  QVERIFY(checked >= 15);
  // The cutoff slider is long enough to set a value finely: at least 180 px.
  for (QSlider* slider : workspace_->filterPanel()->findChildren<QSlider*>())
    if (slider->isVisibleTo(workspace_->filterPanel())) QVERIFY2(slider->width() >= 180, qPrintable(QString::number(slider->width())));
}

void ImageViewsTest::theRadialProfileShowsTheFiltersResponse_data() {
  QTest::addColumn<int>("kind");
  QTest::addColumn<int>("shape");
  QTest::newRow("ideal low-pass") << int(imaging::FilterKind::LowPass) << int(imaging::FilterShape::Ideal);
  QTest::newRow("Gaussian low-pass") << int(imaging::FilterKind::LowPass) << int(imaging::FilterShape::Gaussian);
  QTest::newRow("Butterworth high-pass") << int(imaging::FilterKind::HighPass) << int(imaging::FilterShape::Butterworth);
  QTest::newRow("Butterworth band-stop") << int(imaging::FilterKind::BandStop) << int(imaging::FilterShape::Butterworth);
  QTest::newRow("Gaussian band-pass") << int(imaging::FilterKind::BandPass) << int(imaging::FilterShape::Gaussian);
  QTest::newRow("ideal band-stop") << int(imaging::FilterKind::BandStop) << int(imaging::FilterShape::Ideal);
}

void ImageViewsTest::theRadialProfileShowsTheFiltersResponse() {
  QFETCH(int, kind);
  QFETCH(int, shape);
  if (workspace_->currentImage()->image->width != 512)
    openAndWait(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), QStringLiteral("sample"));
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind(kind);
  base.shape = imaging::FilterShape(shape);
  base.cutoff = 0.1;
  base.upperCutoff = 0.25;
  base.order = 3;
  workspace_->filterPanel()->editBaseFilter(base);
  // The formulas as FilterResponse.h states them, written out here.
  auto lowPass = [&](double f, double fc) {
    switch (base.shape) {
      case imaging::FilterShape::Ideal: return f <= fc ? 1.0 : 0.0;
      case imaging::FilterShape::Gaussian: return std::exp(-f * f / (2 * fc * fc));
      case imaging::FilterShape::Butterworth: return 1.0 / (1.0 + std::pow(f / fc, 2 * base.order));
    }
    return std::nan("");
  };
  // Gonzalez & Woods' band-reject, centre D0 and width W from the two edges.
  auto bandReject = [&](double d) {
    const double d0 = (base.cutoff + base.upperCutoff) / 2, w = base.upperCutoff - base.cutoff;
    switch (base.shape) {
      // D0 -+ W/2 are the edges as given.
      case imaging::FilterShape::Ideal: return base.cutoff <= d && d <= base.upperCutoff ? 0.0 : 1.0;
      case imaging::FilterShape::Gaussian: return d == 0 ? 1.0 : 1 - std::exp(-std::pow((d * d - d0 * d0) / (d * w), 2));
      case imaging::FilterShape::Butterworth: return 1.0 / (1.0 + std::pow(d * w / (d * d - d0 * d0), 2 * base.order));
    }
    return std::nan("");
  };
  auto expected = [&](double f) {
    switch (base.kind) {
      case imaging::FilterKind::LowPass: return lowPass(f, base.cutoff);
      case imaging::FilterKind::HighPass: return 1 - lowPass(f, base.cutoff);
      case imaging::FilterKind::BandPass: return 1 - bandReject(f);
      case imaging::FilterKind::BandStop: return bandReject(f);
      default: return 1.0;
    }
  };
  ProfilePlots* plots = workspace_->profilePlots();
  for (double f : {0.0, 0.05, 0.099, 0.1, 0.15, 0.175, 0.25, 0.4})
    QVERIFY2(std::abs(plots->plottedResponse(f) - expected(f)) < 1e-9,
             qPrintable(QStringLiteral("H(%1) = %2, formula %3").arg(f).arg(plots->plottedResponse(f)).arg(expected(f))));
  // H is on the second value axis, 0 .. 1, beside the level in dB.
  QCOMPARE(plots->radialPlot()->graph(1)->valueAxis(), plots->radialPlot()->yAxis2);
  // The label says what the cutoff means for this shape.
  const bool band = base.kind == imaging::FilterKind::BandPass || base.kind == imaging::FilterKind::BandStop;
  if (band) QCOMPARE(plots->cutoffLabel(), QStringLiteral("D0 = 0.175, W = 0.150"));
  else if (base.shape == imaging::FilterShape::Ideal) QVERIFY(plots->cutoffLabel().contains(QStringLiteral("edge")));
  else QVERIFY2(plots->cutoffLabel().contains(QString::number(expected(base.cutoff), 'f', 2)), qPrintable(plots->cutoffLabel()));
  // The level curve is the image's radial profile.
  const imaging::RadialProfile& profile = workspace_->currentImage()->radialProfile;
  QCOMPARE(plots->radialPlot()->graph(0)->dataCount(), int(profile.radius.size()));
  for (std::size_t i : {std::size_t(1), std::size_t(50), std::size_t(200)})
    QCOMPARE(plots->plottedLevel(profile.radius[i]), profile.meanDb[i]);
}

void ImageViewsTest::theColourBarAndTheLineProfileReadTheSpectrum() {
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->lastSpectrum(), kWait);
  const auto ticks = workspace_->colourBar()->ticks();
  QVERIFY(ticks.size() >= 3);
  for (const auto& [position, label] : ticks) {
    QVERIFY(position >= 0.0 && position <= 1.0);
    bool number = false;
    label.toDouble(&number);
    QVERIFY2(number, qPrintable(label));
  }
  QVERIFY(ticks.front().second.toDouble() < ticks.back().second.toDouble());  // dB up the bar
  // A line across the stripe's peak at (80, 48) / 512: the profile's strongest sample is there.
  SpectrumView* view = workspace_->spectrumView();
  view->setProfileLine(60.0 / 512, 48.0 / 512, 100.0 / 512, 48.0 / 512);
  QCPGraph* line = workspace_->profilePlots()->linePlot()->graph(0);
  QCOMPARE(line->dataCount(), 41);
  double best = -1e9, at = -1;
  for (auto it = line->data()->constBegin(); it != line->data()->constEnd(); ++it)
    if (it->value > best) { best = it->value; at = it->key; }
  QVERIFY2(std::abs(at - 20.0 / 512) < 1e-9, qPrintable(QString::number(at * 512)));
}

void ImageViewsTest::theReadoutSnapsToAPeakAtFitZoom() {
  workspace_->resize(1500, 820);
  QTest::qWait(100);
  workspace_->fitToWindow();
  QTest::qWait(50);
  SpectrumView* view = workspace_->spectrumView();
  QVERIFY2(view->transform().m11() < 1.0, qPrintable(QString::number(view->transform().m11())));  // bins < pixels
  auto at = [view](double x, double y) { return view->mapFromScene(QPointF(x + 0.5, y + 0.5)); };
  // Two bins off the stripe at (80, 48): the readout reads the peak and says so.
  QTest::mouseMove(view->viewport(), at(256 + 82, 256 + 47));
  QTRY_VERIFY2(workspace_->readoutText().contains(QStringLiteral("snapped to peak")), qPrintable(workspace_->readoutText()));
  QVERIFY2(workspace_->readoutText().contains(QStringLiteral("fx 0.1563, fy 0.0938")), qPrintable(workspace_->readoutText()));
  // Counter-clockwise from +x with y up: the peak lies below the axis, at -atan(48 / 80).
  QVERIFY2(workspace_->readoutText().contains(QStringLiteral("angle -31.0°")), qPrintable(workspace_->readoutText()));
  // Far from any peak, the bin under the pointer is read as it is.
  QTest::mouseMove(view->viewport(), at(256 + 150, 256 - 170));
  QTRY_VERIFY2(!workspace_->readoutText().contains(QStringLiteral("snapped")), qPrintable(workspace_->readoutText()));
  // Zoomed in so that a bin spans many pixels, nothing is snapped.
  view->setViewState(ViewState{16.0, QPointF(338.0 / 512, 303.0 / 512)});
  QTest::qWait(50);
  QTest::mouseMove(view->viewport(), at(256 + 82, 256 + 47));
  QTRY_VERIFY2(workspace_->readoutText().contains(QStringLiteral("fx 0.1602")), qPrintable(workspace_->readoutText()));
  QVERIFY(!workspace_->readoutText().contains(QStringLiteral("snapped")));
  workspace_->fitToWindow();
}

void ImageViewsTest::notchesAreTypedAsNumbersAndUndo() {
  MaskEditor* editor = workspace_->maskEditor();
  editor->clearAll();
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});
  const int before = workspace_->undoStack()->index();
  // Add, then type the frequency of the stripe at (80, 48) / 512 and a radius.
  auto* add = workspace_->filterPanel()->findChild<QPushButton*>(QStringLiteral("addNotch"));
  QVERIFY(add);
  QTest::mouseClick(add, Qt::LeftButton);
  QCOMPARE(editor->spec().notches.size(), std::size_t(1));
  NotchTable* table = workspace_->filterPanel()->notchTable();
  QCOMPARE(table->rowCount(), 1);
  table->typeValue(0, NotchTable::Fx, 80.0 / 512);
  table->typeValue(0, NotchTable::Fy, 48.0 / 512);
  table->typeValue(0, NotchTable::Radius, 0.006);
  QCOMPARE(editor->spec().notches[0].fx, 80.0 / 512);
  QCOMPARE(editor->spec().notches[0].fy, 48.0 / 512);
  QCOMPARE(editor->spec().notches[0].radius, 0.006);
  QCOMPARE(table->item(0, NotchTable::Fx)->data(Qt::EditRole).toDouble(), 80.0 / 512);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  const imaging::Mask mask = workspace_->lastOutcome()->mask();
  QVERIFY(mask.values[std::size_t(48) * 512 + 80] < 0.01f);  // the typed notch is in the mask
  QVERIFY(mask.values[std::size_t(512 - 48) * 512 + (512 - 80)] < 0.01f);
  // Undo goes back through the edits to no notch at all.
  while (workspace_->undoStack()->index() > before) workspace_->undoStack()->undo();
  QVERIFY(editor->spec().notches.empty());
  QCOMPARE(table->rowCount(), 0);
  workspace_->undoStack()->redo();
  QCOMPARE(table->rowCount(), 1);
  editor->clearAll();
}

void ImageViewsTest::aCutoffIsTypedAsAPeriod() {
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  workspace_->filterPanel()->editBaseFilter(base);
  workspace_->filterPanel()->cutoffControl()->setPeriod(20.0);  // pixels
  QCOMPARE(workspace_->maskEditor()->spec().base.cutoff, 0.05);
  QCOMPARE(workspace_->filterPanel()->cutoffControl()->value(), 0.05);
  workspace_->filterPanel()->cutoffControl()->setValue(0.125);
  QCOMPARE(workspace_->filterPanel()->cutoffControl()->findChild<QDoubleSpinBox*>(QStringLiteral("period"))->value(), 8.0);
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});
}

void ImageViewsTest::theSpectrumOfASelectionPeaksAtItsPattern() {
  // A smooth ramp with stripes at (0.125, 0.0625) cycles per pixel in one square only.
  const QRect patch(320, 64, 128, 128);
  auto image = std::make_shared<imaging::Image>();
  image->width = image->height = 512;
  image->data.resize(512 * 512);
  for (int y = 0; y < 512; ++y)
    for (int x = 0; x < 512; ++x)
      image->data[std::size_t(y) * 512 + x] = float(
          80.0 + 0.1 * x + (patch.contains(x, y) ? 40.0 * std::cos(2 * std::numbers::pi * (0.125 * x + 0.0625 * y)) : 0.0));
  openAndWait(image, QStringLiteral("patch"));
  workspace_->resize(1500, 820);
  workspace_->fitToWindow();
  QTest::qWait(50);

  // Shift-drag over the patch on the original.
  ZoomableView* original = workspace_->originalView();
  auto at = [original](double x, double y) { return original->mapFromScene(QPointF(x, y)); };
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::regionSpectrumShown);
  QTest::mousePress(original->viewport(), Qt::LeftButton, Qt::ShiftModifier, at(patch.left() + 0.2, patch.top() + 0.2));
  QTest::mouseMove(original->viewport(), at(patch.center().x(), patch.center().y()));
  QTest::mouseRelease(original->viewport(), Qt::LeftButton, Qt::ShiftModifier,
                      at(patch.right() + 0.8, patch.bottom() + 0.8));
  QVERIFY(shown.wait(kWait));
  const auto region = workspace_->regionShown();
  QVERIFY(region);
  QVERIFY2(std::abs(region->region.x - patch.x()) <= 1 && std::abs(region->region.width - patch.width()) <= 2,
           qPrintable(QStringLiteral("%1 %2").arg(region->region.x).arg(region->region.width)));
  QVERIFY2(workspace_->spectrumCaption().contains(QStringLiteral("Hann window")), qPrintable(workspace_->spectrumCaption()));
  QCOMPARE(workspace_->spectrumView()->image().size(), QSize(region->magnitudes.cols, region->magnitudes.rows));

  // Its strongest bin away from DC is the pattern's (or its twin's).
  const imaging::SpectrumMagnitudes& s = region->magnitudes;
  int bestX = 0, bestY = 0;
  float strongest = -1;
  for (int y = 0; y < s.rows; ++y)
    for (int x = 0; x < s.cols; ++x) {
      const int kx = imaging::signedBin(x, s.cols), ky = imaging::signedBin(y, s.rows);
      if (kx * kx + ky * ky <= 9) continue;
      if (s.at(x, y) > strongest) {
        strongest = s.at(x, y);
        bestX = kx;
        bestY = ky;
      }
    }
  if (bestX < 0) bestX = -bestX, bestY = -bestY;
  QVERIFY2(std::abs(double(bestX) / s.cols - 0.125) <= 1.0 / s.cols && std::abs(double(bestY) / s.rows - 0.0625) <= 1.0 / s.rows,
           qPrintable(QStringLiteral("(%1, %2) of %3 x %4").arg(bestX).arg(bestY).arg(s.cols).arg(s.rows)));
  // The readout reads the selection's spectrum.
  auto spectrumAt = [this](double x, double y) { return workspace_->spectrumView()->mapFromScene(QPointF(x + 0.5, y + 0.5)); };
  QTest::mouseMove(workspace_->spectrumView()->viewport(), spectrumAt(s.cols / 2 + 16, s.rows / 2 + 8));
  QTRY_VERIFY2(workspace_->readoutText().contains(QStringLiteral("fx 0.1250, fy 0.0625")), qPrintable(workspace_->readoutText()));

  // Clearing the selection returns to the whole image.
  workspace_->wholeImageAction()->trigger();
  QVERIFY(!workspace_->regionShown());
  QCOMPARE(workspace_->spectrumView()->image().size(), QSize(512, 512));
  QVERIFY2(workspace_->spectrumCaption().startsWith(QStringLiteral("Spectrum — 512")), qPrintable(workspace_->spectrumCaption()));
  QVERIFY(!workspace_->wholeImageAction()->isEnabled());
  QVERIFY2(workspace_->filteredCaption().startsWith(QStringLiteral("Filtered — no filter")),
           qPrintable(workspace_->filteredCaption()));  // still the picture shown, not "not yet computed"
}

void ImageViewsTest::messagesNeitherShiftTheViewsNorRunOver() {
  workspace_->resize(1366, 688);
  QTest::qWait(100);
  ZoomableView* view = workspace_->originalView();
  const QRect before(view->mapTo(workspace_.get(), QPoint(0, 0)), view->size());
  workspace_->showMessage(QStringLiteral("A message that would push the views down if it took a row of its own."));
  QTest::qWait(50);
  QVERIFY(!workspace_->lastMessage().isEmpty());
  QCOMPARE(QRect(view->mapTo(workspace_.get(), QPoint(0, 0)), view->size()), before);

  // The status bar elides a long message before its permanent widgets and gives it whole as a tooltip.
  ElidingStatusBar bar;
  auto* corner = new QLabel(QStringLiteral("device · plan · kernels 6.5 ms"));
  bar.addPermanentWidget(corner);
  bar.resize(500, 24);
  bar.show();
  QTest::qWait(20);
  const QString longMessage = QStringLiteral("Could not open /a/very/long/path/") + QString(200, QLatin1Char('x')) + QStringLiteral(".png");
  bar.showMessage(longMessage);
  QVERIFY2(bar.shownText().endsWith(QChar(0x2026)), qPrintable(bar.shownText()));
  QVERIFY(bar.fontMetrics().horizontalAdvance(bar.shownText()) <= corner->x());
  QCOMPARE(bar.toolTip(), longMessage);
  bar.showMessage(QStringLiteral("Saved"));
  QCOMPARE(bar.shownText(), QStringLiteral("Saved"));
  QVERIFY(bar.toolTip().isEmpty());
}

QTEST_MAIN(ImageViewsTest)
#include "ImageViewsTest.moc"
