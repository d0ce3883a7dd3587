// The Image workspace's views and their layout: a slow result shows busy while the caption names
// the picture shown; the views fill their panes; every control is reachable on a small screen;
// messages neither shift the views nor run over.
#include "ImageViewsTest.h"

namespace {
// The part of the view's viewport that the picture covers at fit zoom, as fractions of the
// viewport's width and height.
QSizeF pictureShare(ZoomableView* view) {
  const QRectF scene = view->scene()->itemsBoundingRect();
  const QRect shown = view->mapFromScene(scene).boundingRect() & view->viewport()->rect();
  return {double(shown.width()) / view->viewport()->width(), double(shown.height()) / view->viewport()->height()};
}
}  // namespace

void ImageViewsTest::initTestCase() {
  isolateSettings();
  QVERIFY(folder_.isValid());
  settings_ = std::make_unique<gui::Settings>(folder_.filePath(QStringLiteral("settings.ini")));
  service_ = std::make_unique<EngineService>();
}

void ImageViewsTest::init() {
  engine_ = std::make_unique<ImageSession>(service_.get());
  workspace_ = std::make_unique<ImageWorkspace>(engine_.get(), settings_.get());
  workspace_->resize(1400, 800);
  workspace_->show();
  QTRY_VERIFY_WITH_TIMEOUT(engine_->isReady(), kWait);
  openAndWait(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), QStringLiteral("sample"));
}

void ImageViewsTest::cleanup() {
  workspace_.reset();
  engine_.reset();
}

void ImageViewsTest::cleanupTestCase() { service_.reset(); }

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
