// fftscope: the window, or a headless command (filter, spectrum) when the first argument names one.
#include "shell/DisplayCheck.h"
#include "bench/PeerCaseCommand.h"
#include "headless/FilterOptionParsing.h"
#include "headless/HeadlessCommands.h"
#include "headless/SignalCommands.h"
#include "shell/MainWindow.h"
#include "shell/TerminationSignal.h"
#include "settings/ProcessSettings.h"
#include "shell/Settings.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstring>
#include <iterator>
#include <stdexcept>
#include <utility>
#include <iostream>

namespace {

void printUsage() {
  std::cout << "Usage: fftscope [IMAGE] [--lowpass|--highpass|--bandpass|--bandstop TYPE --cutoff F[,F2]]\n"
               "                [--order N] [--auto-notch] [--colour-map MAP] [--device SEL] [--fftw]\n"
               "                [--screenshot FILE.png] [--workspace image|signal|live|performance|butterfly] [--signal FILE]\n"
               "                [--live-video FILE]\n"
               "                [--session FILE.fftscope] [--restore|--no-restore]\n"
               "       fftscope filter|spectrum ...\n\n"
               "Opens the FFTScope window on IMAGE, or on the sample image (a scene with periodic stripe noise).\n"
               "  --device SEL       OpenCL device by index or name (see fftscope-cli devices)\n"
               "  --fftw             compute with FFTW on the host instead of the OpenCL engine\n"
               "  --lowpass TYPE ... start with this filter (as for fftscope filter)\n"
               "  --auto-notch       run auto notch on the first image\n"
               "  --colour-map MAP   grey, viridis, magma or inferno for the spectrum\n"
               "  --screenshot FILE  save the window as a PNG once the first result is shown, then quit\n"
               "  --workspace NAME   show this workspace first: image, signal, performance or butterfly;\n"
               "                     live: the Signal workspace analysing the audio input\n"
               "  --signal FILE      open FILE (audio, CSV, .npy, raw) in the Signal workspace\n"
               "  --live-video FILE  play the video FILE as the Image workspace's live source\n"
               "  --session FILE     open a saved session (also FILE.fftscope in place of IMAGE)\n"
               "  --restore          restore the session a crash left without asking\n"
               "  --no-restore       start without offering it\n\n";
  fftscope::gui::printHeadlessUsage(std::cout);
  fftscope::gui::printSignalUsage(std::cout);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace fftscope::gui;
  // The environment's settings, once, before the engine's thread starts.
  fftscope::installSettingsFromEnvironment("fftscope");
  // The hidden command a sweep runs each peer case in, before anything of Qt starts.
  if (argc > 1 && std::string_view(argv[1]) == fftscope::bench::kPeerCaseCommand)
    return fftscope::bench::runPeerCaseCommand(argc, argv);
  if (isSignalCommand(argc, argv)) return runSignalCommand(argc, argv, std::cout, std::cerr);
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
  {
    // Preferences' engine settings where the environment sets none, before the engine starts.
    fftscope::Settings engine = fftscope::processSettings();
    Settings().applyEngineSettings(engine);
    for (std::size_t i = fftscope::processSettings().warnings().size(); i < engine.warnings().size(); ++i)
      std::cerr << "fftscope: " << engine.warnings()[i] << "\n";
    fftscope::installSettings(std::move(engine));
  }

  QCommandLineParser parser;
  parser.addPositionalArgument(QStringLiteral("image"), QStringLiteral("An image to open"));
  QCommandLineOption device(QStringLiteral("device"), QStringLiteral("OpenCL device"), QStringLiteral("SEL"));
  QCommandLineOption fftw(QStringLiteral("fftw"), QStringLiteral("Compute with FFTW"));
  QCommandLineOption autoNotch(QStringLiteral("auto-notch"), QStringLiteral("Auto notch the first image"));
  QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Save the window and quit"),
                                QStringLiteral("FILE"));
  QCommandLineOption cutoff(QStringLiteral("cutoff"), QStringLiteral("Cutoff(s)"), QStringLiteral("F"));
  QCommandLineOption order(QStringLiteral("order"), QStringLiteral("Butterworth order"), QStringLiteral("N"), "2");
  QCommandLineOption colourMap(QStringLiteral("colour-map"), QStringLiteral("Spectrum colour map"),
                               QStringLiteral("MAP"));
  const std::pair<const char*, fftscope::imaging::FilterKind> kinds[] = {
      {"lowpass", fftscope::imaging::FilterKind::LowPass},
      {"highpass", fftscope::imaging::FilterKind::HighPass},
      {"bandpass", fftscope::imaging::FilterKind::BandPass},
      {"bandstop", fftscope::imaging::FilterKind::BandStop}};
  QList<QCommandLineOption> kindOptions;
  for (const auto& [name, kind] : kinds)
    kindOptions << QCommandLineOption(QString::fromLatin1(name), QStringLiteral("Start with this filter"),
                                      QStringLiteral("TYPE"));
  QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("Workspace to show: image, signal, live, performance, butterfly"),
                               QStringLiteral("NAME"));
  QCommandLineOption signalFile(QStringLiteral("signal"), QStringLiteral("A signal to open in the Signal workspace"),
                                QStringLiteral("FILE"));
  QCommandLineOption liveVideo(QStringLiteral("live-video"), QStringLiteral("A video file as the live source"),
                               QStringLiteral("FILE"));
  QCommandLineOption session(QStringLiteral("session"), QStringLiteral("A session to open"), QStringLiteral("FILE"));
  QCommandLineOption restore(QStringLiteral("restore"), QStringLiteral("Restore a crashed session without asking"));
  QCommandLineOption noRestore(QStringLiteral("no-restore"), QStringLiteral("Do not offer a crashed session"));
  parser.addOptions({device, fftw, autoNotch, screenshot, cutoff, order, colourMap, workspace, signalFile, session, restore,
                     noRestore, liveVideo});
  parser.addOptions(kindOptions);
  parser.process(app);

  StartOptions options;
  options.files = parser.positionalArguments();
  options.device = parser.value(device);
  options.useFftw = parser.isSet(fftw);
  options.autoNotch = parser.isSet(autoNotch);
  options.screenshot = parser.value(screenshot);
  options.workspace = parser.value(workspace);
  options.signalFile = parser.value(signalFile);
  options.liveVideo = parser.value(liveVideo);
  options.session = parser.value(session);
  // A session given in place of an image, as a file manager opens one.
  if (!options.files.isEmpty() && options.files.first().endsWith(QStringLiteral(".fftscope"), Qt::CaseInsensitive))
    options.session = options.files.takeFirst();
  // Scripted runs (a screenshot) are not interrupted by the prompt.
  using Crashed = StartOptions::CrashedSession;
  options.crashedSession = parser.isSet(restore)      ? Crashed::Restore
                           : parser.isSet(noRestore) || !options.screenshot.isEmpty() ? Crashed::Ignore
                                                                                      : Crashed::Offer;
  try {
    for (std::size_t i = 0; i < std::size(kinds); ++i)
      if (parser.isSet(kindOptions[int(i)])) {
        const int n = parseOrder(parser.value(order).toStdString());
        options.baseFilter = parseBaseFilter(kinds[i].second, parser.value(kindOptions[int(i)]).toStdString(),
                                             parser.value(cutoff).toStdString(), n);
      }
    if (parser.isSet(colourMap)) options.colourMap = parseColourMap(parser.value(colourMap).toStdString());
  } catch (const std::invalid_argument& error) {
    std::cerr << "fftscope: " << error.what() << "\n";
    return 2;
  }
  MainWindow window(options);
  window.show();
  closeWindowsOnTerminationSignals();
  return app.exec();
}
