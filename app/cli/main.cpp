// fftscope-cli: the FFTScope engine from the command line. Options are parsed by CLI11; every
// command has --help. Exit status: 0 success, 1 a check failed, 2 bad usage or input.
#include "Commands.h"
#include "PhaseTimings.h"
#include "settings/ProcessSettings.h"
#include "bench/PeerCaseCommand.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

int main(int argc, char** argv) {
  using namespace fftscope::cli;
  markMainEntered();  // for --timings
  // The environment's settings, once, before anything that might start a thread.
  fftscope::installSettingsFromEnvironment("fftscope-cli");
  CLI::App app{"fftscope-cli: the FFTScope engine from the command line.\n"
               "--device takes an index from `devices` or part of a device name; FFTSCOPE_DEVICE does the same.",
               "fftscope-cli"};
  app.require_subcommand(1, 1);
  app.footer("Run `fftscope-cli COMMAND --help` for a command's options.");
  app.set_version_flag("--version", "fftscope-cli " FFTSCOPE_VERSION);
  const Command commands[] = {addDevicesCommand(app), addFftCommand(app),   addVerifyCommand(app),
                              addPlanCommand(app),    addBenchCommand(app), addFilterBenchCommand(app),
                              addRealBenchCommand(app), addWisdomCommand(app), addTuningCommand(app),
                              addVideoBenchCommand(app), addMergeCommand(app), addImagesBenchCommand(app)};
  // The hidden command a sweep runs each peer case in (bench/PeerCaseCommand.h): not in --help.
  if (argc > 1 && std::string_view(argv[1]) == fftscope::bench::kPeerCaseCommand) {
    fftscope::bench::SweepCallbacks callbacks;
    plantErrorsFromSettings(callbacks);
    return fftscope::bench::runPeerCaseCommand(argc, argv, callbacks);
  }
  if (argc < 2) {
    std::fputs(app.help().c_str(), stderr);
    return 2;
  }
  if (std::string_view(argv[1]) == "help") {
    std::fputs(app.help().c_str(), stdout);
    return 0;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const std::string command = app.get_subcommands().empty() ? "" : " " + app.get_subcommands().front()->get_name();
    std::fprintf(stderr, "fftscope-cli%s: %s\nRun `fftscope-cli%s --help` for the options.\n", command.c_str(),
                 e.what(), command.c_str());
    return 2;
  }
  for (const Command& c : commands) {
    if (!c.app->parsed()) continue;
    try {
      return c.run();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "fftscope-cli %s: %s\n", c.app->get_name().c_str(), e.what());
      return 2;
    }
  }
  return 2;
}
