// The application's one engine thread: jobs from several workspaces run there in order, and every
// kernel launch and transfer they make reaches the TimingFeed once, stamped with its workspace
// and request, with its start and end on the device's clock.
#include "GuiTestSupport.h"
#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "engine/TimingFeed.h"
#include "engine/reference/Accuracy.h"
#include "image/ImageSession.h"
#include "imaging/SampleImage.h"

#include <QSignalSpy>
#include <QtTest>

#include <map>

using namespace fftscope;
using namespace fftscope::gui;

class EngineServiceTest : public QObject {
  Q_OBJECT

 private slots:
  void twoWorkspacesPublishEveryLaunchOnOneFeed();
  void jobsRunInTheOrderPosted();
};

void EngineServiceTest::twoWorkspacesPublishEveryLaunchOnOneFeed() {
  EngineService service;
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), 60000);
  if (!service.info().openCl) QSKIP("no OpenCL device: FFTW computes and records no launches");
  std::vector<TimingRecord> seen;
  connect(service.timingFeed(), &TimingFeed::published, this,
          [&](const TimingBatch& batch) { seen.insert(seen.end(), batch->begin(), batch->end()); });

  // Workspace 1, the image session: open the sample, then filter it.
  ImageSession session(&service);
  QSignalSpy opened(&session, &ImageSession::imageOpened);
  QSignalSpy filtered(&session, &ImageSession::filtered);
  const auto sample = std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy);
  const quint64 ticket =
      session.openImage(sample, QStringLiteral("sample"), imaging::PadMode::Mirror, imaging::ChannelMode::PerChannel);

  // Workspace 2, posted at once beside it: three transforms of a plan, each its own request.
  std::size_t passesPerRun = 0;
  for (quint64 request = 1; request <= 3; ++request) {
    service.post(QStringLiteral("probe"), request, [&passesPerRun](EngineRuntime& runtime) {
      cl::DeviceContext& context = *runtime.context();
      Plan plan(context, PlanDescription::oneD(4096, 4));
      passesPerRun = plan.passes().size();
      std::vector<std::complex<float>> x = randomComplexF32(4096 * 4, 3), y(x.size());
      cl::Buffer in = context.buffer(plan.description().bytes()), out = context.buffer(plan.description().bytes());
      context.write(in.get(), x.data(), plan.description().bytes());
      std::vector<TimingRecord> timings = plan.enqueue(in.get(), out.get()).timings();
      context.read(out.get(), y.data(), plan.description().bytes());
      runtime.publish(std::move(timings));
    });
  }
  QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 120000);
  imaging::FilterSpec spec;
  spec.base = {imaging::FilterKind::LowPass, imaging::FilterShape::Gaussian, 0.1, 0.2, 2};
  session.requestFilter(ticket, spec);
  QTRY_COMPARE_WITH_TIMEOUT(filtered.count(), 1, 120000);
  QTRY_VERIFY_WITH_TIMEOUT(service.pendingJobs() == 0, 10000);
  QTest::qWait(100);  // the last batch crosses to this thread

  std::map<std::string, int> kernelsBy, uploadsBy, downloadsBy;
  std::map<std::uint64_t, int> probeKernels, probeUploads, probeDownloads;
  for (const TimingRecord& r : seen) {
    QVERIFY2(r.startNs <= r.endNs, r.pass.label().c_str());
    QCOMPARE(r.nanoseconds, r.endNs - r.startNs);
    QVERIFY(r.startNs > 0);
    QVERIFY(r.workspace == "image" || r.workspace == "probe");
    if (r.pass.kind == PassKind::Upload) {
      QVERIFY(r.pass.bytesRead > 0);
      ++uploadsBy[r.workspace];
      if (r.workspace == "probe") ++probeUploads[r.request];
    } else if (r.pass.kind == PassKind::Download) {
      QVERIFY(r.pass.bytesRead > 0);
      ++downloadsBy[r.workspace];
      if (r.workspace == "probe") ++probeDownloads[r.request];
    } else {
      ++kernelsBy[r.workspace];
      if (r.workspace == "probe") ++probeKernels[r.request];
    }
  }
  // One record per launch: each probe request published exactly its plan's passes.
  QCOMPARE(probeKernels.size(), std::size_t(3));
  for (const auto& [request, count] : probeKernels) QCOMPARE(std::size_t(count), passesPerRun);
  QVERIFY(kernelsBy["image"] > 0);
  QVERIFY(uploadsBy["image"] > 0 && downloadsBy["image"] > 0);
  // Each probe uploaded its data (and its plan's twiddle tables) and read its result once.
  for (quint64 request = 1; request <= 3; ++request) {
    QVERIFY(probeUploads[request] >= 1);
    QCOMPARE(probeDownloads[request], 1);
  }
  QCOMPARE(service.timingFeed()->recordsSeen(), std::uint64_t(seen.size()));
}

void EngineServiceTest::jobsRunInTheOrderPosted() {
  EngineService service(QString(), true);  // FFTW: the order is the service's, not the device's
  std::vector<int> order;
  QMutex lock;
  for (int i = 0; i < 50; ++i)
    service.post(QStringLiteral("probe"), quint64(i), [&order, &lock, i](EngineRuntime&) {
      QMutexLocker hold(&lock);
      order.push_back(i);
    });
  QTRY_VERIFY_WITH_TIMEOUT(service.pendingJobs() == 0, 10000);
  QTest::qWait(50);
  QMutexLocker hold(&lock);
  QCOMPARE(order.size(), std::size_t(50));
  for (int i = 0; i < 50; ++i) QCOMPARE(order[i], i);
}

QTEST_MAIN(EngineServiceTest)
#include "EngineServiceTest.moc"
