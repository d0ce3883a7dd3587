// fftscope: the window, or a headless command (filter, spectrum) when the first argument names one.
#include "DisplayCheck.h"
#include "HeadlessCommands.h"
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstring>
#include <iostream>

namespace {

void printUsage() {
  std::cout << "Usage: fftscope [IMAGE] [--device SEL] [--fftw] [--auto-notch] [--screenshot FILE.png]\n"
               "       fftscope filter|spectrum ...\n\n"
               "Opens the FFTScope window on IMAGE, or on the sample image (a scene with periodic stripe noise).\n"
               "  --device SEL       OpenCL device by index or name (see fftscope-cli devices)\n"
               "  --fftw             compute with FFTW on the host instead of the OpenCL engine\n"
               "  --auto-notch       run auto notch on the first image\n"
               "  --screenshot FILE  save the window as a PNG once the first result is shown, then quit\n\n";
  fftscope::gui::printHeadlessUsage(std::cout);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace fftscope::gui;
  if (argc > 1 && isHeadlessCommand(argv[1])) return runHeadlessCommand(argc, argv, std::cout, std::cerr);
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      printUsage();
      return 0;
    }
    if (!std::strcmp(argv[i], "--version")) {
      std::cout << "fftscope " << FFTSCOPE_VERSION << "\n";
      return 0;
    }
  }
  if (auto message = missingDisplayMessage(argc, argv)) {
    std::cerr << *message;
    return 2;
  }

  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("FFTScope"));
  QApplication::setApplicationName(QStringLiteral("fftscope"));
  QApplication::setApplicationDisplayName(QStringLiteral("FFTScope"));
  QApplication::setApplicationVersion(QStringLiteral(FFTSCOPE_VERSION));
  QApplication::setDesktopFileName(QStringLiteral("fftscope"));

  QCommandLineParser parser;
  parser.addPositionalArgument(QStringLiteral("image"), QStringLiteral("An image to open"));
  QCommandLineOption device(QStringLiteral("device"), QStringLiteral("OpenCL device"), QStringLiteral("SEL"));
  QCommandLineOption fftw(QStringLiteral("fftw"), QStringLiteral("Compute with FFTW"));
  QCommandLineOption autoNotch(QStringLiteral("auto-notch"), QStringLiteral("Auto notch the first image"));
  QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Save the window and quit"),
                                QStringLiteral("FILE"));
  parser.addOptions({device, fftw, autoNotch, screenshot});
  parser.process(app);

  StartOptions options;
  options.files = parser.positionalArguments();
  options.device = parser.value(device);
  options.useFftw = parser.isSet(fftw);
  options.autoNotch = parser.isSet(autoNotch);
  options.screenshot = parser.value(screenshot);
  MainWindow window(options);
  window.show();
  return app.exec();
}
