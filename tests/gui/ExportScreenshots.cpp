// Pictures of exporting and of Preferences for docs/window.md, from the real window filling the
// screen (run it under Xvfb, through scripts/screenshot.sh export and preferences): the Export
// dialog opened for the Image workspace's spectrum, alone and over the screen, the PNG it writes
// with its caption, the dialog of the Butterfly explorer's flow graph (an animation's rows), and
// the Preferences dialog alone and over the screen. Not a test.
//   fftscope-export-screenshots OUTDIR export|preferences
#include "butterfly/ButterflyWorkspace.h"
#include "butterfly/FlowGraphView.h"
#include "export/ExportDialog.h"
#include "export/ExportTargets.h"
#include "image/ImageWorkspace.h"
#include "image/SpectrumView.h"
#include "shell/MainWindow.h"
#include "shell/PreferencesDialog.h"
#include "shell/WorkspaceWindows.h"

#include "WaitUntil.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QScreen>

#include <cstdio>

using namespace fftscope::gui;

namespace {

bool saveScreen(const QString& path) {
  waitUntil([] { return false; }, 800);
  const QPixmap shot = QApplication::primaryScreen()->grabWindow(0);
  return shot.save(path) && (std::printf("wrote %s\n", qPrintable(path)), true);
}

// The dialog alone, as the documentation shows it.
bool saveWidget(QWidget* widget, const QString& path) {
  return widget->grab().save(path) && (std::printf("wrote %s\n", qPrintable(path)), true);
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("FFTScope"));
  QApplication::setApplicationName(QStringLiteral("fftscope"));
  if (argc < 3) {
    std::fprintf(stderr, "usage: fftscope-export-screenshots OUTDIR export|preferences\n");
    return 2;
  }
  const QDir out(QString::fromLocal8Bit(argv[1]));
  const QString what = QString::fromLocal8Bit(argv[2]);
  MainWindow window;
  // The whole screen: with no window manager under Xvfb, showMaximized alone does not fill it.
  window.setGeometry(QApplication::primaryScreen()->availableGeometry());
  window.show();
  ImageWorkspace* image = window.imageWorkspace();
  if (!waitUntil([&] { return image->isFilterCurrent() && image->lastSpectrum(); })) return 1;
  image->requestAutoNotch();
  if (!waitUntil([&] { return !image->lastOutcome()->spec.notches.empty() && image->isFilterCurrent(); })) return 1;
  if (what == QLatin1String("preferences")) {
    window.findChild<QAction*>(QStringLiteral("showPreferences"))->trigger();
    auto* preferences = window.findChild<PreferencesDialog*>();
    return preferences && saveScreen(out.filePath(QStringLiteral("preferences-screen.png"))) &&
                   saveWidget(preferences, out.filePath(QStringLiteral("preferences.png")))
               ? 0
               : 1;
  }
  // As the spectrum's context menu opens it (File > Export… takes the view with the focus, which
  // a window that no window manager activated does not have).
  ExportDialog* dialog = ExportDialog::open(image->spectrumView());
  if (!saveScreen(out.filePath(QStringLiteral("export-screen.png"))) || !saveWidget(dialog, out.filePath(QStringLiteral("export-dialog.png"))))
    return 1;
  // What the dialog writes as it is set, with the caption.
  PictureOptions options{image->spectrumView()->width(), image->spectrumView()->height(), 96, true};
  const QString error = exportView(image->spectrumView(), out.filePath(QStringLiteral("export-example.png")), options);
  if (!error.isEmpty()) {
    std::fprintf(stderr, "%s\n", qPrintable(error));
    return 1;
  }
  std::printf("wrote %s\n", qPrintable(out.filePath(QStringLiteral("export-example.png"))));
  // A view that animates: its dialog offers the frames and their rate too.
  dialog->close();
  window.workspaceWindows()->bringForward(window.butterflyWorkspace());
  ExportDialog* animation = ExportDialog::open(window.butterflyWorkspace()->graphView());
  if (!saveScreen(out.filePath(QStringLiteral("export-animation-screen.png"))) ||
      !saveWidget(animation, out.filePath(QStringLiteral("export-animation-dialog.png"))))
    return 1;
  return 0;
}
