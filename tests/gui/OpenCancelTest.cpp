// Cancelling an open: the worker drops it before the new image replaces the current one, and
// the current image keeps filtering; the progress bar appears only for slow opens.
#include "GuiTestSupport.h"
#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "engine/TimingFeed.h"
#include "image/ImageEngine.h"
#include "image/ImageSession.h"
#include "image/ImageWorkspace.h"
#include "image/MaskEditor.h"
#include "shell/Settings.h"
#include "image/OpenProgress.h"
#include "imaging/SampleImage.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <stdexcept>

using namespace fftscope;
using namespace fftscope::gui;
using namespace fftscope::gui::testing;

class OpenCancelTest : public QObject {
  Q_OBJECT

 private slots:
  void aCancelledOpenLeavesTheCurrentImage();
  void aSupersededOpenThenAFailedOpenKeepWindowAndEngineInStep();
  void theProgressBarShowsOnlyForSlowOpens();
};

void OpenCancelTest::aCancelledOpenLeavesTheCurrentImage() {
  registerImageTypes();
  RequestChannel opens(nullptr, QStringLiteral("image")), filters(nullptr, QStringLiteral("image"));
  TimingFeed feed;
  auto stopping = std::make_shared<std::atomic<bool>>(false);
  EngineRuntime runtime(&feed, stopping);
  runtime.start({}, false);  // on this thread: every call runs to its end
  ImageEngine worker;

  OpenRequest first;
  first.ticket = 1;
  first.image = std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy);  // 512 x 512
  first.name = QStringLiteral("sample");
  QVERIFY(worker.open(runtime, first, opens.begin()).image);

  OpenRequest second;
  second.ticket = 2;
  second.image = std::make_shared<imaging::Image>(
      imaging::Image{300, 200, 1, 8, std::vector<float>(300 * 200, 100.0f), {}});
  second.name = QStringLiteral("flat");
  const RequestTicket secondTicket = opens.begin();
  opens.cancel();
  const OpenOutcome cancelled = worker.open(runtime, second, secondTicket);
  QVERIFY(cancelled.cancelled);
  QVERIFY(!cancelled.image);

  // The first image is still the worker's: a filter for it runs, in its size.
  FilterRequest request;
  request.generation = 1;
  request.imageId = 1;
  request.spec.base = {imaging::FilterKind::LowPass, imaging::FilterShape::Gaussian, 0.1, 0.2, 2};
  FilterOutcomePtr outcome = worker.filter(runtime, request, filters.begin());
  QVERIFY(outcome);
  QCOMPARE(outcome->imageId, quint64(1));
  QCOMPARE(outcome->filtered.width, 512);
  QCOMPARE(outcome->filtered.height, 512);

  // A request for the cancelled ticket finds no image, and says so.
  request.generation = 2;
  request.imageId = 2;
  bool refused = false;
  try {
    worker.filter(runtime, request, filters.begin());
  } catch (const std::runtime_error& error) {
    refused = QString::fromStdString(error.what()).contains(QStringLiteral("no longer open"));
  }
  QVERIFY(refused);
}

// Open A, then at once open B, which fails: the engine must not switch to A (the window never
// shows it), so the window and the engine both keep the current image and filtering goes on.
void OpenCancelTest::aSupersededOpenThenAFailedOpenKeepWindowAndEngineInStep() {
  isolateSettings();
  QTemporaryDir folder;
  gui::Settings settings(folder.filePath(QStringLiteral("settings.ini")));
  EngineService service;
  ImageSession session(&service);
  ImageWorkspace workspace(&session, &settings);
  workspace.resize(1000, 700);
  workspace.show();
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), 60000);
  workspace.openSample();
  QTRY_VERIFY_WITH_TIMEOUT(workspace.currentImage() && workspace.isFilterCurrent(), 120000);
  const quint64 original = workspace.currentImage()->id;

  QSignalSpy failedOpen(&workspace, &ImageWorkspace::openFailed);
  auto slow = std::make_shared<imaging::Image>(stripedImage(1024, 1024, 100, 50, 20.0, nullptr));
  workspace.openImage(slow, QStringLiteral("A"));
  workspace.openFile(folder.filePath(QStringLiteral("missing-B.png")));
  QTRY_COMPARE_WITH_TIMEOUT(failedOpen.count(), 1, 120000);
  // Let the engine finish whatever is queued; the window still shows the original image.
  QTest::qWait(200);
  QCOMPARE(workspace.currentImage()->id, original);

  // A new filter is computed for the image both agree on.
  imaging::FilterSpec spec = workspace.maskEditor()->spec();
  spec.base = {imaging::FilterKind::LowPass, imaging::FilterShape::Gaussian, 0.2, 0.3, 2};
  workspace.maskEditor()->apply(spec);
  QTRY_VERIFY_WITH_TIMEOUT(workspace.isFilterCurrent() && workspace.lastOutcome() &&
                               workspace.lastOutcome()->spec.base.cutoff == 0.2,
                           120000);
  QCOMPARE(workspace.lastOutcome()->imageId, original);
}

void OpenCancelTest::theProgressBarShowsOnlyForSlowOpens() {
  QWidget window;
  auto* progress = new OpenProgress(&window);
  window.show();
  progress->begin(QStringLiteral("quick.png"));
  progress->finish();
  QTest::qWait(400);
  QVERIFY(!progress->isVisible());

  QSignalSpy cancel(progress, &OpenProgress::cancelRequested);
  progress->begin(QStringLiteral("large.tif"));
  QTRY_VERIFY_WITH_TIMEOUT(progress->isVisible(), 2000);
  progress->setStage(QStringLiteral("transforming with FFTW"));
  QVERIFY(progress->text().contains(QStringLiteral("large.tif: transforming with FFTW")));
  auto* button = progress->findChild<QPushButton*>();
  QVERIFY(button);
  button->click();
  QCOMPARE(cancel.count(), 1);
  QVERIFY(progress->text().contains(QStringLiteral("Cancelling")));
  progress->finish();
  QVERIFY(!progress->isVisible());
}

QTEST_MAIN(OpenCancelTest)
#include "OpenCancelTest.moc"
