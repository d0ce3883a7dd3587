// Several devices in the window: records carry the device that ran them, the timeline gives each
// device a row, the status bar names them, and the device choice yields a device list. The
// machine's one device is split into sub-devices (`I/2`) where it can be.
#include "GuiTestSupport.h"
#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "engine/TimingFeed.h"
#include "engine/cl/SubDevices.h"
#include "performance/KernelKinds.h"
#include "performance/LiveTimeline.h"
#include "shell/DeviceChoiceDialog.h"
#include "image/ImageSession.h"
#include "imaging/BatchFilter.h"
#include "imaging/ImageWriter.h"
#include "shell/EngineStatus.h"
#include "signal/Generators.h"
#include "signal/SignalEngine.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QtTest>

#include <QTemporaryDir>

#include <filesystem>
#include <fstream>
#include <cmath>
#include <iterator>
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

std::string bytesOf(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Apply to Files on the engine started with `selector`: the outputs written into `folder`, and the
// devices the batch's records name.
std::set<std::string> applyToFiles(const QString& selector, const std::vector<std::filesystem::path>& inputs,
                                   const std::filesystem::path& folder) {
  EngineService service(selector);
  std::set<std::string> devices;
  if (!QTest::qWaitFor([&] { return service.isReady(); }, 60000)) return devices;
  QObject::connect(service.timingFeed(), &TimingFeed::published, [&](const TimingBatch& batch) {
    for (const TimingRecord& r : *batch) devices.insert(r.device);
  });
  ImageSession session(&service);
  QSignalSpy finished(&session, &ImageSession::batchFinished);
  imaging::BatchSettings settings;
  settings.spec.base.kind = imaging::FilterKind::LowPass;
  settings.spec.base.cutoff = 0.15;
  session.runBatch(imaging::planBatch(inputs, folder, imaging::OutputRange::Clip), settings);
  QTest::qWaitFor([&] { return finished.count() == 1; }, 120000);
  QTest::qWait(50);  // the last records' batch
  return devices;
}

}  // namespace

class DevicesTest : public QObject {
  Q_OBJECT

 private slots:
  void timelineGivesEachDeviceARow();
  void engineOnTwoSubDevicesStampsEachRecord();
  void deviceChoiceGivesAList();
  void applyToFilesOnTwoDevicesMatchesOne();
  void spectrogramOnTwoSubDevicesMatchesOne();
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

// Five files (an odd number, so the devices' shares differ) filtered on two sub-devices: every
// output byte for byte as on one device, and both devices at work.
void DevicesTest::applyToFilesOnTwoDevicesMatchesOne() {
  const QString selector = halves();
  if (selector.isEmpty()) QSKIP("the device cannot be split into two sub-devices");
  QTemporaryDir dir;
  const std::filesystem::path root = dir.path().toStdString();
  std::vector<std::filesystem::path> inputs;
  for (int i = 0; i < 5; ++i) {
    inputs.push_back(root / ("in" + std::to_string(i) + ".png"));
    imaging::writeImage(testing::stripedImage(96 + 16 * i, 80, 3 + i, 5, 40.0, nullptr), inputs.back());
  }
  std::filesystem::create_directories(root / "one");
  std::filesystem::create_directories(root / "two");
  const std::set<std::string> one = applyToFiles(QString(), inputs, root / "one");
  const std::set<std::string> two = applyToFiles(selector, inputs, root / "two");
  QCOMPARE(two.size(), std::size_t(2));
  QVERIFY(two.count("0: " + cl::chooseDevice().name) == 1);
  for (const std::filesystem::path& input : inputs) {
    const std::string name = input.stem().string() + "-filtered.png";
    const std::string a = bytesOf(root / "one" / name), b = bytesOf(root / "two" / name);
    QVERIFY2(!a.empty(), name.c_str());
    QVERIFY2(a == b, name.c_str());
  }
  Q_UNUSED(one);
}

// The Signal workspace's spectrogram on two sub-devices, its chunks spread over both: the levels as
// one device's within the f32 gate (compared as amplitudes), and the backend names both.
void DevicesTest::spectrogramOnTwoSubDevicesMatchesOne() {
  const QString selector = halves();
  if (selector.isEmpty()) QSKIP("the device cannot be split into two sub-devices");
  const signal::Signal x = signal::whiteNoise({48000.0, 1.0}, 0.3, 38);
  signal::SpectrogramSettings settings;
  settings.chunkFrames = 16;  // 184 frames: twelve chunks
  const auto levels = [&](const QString& devices, QString& backend) {
    std::vector<float> db;
    EngineService service(devices);
    if (!QTest::qWaitFor([&] { return service.isReady(); }, 60000)) return db;
    std::atomic<bool> done{false};
    service.post(QStringLiteral("probe"), 1, [&](EngineRuntime& runtime) {
      SignalEngine engine;
      const SpectrogramOutcome outcome = engine.spectrogram(runtime, x, 0, settings, {});
      db = outcome.spectrogram.db;
      backend = outcome.backend;
      done = true;
    });
    if (!QTest::qWaitFor([&] { return done.load(); }, 60000)) db.clear();
    return db;
  };
  QString oneBackend, twoBackend;
  const std::vector<float> one = levels(QString(), oneBackend), two = levels(selector, twoBackend);
  QVERIFY2(twoBackend.endsWith(QStringLiteral(" and 1 more")), qPrintable(twoBackend));
  QVERIFY(!one.empty());
  QCOMPARE(two.size(), one.size());
  double num = 0.0, den = 0.0;
  for (std::size_t i = 0; i < one.size(); ++i) {
    const double a = std::pow(10.0, two[i] / 20.0), b = std::pow(10.0, one[i] / 20.0);
    num += (a - b) * (a - b);
    den += b * b;
  }
  const double gate = 4.0 * std::ldexp(1.0, -24) * std::sqrt(std::log2(double(settings.fftSize)) + 1.0);
  QVERIFY2(std::sqrt(num / den) < gate, qPrintable(QString::number(std::sqrt(num / den))));
}

QTEST_MAIN(DevicesTest)
#include "DevicesTest.moc"
