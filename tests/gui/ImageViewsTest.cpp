// The Image workspace's views, offscreen: a slow result says it is being computed while the
// caption keeps naming the filter of the picture shown; the views fill their panes at common
// window sizes and every control stays reachable on a small screen.
#include "engine/EngineService.h"
#include "GuiTestSupport.h"
#include "image/ComputeIndicator.h"
#include "image/DisplayPanel.h"
#include "image/FilterPanel.h"
#include "image/ImageSession.h"
#include "image/ImageWorkspace.h"
#include "image/SpectrumView.h"
#include "image/ViewGrid.h"
#include "image/ZoomableView.h"
#include "imaging/SampleImage.h"
#include "shell/Settings.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QGraphicsPixmapItem>
#include <QScrollArea>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>

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
  QVERIFY2(busy->text().contains(QStringLiteral("Computing Butterworth 3 low-pass 0.070")), qPrintable(busy->text()));
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

QTEST_MAIN(ImageViewsTest)
#include "ImageViewsTest.moc"
