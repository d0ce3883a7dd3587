// Cancelling an open: the worker drops it before the new image replaces the current one, and
// the current image keeps filtering; the progress bar appears only for slow opens.
#include "EngineWorker.h"
#include "OpenProgress.h"
#include "imaging/SampleImage.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace fftscope;
using namespace fftscope::gui;

class OpenCancelTest : public QObject {
  Q_OBJECT

 private slots:
  void aCancelledOpenLeavesTheCurrentImage();
  void theProgressBarShowsOnlyForSlowOpens();
};

void OpenCancelTest::aCancelledOpenLeavesTheCurrentImage() {
  registerEngineTypes();
  auto gates = std::make_shared<RequestGates>();
  EngineWorker worker(gates, QString(), false);  // on this thread: every call runs to its end
  QSignalSpy started(&worker, &EngineWorker::started);
  QSignalSpy opened(&worker, &EngineWorker::opened);
  QSignalSpy cancelled(&worker, &EngineWorker::openCancelled);
  QSignalSpy filtered(&worker, &EngineWorker::filtered);
  worker.start();
  QCOMPARE(started.count(), 1);

  OpenRequest first;
  first.ticket = 1;
  first.image = std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy);  // 512 x 512
  first.name = QStringLiteral("sample");
  worker.open(first);
  QCOMPARE(opened.count(), 1);

  OpenRequest second;
  second.ticket = 2;
  second.image = std::make_shared<imaging::Image>(
      imaging::Image{300, 200, 1, 8, std::vector<float>(300 * 200, 100.0f), {}});
  second.name = QStringLiteral("flat");
  gates->cancelledOpen.store(2);
  worker.open(second);
  QCOMPARE(cancelled.count(), 1);
  QCOMPARE(cancelled.first().first().value<quint64>(), quint64(2));
  QCOMPARE(opened.count(), 1);

  // The first image is still the worker's: a filter for it runs, in its size.
  FilterRequest request;
  request.generation = 1;
  request.imageId = 1;
  request.spec.base = {imaging::FilterKind::LowPass, imaging::FilterShape::Gaussian, 0.1, 0.2, 2};
  worker.filter(request);
  QCOMPARE(filtered.count(), 1);
  auto outcome = filtered.first().first().value<FilterOutcomePtr>();
  QCOMPARE(outcome->imageId, quint64(1));
  QCOMPARE(outcome->filtered.width, 512);
  QCOMPARE(outcome->filtered.height, 512);

  // A request for the cancelled ticket finds no image.
  request.generation = 2;
  request.imageId = 2;
  worker.filter(request);
  QCOMPARE(filtered.count(), 1);
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
