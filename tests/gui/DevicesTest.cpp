// Several devices in the window: records carry the device that ran them, the timeline gives each
// device a row, the status bar names them, and the device choice yields a device list. The
// machine's one device is split into sub-devices (`I/2`) where it can be.
#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "engine/TimingFeed.h"
#include "engine/cl/SubDevices.h"
#include "performance/KernelKinds.h"
#include "performance/LiveTimeline.h"
#include "shell/DeviceChoiceDialog.h"
#include "shell/EngineStatus.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QtTest>

#include <set>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

TimingRecord upload(const std::string& device, std::uint64_t start) {
  TimingRecord r = transferRecord(cl::Transfer{true, 1 << 20, start, start + 1000000});
  r.device = device;
  return r;
}

// "I/2" for the default device where it splits in two; else empty.
QString halves() {
  try {
    const cl::DeviceInfo d = cl::chooseDevice();
    if (d.computeUnits < 2 || d.computeUnits % 2 != 0 || cl::partitionDevice(d, 2).empty()) return {};
    return QStringLiteral("%1/2").arg(d.index);
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace

class DevicesTest : public QObject {
  Q_OBJECT

 private slots:
  void timelineGivesEachDeviceARow();
  void engineOnTwoSubDevicesStampsEachRecord();
  void deviceChoiceGivesAList();
};

void DevicesTest::timelineGivesEachDeviceARow() {
  LiveTimeline timeline;
  timeline.add(std::make_shared<const std::vector<TimingRecord>>(
      std::vector<TimingRecord>{upload("0: gpu", 1000), upload("1: gpu", 2000), upload("1: gpu", 3000000)}));
  timeline.redraw();
  QCOMPARE(timeline.rowLabels(), QStringList({"0: gpu", "1: gpu"}));
  QCOMPARE(timeline.barsShown(), 3);
  // One device in view: the rows are the kinds again.
  timeline.clear();
  timeline.add(std::make_shared<const std::vector<TimingRecord>>(std::vector<TimingRecord>{upload("gpu", 1000)}));
  timeline.redraw();
  QCOMPARE(timeline.rowLabels(), kernelKinds());
  QCOMPARE(timeline.barsShown(), 1);
}

void DevicesTest::engineOnTwoSubDevicesStampsEachRecord() {
  const QString selector = halves();
  if (selector.isEmpty()) QSKIP("the device cannot be split into two sub-devices");
  EngineService service(selector);
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), 60000);
  QVERIFY(service.info().openCl);
  QCOMPARE(service.info().devices.size(), 2);
  std::vector<TimingRecord> seen;
  connect(service.timingFeed(), &TimingFeed::published, this,
          [&](const TimingBatch& batch) { seen.insert(seen.end(), batch->begin(), batch->end()); });
  std::atomic<bool> done{false};
  service.post(QStringLiteral("probe"), 1, [&done](EngineRuntime& runtime) {
    std::vector<std::complex<float>> plane(64 * 64, {1.0f, 0.0f});
    for (std::size_t d = 0; d < runtime.devices().size(); ++d) {
      runtime.devices()[d]->forward(plane.data(), 64, 64);
      runtime.publishFrom(d, runtime.devices()[d]->takeTimings());
    }
    done = true;
  });
  QTRY_VERIFY_WITH_TIMEOUT(done.load() && !seen.empty(), 60000);
  QTRY_VERIFY_WITH_TIMEOUT(std::any_of(seen.begin(), seen.end(), [](const TimingRecord& r) { return r.device.rfind("1: ", 0) == 0; }), 10000);
  std::set<std::string> devices, transferDevices;
  for (const TimingRecord& r : seen) {
    devices.insert(r.device);
    if (r.pass.kind == PassKind::Upload || r.pass.kind == PassKind::Download) transferDevices.insert(r.device);
  }
  QCOMPARE(devices.size(), std::size_t(2));
  QCOMPARE(transferDevices.size(), std::size_t(2));  // each device's own transfers, named so
  for (const std::string& d : devices) QVERIFY(service.info().devices.contains(QString::fromStdString(d)));

  EngineStatus status;
  status.showEngine(service.info());
  QVERIFY2(status.deviceText().startsWith(QStringLiteral("2 devices")), qPrintable(status.deviceText()));
}

void DevicesTest::deviceChoiceGivesAList() {
  std::vector<cl::DeviceInfo> devices(3);
  for (int i = 0; i < 3; ++i) {
    devices[std::size_t(i)].index = i;
    devices[std::size_t(i)].name = "device";
  }
  DeviceChoiceDialog dialog(devices, QStringLiteral("1"), nullptr);
  auto* list = dialog.findChild<QListWidget*>(QStringLiteral("devices"));
  QVERIFY(list);
  QCOMPARE(list->count(), 3);
  QCOMPARE(list->item(1)->checkState(), Qt::Checked);
  QCOMPARE(dialog.selector(), QStringLiteral("1"));
  list->item(2)->setCheckState(Qt::Checked);
  QCOMPARE(dialog.selector(), QStringLiteral("1,2"));
  list->item(1)->setCheckState(Qt::Unchecked);
  list->item(2)->setCheckState(Qt::Unchecked);
  QCOMPARE(dialog.selector(), QString());  // none: the default device
}

QTEST_MAIN(DevicesTest)
#include "DevicesTest.moc"
