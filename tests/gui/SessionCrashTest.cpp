// Crash recovery with the real program: it starts, auto notches the sample (a change the autosave
// writes within seconds), and is killed with SIGKILL, so nothing of its own cleans up. The next
// start (--restore) finds the autosave of a process that is gone, restores it (the same notches,
// in its own autosave) and removes the old one. A clean exit leaves no autosave behind.
#include "session/SessionFile.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>

using namespace fftscope::gui;

namespace {

constexpr int kWaitMs = 120000;

// The autosaves under `root`, by path.
QStringList autosaves(const QString& root) {
  QStringList found;
  QDirIterator it(root, {QStringLiteral("autosave-*.fftscope")}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) found << it.next();
  return found;
}

// The image workspace's notches in a session file, or null when it cannot be read yet.
nlohmann::json notchesIn(const QString& path) {
  try {
    return readSessionFile(path.toStdString()).workspaces.at("image").at("filter").at("notches");
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace

class SessionCrashTest : public QObject {
  Q_OBJECT

 private slots:
  void aKilledRunIsRestoredAtTheNextStart() {
    QTemporaryDir home;
    QVERIFY(home.isValid());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));

    QProcess first;
    first.setProcessEnvironment(environment);
    first.start(QStringLiteral(FFTSCOPE_GUI_PROGRAM), {QStringLiteral("--auto-notch"), QStringLiteral("--no-restore")});
    QVERIFY(first.waitForStarted());
    nlohmann::json saved;
    QString firstAutosave;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < kWaitMs && (saved.is_null() || saved.empty())) {
      QTest::qWait(200);
      for (const QString& path : autosaves(home.path())) {
        saved = notchesIn(path);
        firstAutosave = path;
      }
    }
    QVERIFY2(saved.is_array() && !saved.empty(), "the first run autosaved no notches");
    ::kill(pid_t(first.processId()), SIGKILL);
    QVERIFY(first.waitForFinished());
    QVERIFY(QFile::exists(firstAutosave));

    QProcess second;
    second.setProcessEnvironment(environment);
    second.start(QStringLiteral(FFTSCOPE_GUI_PROGRAM), {QStringLiteral("--restore")});
    QVERIFY(second.waitForStarted());
    nlohmann::json restored;
    clock.restart();
    while (clock.elapsed() < kWaitMs && restored != saved) {
      QTest::qWait(200);
      for (const QString& path : autosaves(home.path()))
        if (path != firstAutosave) restored = notchesIn(path);
    }
    QCOMPARE(QString::fromStdString(restored.dump()), QString::fromStdString(saved.dump()));
    QVERIFY2(!QFile::exists(firstAutosave), "the restored autosave is still there");

    // A clean exit removes the run's autosave.
    second.terminate();  // the window closes as from the window manager
    QVERIFY(second.waitForFinished(kWaitMs));
    QTRY_COMPARE_WITH_TIMEOUT(autosaves(home.path()).size(), 0, 5000);
  }
};

QTEST_GUILESS_MAIN(SessionCrashTest)
#include "SessionCrashTest.moc"
