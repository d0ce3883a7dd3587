// Pictures of sessions for docs/window.md, from the real window (run it under Xvfb, through
// scripts/screenshot.sh sessions): a session saved with a filter and notches, opened in a fresh
// window (the whole screen, the status bar naming it); and the prompt a start shows after a crash,
// over the window. Not a test.
//   fftscope-session-screenshots OUTDIR
#include "image/ImageWorkspace.h"
#include "image/FilterPanel.h"
#include "shell/MainWindow.h"
#include "shell/SessionManager.h"

#include "WaitUntil.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMessageBox>
#include <QScreen>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <functional>

using namespace fftscope;
using namespace fftscope::gui;

namespace {

void settle(int ms) { waitUntil([] { return false; }, ms); }

bool saveScreen(const QString& path) {
  const QPixmap shot = QApplication::primaryScreen()->grabWindow(0);
  return shot.save(path) && (std::printf("wrote %s\n", qPrintable(path)), true);
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("FFTScope"));
  QApplication::setApplicationName(QStringLiteral("fftscope"));
  if (argc < 2) {
    std::fprintf(stderr, "usage: fftscope-session-screenshots OUTDIR\n");
    return 2;
  }
  const QDir out(QString::fromLocal8Bit(argv[1]));
  QTemporaryDir work;
  const QString session = work.filePath(QStringLiteral("stripes.fftscope"));
  StartOptions options;
  options.autosaveFolder = work.filePath(QStringLiteral("autosave"));
  {
    MainWindow window(options);
    window.show();
    ImageWorkspace* image = window.imageWorkspace();
    if (!waitUntil([&] { return image->isFilterCurrent() && image->lastSpectrum(); })) return 1;
    image->requestAutoNotch();
    if (!waitUntil([&] { return !image->lastOutcome()->spec.notches.empty() && image->isFilterCurrent(); })) return 1;
    imaging::BaseFilter base;
    base.kind = imaging::FilterKind::LowPass;
    base.shape = imaging::FilterShape::Butterworth;
    base.cutoff = 0.3;
    base.order = 4;
    image->filterPanel()->editBaseFilter(base);
    if (!window.saveSession(session).isEmpty()) return 1;
  }
  {
    MainWindow window(options);
    window.show();
    ImageWorkspace* image = window.imageWorkspace();
    if (!waitUntil([&] { return image->isFilterCurrent(); })) return 1;
    window.openSession(session);
    if (!waitUntil([&] {
          return image->isFilterCurrent() && !image->lastOutcome()->spec.notches.empty() &&
                 image->lastOutcome()->spec.base.order == 4 && image->lastSpectrum();
        }))
      return 1;
    settle(800);
    if (!saveScreen(out.filePath(QStringLiteral("session-opened.png")))) return 1;
  }
  // A crash's leftover: the session as the autosave of a process that is not running.
  const QString crashed = QDir(options.autosaveFolder).filePath(QStringLiteral("autosave-999999999.fftscope"));
  QDir().mkpath(options.autosaveFolder);
  QFile::remove(crashed);
  if (!QFile::copy(session, crashed)) return 1;
  options.crashedSession = StartOptions::CrashedSession::Offer;
  MainWindow window(options);
  window.show();
  bool shot = false;
  // The prompt is modal: look for it from a timer while it waits for an answer.
  auto* poll = new QTimer(&window);
  QObject::connect(poll, &QTimer::timeout, &window, [&] {
    auto* prompt = window.findChild<QMessageBox*>(QStringLiteral("restorePrompt"));
    if (!prompt || !prompt->isVisible() || !window.imageWorkspace()->isFilterCurrent()) return;
    poll->stop();
    QTimer::singleShot(800, prompt, [&, prompt] {
      shot = saveScreen(out.filePath(QStringLiteral("restore-prompt.png")));
      prompt->reject();
    });
  });
  poll->start(100);
  waitUntil([&] { return shot; }, 120000);
  return shot ? 0 : 1;
}
