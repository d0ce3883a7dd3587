// The window's chart exports are written like every other output (io/StagedFile.h): through a
// FIFO or device node instead of replacing it, and past a file size limit as a reported error
// naming the file, with the old file left whole and no temporary file beside it.
#include "widgets/PlotExport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <sys/resource.h>
#include <sys/stat.h>

#include <thread>

using namespace fftscope::gui;

class ExportWritesTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void aFifoIsWrittenThroughNotReplaced();
  void aFileSizeLimitIsAReportedErrorThatKeepsTheOldFile();

 private:
  QCustomPlot plot_;  // drawn, never changed, by each function
};

void ExportWritesTest::initTestCase() {
  plot_.addGraph()->setData({1, 2, 3}, {3, 1, 2});
  plot_.rescaleAxes();
}

void ExportWritesTest::aFifoIsWrittenThroughNotReplaced() {
  QTemporaryDir folder;
  const QString path = folder.filePath(QStringLiteral("pipe.png"));
  QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
  QByteArray received;
  std::thread reader([&] {
    QFile pipe(path);
    if (pipe.open(QIODevice::ReadOnly)) received = pipe.readAll();
  });
  const QString error = exportPlot(&plot_, path, 320, 200);
  reader.join();
  QCOMPARE(error, QString());
  QVERIFY(received.startsWith("\x89PNG"));
  struct stat status {};
  QCOMPARE(::stat(QFile::encodeName(path).constData(), &status), 0);
  QVERIFY(S_ISFIFO(status.st_mode));
}

void ExportWritesTest::aFileSizeLimitIsAReportedErrorThatKeepsTheOldFile() {
  QTemporaryDir folder;
  const QString path = folder.filePath(QStringLiteral("chart.svg"));
  QFile old(path);
  QVERIFY(old.open(QIODevice::WriteOnly));
  old.write("old");
  old.close();
  rlimit saved{};
  ::getrlimit(RLIMIT_FSIZE, &saved);
  rlimit small = saved;
  small.rlim_cur = 1000;  // far less than the chart's SVG
  QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const QString error = exportPlot(&plot_, path, 640, 400);
  ::setrlimit(RLIMIT_FSIZE, &saved);
  QVERIFY2(error.contains(path) && error.contains(QStringLiteral("File too large")), qPrintable(error));
  QVERIFY(old.open(QIODevice::ReadOnly));
  QCOMPARE(old.readAll(), QByteArray("old"));
  // Nothing but the old chart: no staged file left behind.
  QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden | QDir::System), QStringList{QStringLiteral("chart.svg")});
}

QTEST_MAIN(ExportWritesTest)
#include "ExportWritesTest.moc"
