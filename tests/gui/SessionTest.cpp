// Sessions, offscreen: a session saved in one window and opened in a fresh one gives every
// workspace's results again, bit for bit (hashes of the filtered image, the spectrum picture, the
// signal's filtered samples and spectrum CSV, the sweep results' CSV, the butterfly's values);
// inputs are kept with their SHA-256; one that moved or changed is named and the rest opens;
// truncated, oversized, deeply nested and future-version files are refused with a message and
// change nothing.
#include "GuiTestSupport.h"
#include "butterfly/ButterflyWorkspace.h"
#include "engine/EngineService.h"
#include "image/FilterPanel.h"
#include "image/ImageWorkspace.h"
#include "image/MaskEditor.h"
#include "image/OutputRangeBox.h"
#include "image/ZoomableView.h"
#include "imaging/ImageWriter.h"
#include "performance/PerformanceWorkspace.h"
#include "performance/SweepPanel.h"
#include "session/SessionFile.h"
#include "shell/MainWindow.h"
#include "shell/SessionManager.h"
#include "signal/AnalysisPanel.h"
#include "signal/AudioWriter.h"
#include "signal/Generators.h"
#include "signal/SignalDocument.h"
#include "signal/SignalWorkspace.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

constexpr int kWait = 120000;

template <typename T>
QByteArray hashOf(const std::vector<T>& values) {
  return QCryptographicHash::hash(QByteArrayView(reinterpret_cast<const char*>(values.data()), qsizetype(values.size() * sizeof(T))),
                                  QCryptographicHash::Sha256).toHex();
}
QByteArray hashOf(const QImage& image) {
  return QCryptographicHash::hash(QByteArrayView(image.constBits(), image.sizeInBytes()), QCryptographicHash::Sha256).toHex();
}
QByteArray hashOfFile(const QString& path) { return SessionInputs::hashOf(path).toLatin1(); }

StartOptions quietStart(const QString& autosave) {
  StartOptions options;
  options.autosaveFolder = autosave;
  return options;
}

}  // namespace

class SessionTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    testing::isolateSettings();
    QVERIFY(folder_.isValid());
    imaging::Image clean;
    imagePath_ = folder_.filePath(QStringLiteral("striped.png"));
    imaging::writeImage(testing::stripedImage(256, 128, 20, 6, 40.0, &clean), imagePath_.toStdString());
    signalPath_ = folder_.filePath(QStringLiteral("tones.wav"));
    const signal::Signal tones = signal::sumOfSines({48000.0, 1.0}, {{1000.0, 0.5, 0.0}, {7000.0, 0.25, 0.0}});
    signal::writeAudio(tones, signalPath_.toStdString(), signal::SignalFormat{signal::Container::Wav, signal::Encoding::Pcm16, false});
  }

  // Each function starts from the default settings, whatever an earlier one saved.
  void init() { testing::forgetSettings(); }

  void everyWorkspaceReopensExactly() {
    const QString sessionPath = folder_.filePath(QStringLiteral("all.fftscope"));
    QByteArray filtered, spectrum, samples, csv, sweeps, values;
    ViewState view;
    imaging::FilterSpec spec;
    {
      MainWindow window(quietStart(folder_.filePath(QStringLiteral("autosave-a"))));
      setUp(window);
      spec = window.imageWorkspace()->maskEditor()->spec();
      filtered = hashOf(window.imageWorkspace()->lastOutcome()->filtered.data);
      spectrum = hashOf(window.imageWorkspace()->lastSpectrum()->view);
      samples = hashOf(window.signalWorkspace()->document()->filtered()->signal->channels.front());
      csv = exportCsv(window, QStringLiteral("a.csv"));
      sweeps = saveSweeps(window, QStringLiteral("a-sweeps.csv"));
      values = hashOf(window.butterflyWorkspace()->deviceValues());
      view = window.imageWorkspace()->originalView()->viewState();
      QCOMPARE(window.saveSession(sessionPath), QString());
    }
    // The inputs are named with the hash of their content.
    const nlohmann::json saved = readSessionFile(sessionPath.toStdString()).workspaces;
    QCOMPARE(QString::fromStdString(saved["image"]["input"]["file"]["sha256"].get<std::string>()), SessionInputs::hashOf(imagePath_));
    QCOMPARE(QString::fromStdString(saved["signal"]["input"]["file"]["sha256"].get<std::string>()), SessionInputs::hashOf(signalPath_));
    MainWindow window(quietStart(folder_.filePath(QStringLiteral("autosave-b"))));
    ImageWorkspace* image = window.imageWorkspace();
    QTRY_VERIFY_WITH_TIMEOUT(image->lastOutcome() && window.engine()->isReady(), kWait);
    const SessionOutcome outcome = window.openSession(sessionPath);
    QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
    QVERIFY2(outcome.problems.isEmpty(), qPrintable(outcome.problems.join('\n')));
    QTRY_VERIFY_WITH_TIMEOUT(image->currentImage() && image->currentImage()->path == imagePath_, kWait);
    QTRY_VERIFY_WITH_TIMEOUT(image->isFilterCurrent() && image->lastOutcome()->spec.notches.size() == spec.notches.size(), kWait);
    QTRY_VERIFY_WITH_TIMEOUT(image->lastSpectrum() && hashOf(image->lastSpectrum()->view) == spectrum, kWait);
    QCOMPARE(hashOf(image->lastOutcome()->filtered.data), filtered);
    QCOMPARE(image->lastOutcome()->range, imaging::OutputRange::Stretch);
    QCOMPARE(image->selectedRegion(), QRect(10, 20, 64, 32));
    QCOMPARE(view.zoom, 2.5);
    QCOMPARE(image->filteredView()->viewState().zoom, view.zoom);
    // (The centre is held inside the picture for the view's size, which the session does not set.)

    SignalWorkspace* signalSpace = window.signalWorkspace();
    QTRY_VERIFY_WITH_TIMEOUT(signalSpace->document()->current() && signalSpace->isAnalysisCurrent() &&
                                 signalSpace->document()->filtered(), kWait);
    QCOMPARE(hashOf(signalSpace->document()->filtered()->signal->channels.front()), samples);
    QCOMPARE(signalSpace->document()->selection().first, std::size_t(4800));
    QCOMPARE(exportCsv(window, QStringLiteral("b.csv")), csv);
    QCOMPARE(saveSweeps(window, QStringLiteral("b-sweeps.csv")), sweeps);

    ButterflyWorkspace* butterfly = window.butterflyWorkspace();
    QTRY_COMPARE_WITH_TIMEOUT(butterfly->position(), std::size_t(2), kWait);
    QCOMPARE(hashOf(butterfly->deviceValues()), values);
  }

  void aMovedInputIsNamedAndTheRestOpens() {
    const QString copy = folder_.filePath(QStringLiteral("moving.png"));
    QVERIFY(QFile::copy(imagePath_, copy));
    const QString sessionPath = folder_.filePath(QStringLiteral("moved.fftscope"));
    {
      MainWindow window(quietStart(folder_.filePath(QStringLiteral("autosave-c"))));
      window.openFile(copy);
      QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->currentImage() && window.imageWorkspace()->currentImage()->path == copy, kWait);
      imaging::BaseFilter base;
      base.kind = imaging::FilterKind::LowPass;
      base.cutoff = 0.07;
      window.imageWorkspace()->filterPanel()->editBaseFilter(base);
      QCOMPARE(window.saveSession(sessionPath), QString());
    }
    QVERIFY(QFile::rename(copy, folder_.filePath(QStringLiteral("moved-away.png"))));
    MainWindow window(quietStart(folder_.filePath(QStringLiteral("autosave-d"))));
    QString asked;
    window.sessions()->setLocator([&asked](const QString& path, const QString&) {
      asked = path;
      return QString();  // cancelled: left out
    });
    QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->lastOutcome(), kWait);
    const SessionOutcome outcome = window.openSession(sessionPath);
    QVERIFY(outcome.error.isEmpty());
    QCOMPARE(asked, copy);
    QCOMPARE(outcome.problems.size(), 1);
    QVERIFY2(outcome.problems.front().contains(copy), qPrintable(outcome.problems.front()));
    // The rest of the session: its filter, on the image the window has.
    QCOMPARE(window.imageWorkspace()->maskEditor()->spec().base.cutoff, 0.07);
  }

  void aChangedInputIsNamed() {
    const QString changing = folder_.filePath(QStringLiteral("changing.png"));
    QVERIFY(QFile::copy(imagePath_, changing));
    const QString sessionPath = folder_.filePath(QStringLiteral("changed.fftscope"));
    {
      MainWindow window(quietStart(folder_.filePath(QStringLiteral("autosave-f"))));
      window.openFile(changing);
      QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->currentImage() && window.imageWorkspace()->currentImage()->path == changing, kWait);
      QCOMPARE(window.saveSession(sessionPath), QString());
    }
    imaging::Image clean;
    QVERIFY(QFile::remove(changing));
    imaging::writeImage(testing::stripedImage(256, 128, 9, 3, 40.0, &clean), changing.toStdString());
    MainWindow window(quietStart(folder_.filePath(QStringLiteral("autosave-g"))));
    QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->lastOutcome(), kWait);
    window.sessions()->setLocator([](const QString&, const QString&) { return QString(); });
    const SessionOutcome outcome = window.openSession(sessionPath);
    QVERIFY(outcome.error.isEmpty());
    QCOMPARE(outcome.problems.size(), 1);
    QVERIFY2(outcome.problems.front().contains(QStringLiteral("changed")), qPrintable(outcome.problems.front()));
  }

  void badFilesAreRefusedAndChangeNothing_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QByteArray valid = QByteArray::fromStdString(sessionText(SessionDocument{}));
    QTest::newRow("truncated") << valid.left(valid.size() / 2) << QStringLiteral("not valid JSON");
    QTest::newRow("oversized") << QByteArray(int(kMostSessionBytes) + 1, ' ') << QStringLiteral("larger than");
    QTest::newRow("deeply nested") << QByteArray(200, '[') + QByteArray(200, ']') << QStringLiteral("nested");
    QByteArray future = valid;
    future.replace("\"version\": 1", "\"version\": 99");
    QTest::newRow("future version") << future << QStringLiteral("newer FFTScope");
    QTest::newRow("bad section") << QByteArray("{\"format\": \"fftscope-session\", \"version\": 1, \"workspaces\": "
                                               "{\"image\": {\"input\": {\"kind\": \"sample\"}}}}")
                                 << QStringLiteral("image");
  }

  void badFilesAreRefusedAndChangeNothing() {
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    const QString path = folder_.filePath(QStringLiteral("bad.fftscope"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(content);
    file.close();
    MainWindow window(quietStart(folder_.filePath(QStringLiteral("autosave-e"))));
    QTRY_VERIFY_WITH_TIMEOUT(window.imageWorkspace()->isFilterCurrent(), kWait);
    window.imageWorkspace()->placeNotch(0.1, 0.05);
    const std::string before = sessionText(window.sessions()->capture());
    const SessionOutcome outcome = window.openSession(path);
    QVERIFY2(outcome.error.contains(message), qPrintable(outcome.error));
    QCOMPARE(sessionText(window.sessions()->capture()), before);
  }

 private:
  void setUp(MainWindow& window) {
    ImageWorkspace* image = window.imageWorkspace();
    QTRY_VERIFY_WITH_TIMEOUT(window.engine()->isReady() && image->lastOutcome(), kWait);
    window.openFile(imagePath_);
    QTRY_VERIFY_WITH_TIMEOUT(image->currentImage() && image->currentImage()->path == imagePath_, kWait);
    imaging::BaseFilter base;
    base.kind = imaging::FilterKind::HighPass;
    base.shape = imaging::FilterShape::Butterworth;
    base.cutoff = 0.031;
    base.order = 3;
    image->filterPanel()->editBaseFilter(base);
    image->placeNotch(20.0 / 256, 6.0 / 128);
    image->maskEditor()->beginStroke();
    image->maskEditor()->addStrokeDisc({0.2, -0.1, 0.02, imaging::StrokeAction::Remove});
    image->maskEditor()->endStroke();
    image->filterPanel()->outputRangeBox()->setChoice(imaging::OutputRange::Stretch);
    emit image->filterPanel()->outputRangeChanged();
    image->selectRegion(QRect(10, 20, 64, 32));
    image->originalView()->setViewState({2.5, {0.375, 0.625}});
    QTRY_VERIFY_WITH_TIMEOUT(image->isFilterCurrent() && image->lastOutcome()->spec.strokes.size() == 1 && image->lastSpectrum(), kWait);

    SignalWorkspace* signalSpace = window.signalWorkspace();
    signalSpace->openFile(signalPath_, {});
    QTRY_VERIFY_WITH_TIMEOUT(signalSpace->document()->current(), kWait);
    signalSpace->analysisPanel()->setWindow(signal::WindowKind::Kaiser, 6.5);
    signalSpace->analysisPanel()->setFftSize(2048);
    signal::SignalFilterSpec filter;
    filter.base.kind = imaging::FilterKind::LowPass;
    filter.base.cutoff = 3000.0;
    filter.notches.push_back({1000.0, 20.0, imaging::NotchEdge::Soft});
    signalSpace->document()->editFilter(filter, QStringLiteral("low-pass"));
    signalSpace->document()->setSelection({4800, 9600});
    QTRY_VERIFY_WITH_TIMEOUT(signalSpace->isAnalysisCurrent() && signalSpace->document()->filtered(), kWait);

    bench::BenchResult result;
    result.device = "device";
    result.driver = "driver";
    result.date = "2026-11-23T08:30:44Z";
    result.variant = "r4";
    result.precision = "f32";
    result.cols = 1024;
    result.points = 1024;
    result.verified = true;
    result.relL2 = 1e-7;
    result.l2Gate = 1e-6;
    result.hostMs = {0.01, 0.02, 0.03};
    result.kernelMs = {0.005, 0.006, 0.007};
    window.performanceWorkspace()->sweeps()->showResults({result});

    ButterflyWorkspace* butterfly = window.butterflyWorkspace();
    butterfly->setSize(16);
    butterfly->setVariant(Variant::R2);
    QTRY_VERIFY_WITH_TIMEOUT(butterfly->isPrepared(), kWait);
    butterfly->nextPass();
    QTRY_COMPARE_WITH_TIMEOUT(butterfly->position(), std::size_t(1), kWait);
    butterfly->nextPass();
    QTRY_COMPARE_WITH_TIMEOUT(butterfly->position(), std::size_t(2), kWait);
  }

  QByteArray exportCsv(MainWindow& window, const QString& name) {
    const QString path = folder_.filePath(name);
    const QString error = window.signalWorkspace()->exportSpectrumCsv(path);
    if (!error.isEmpty()) qWarning("%s", qPrintable(error));
    return hashOfFile(path);
  }

  QByteArray saveSweeps(MainWindow& window, const QString& name) {
    const QString path = folder_.filePath(name);
    const QString error = window.performanceWorkspace()->sweeps()->saveResults(path);
    if (!error.isEmpty()) qWarning("%s", qPrintable(error));
    return hashOfFile(path);
  }

  QTemporaryDir folder_;
  QString imagePath_;
  QString signalPath_;
};

QTEST_MAIN(SessionTest)
#include "SessionTest.moc"
