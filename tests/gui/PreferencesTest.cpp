// Preferences: what the dialog stores reads back into a new dialog, Restore Defaults brings the
// defaults back, an engine value its table entry does not take is refused with nothing stored,
// the engine's entries reach the engine's settings unless the environment set them, and Apply
// changes the open window at once (colour map, window function, precision, autosave delay).
#include "butterfly/ButterflyWorkspace.h"
#include "image/DisplayPanel.h"
#include "image/ImageWorkspace.h"
#include "settings/Settings.h"
#include "performance/PerformanceWorkspace.h"
#include "performance/SweepForm.h"
#include "performance/SweepPanel.h"
#include "shell/MainWindow.h"
#include "shell/PreferencesDialog.h"
#include "shell/SessionManager.h"
#include "shell/Settings.h"
#include "signal/AnalysisPanel.h"
#include "signal/SignalWorkspace.h"

#include "GuiTestSupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace fftscope;

namespace {

template <typename Control>
Control* control(QWidget* dialog, const char* name) {
  auto* found = dialog->findChild<Control*>(QString::fromLatin1(name));
  if (!found) qFatal("no control %s", name);
  return found;
}

void choose(QComboBox* combo, const QVariant& data) { combo->setCurrentIndex(combo->findData(data)); }

}  // namespace

class PreferencesTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    gui::testing::isolateSettings();
    QCoreApplication::setOrganizationName(QStringLiteral("FFTScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("fftscope-preferences-tests"));
  }

  void init() { gui::testing::forgetSettings(); }  // what an earlier function's window stored

  void roundTripsAndRestoresDefaults() {
    QTemporaryDir folder;
    gui::Settings settings(folder.filePath(QStringLiteral("settings.ini")));
    {
      gui::PreferencesDialog dialog(&settings);
      control<QLineEdit>(&dialog, "device")->setText(QStringLiteral("pocl"));
      choose(control<QComboBox>(&dialog, "window"), int(signal::WindowKind::Blackman));
      choose(control<QComboBox>(&dialog, "colourMap"), int(imaging::ColourMap::Viridis));
      choose(control<QComboBox>(&dialog, "precision"), QStringLiteral("f64"));
      control<QSpinBox>(&dialog, "autosave")->setValue(30);
      control<QSpinBox>(&dialog, "exportDpi")->setValue(300);
      choose(control<QComboBox>(&dialog, "exportFormat"), QStringLiteral("svg"));
      control<QCheckBox>(&dialog, "exportCaption")->setChecked(true);
      control<QLineEdit>(&dialog, "FFTSCOPE_PROGRAM_CACHE_BYTES")->setText(QStringLiteral("1048576"));
      QCOMPARE(dialog.apply(), QString());
    }
    QCOMPARE(settings.deviceSelector(), QStringLiteral("pocl"));
    QCOMPARE(settings.defaultWindow(), int(signal::WindowKind::Blackman));
    QCOMPARE(settings.display().colourMap, imaging::ColourMap::Viridis);
    QCOMPARE(settings.defaultPrecision(), QStringLiteral("f64"));
    QCOMPARE(settings.autosaveSeconds(), 30);
    QCOMPARE(settings.exportDpi(), 300);
    QCOMPARE(settings.exportFormat(), QStringLiteral("svg"));
    QVERIFY(settings.exportCaption());
    QCOMPARE(settings.engineSetting(QStringLiteral("FFTSCOPE_PROGRAM_CACHE_BYTES")), QStringLiteral("1048576"));

    gui::PreferencesDialog reopened(&settings);  // reads back what was stored
    QCOMPARE(control<QSpinBox>(&reopened, "exportDpi")->value(), 300);
    QCOMPARE(control<QComboBox>(&reopened, "precision")->currentText(), QStringLiteral("f64"));
    QCOMPARE(control<QComboBox>(&reopened, "colourMap")->currentData().toInt(), int(imaging::ColourMap::Viridis));
    QCOMPARE(control<QLineEdit>(&reopened, "FFTSCOPE_PROGRAM_CACHE_BYTES")->text(), QStringLiteral("1048576"));
    reopened.restoreDefaults();
    QCOMPARE(reopened.apply(), QString());
    QCOMPARE(settings.deviceSelector(), QString());
    QCOMPARE(settings.defaultWindow(), int(signal::WindowKind::Hann));
    QCOMPARE(settings.display().colourMap, imaging::DisplaySettings{}.colourMap);
    QCOMPARE(settings.defaultPrecision(), QStringLiteral("f32"));
    QCOMPARE(settings.autosaveSeconds(), 2);
    QCOMPARE(settings.exportDpi(), 192);
    QCOMPARE(settings.exportFormat(), QStringLiteral("png"));
    QVERIFY(!settings.exportCaption());
    QCOMPARE(settings.engineSetting(QStringLiteral("FFTSCOPE_PROGRAM_CACHE_BYTES")), QString());
  }

  void anEngineValueItsEntryRefusesStoresNothing() {
    QTemporaryDir folder;
    gui::Settings settings(folder.filePath(QStringLiteral("settings.ini")));
    gui::PreferencesDialog dialog(&settings);
    control<QSpinBox>(&dialog, "exportDpi")->setValue(600);
    control<QLineEdit>(&dialog, "FFTSCOPE_PROGRAM_CACHE_BYTES")->setText(QStringLiteral("12 apples"));
    const QString problem = dialog.apply();
    QVERIFY2(problem.contains(QStringLiteral("FFTSCOPE_PROGRAM_CACHE_BYTES")), qPrintable(problem));
    QCOMPARE(settings.exportDpi(), 192);
    QCOMPARE(settings.engineSetting(QStringLiteral("FFTSCOPE_PROGRAM_CACHE_BYTES")), QString());
  }

  void engineEntriesReachTheEngineUnlessTheEnvironmentSetThem() {
    QTemporaryDir folder;
    gui::Settings settings(folder.filePath(QStringLiteral("settings.ini")));
    settings.setEngineSetting(QStringLiteral("FFTSCOPE_PROGRAM_CACHE_BYTES"), QStringLiteral("2097152"));
    settings.setEngineSetting(QStringLiteral("FFTSCOPE_KEEP_PROGRAMS"), QStringLiteral("all"));
    fftscope::Settings engine;
    engine.set("FFTSCOPE_KEEP_PROGRAMS", "0", SettingSource::Environment);
    settings.applyEngineSettings(engine);
    QCOMPARE(engine.number("FFTSCOPE_PROGRAM_CACHE_BYTES"), std::uint64_t(2097152));
    QCOMPARE(engine.text("FFTSCOPE_KEEP_PROGRAMS"), std::string("0"));
  }

  void applyChangesTheOpenWindow() {
    gui::MainWindow window;
    window.show();
    window.findChild<QAction*>(QStringLiteral("showPreferences"))->trigger();
    auto* dialog = window.findChild<gui::PreferencesDialog*>();
    QVERIFY(dialog);
    choose(control<QComboBox>(dialog, "colourMap"), int(imaging::ColourMap::Magma));
    choose(control<QComboBox>(dialog, "window"), int(signal::WindowKind::FlatTop));
    control<QSpinBox>(dialog, "autosave")->setValue(7);
    QVERIFY(window.performanceWorkspace()->sweeps()->form()->spec().precision == Precision::F32);
    auto* butterflyPrecision = window.butterflyWorkspace()->findChild<QComboBox*>(QStringLiteral("precision"));
    QVERIFY(butterflyPrecision);
    QCOMPARE(butterflyPrecision->currentText(), QStringLiteral("f32"));
    choose(control<QComboBox>(dialog, "precision"), QStringLiteral("f64"));
    QCOMPARE(dialog->apply(), QString());
    QVERIFY(window.performanceWorkspace()->sweeps()->form()->spec().precision == Precision::F64);
    QCOMPARE(butterflyPrecision->currentText(), QStringLiteral("f64"));
    QCOMPARE(window.imageWorkspace()->displayPanel()->settings().colourMap, imaging::ColourMap::Magma);
    QCOMPARE(window.sessions()->autosaveInterval(), 7000);
    QCOMPARE(int(window.signalWorkspace()->analysisPanel()->spectrumSettings().window.kind), int(signal::WindowKind::FlatTop));
    dialog->close();
  }
};

QTEST_MAIN(PreferencesTest)
#include "PreferencesTest.moc"
