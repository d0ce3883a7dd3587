// fftscope-cli's commands. Each registers itself as a CLI11 subcommand with its options and
// returns what runs it once the command line is parsed. A run returns the exit status: 0
// success, 1 a check failed; bad usage or input throws std::invalid_argument (exit status 2).
#pragma once

#include "bench/SweepRunner.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <string_view>

namespace fftscope::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

Command addDevicesCommand(CLI::App& app);
Command addFftCommand(CLI::App& app);
Command addVerifyCommand(CLI::App& app);
Command addPlanCommand(CLI::App& app);
Command addBenchCommand(CLI::App& app);
Command addFilterBenchCommand(CLI::App& app);
Command addImagesBenchCommand(CLI::App& app);
Command addRealBenchCommand(CLI::App& app);
Command addWisdomCommand(CLI::App& app);
Command addTuningCommand(CLI::App& app);
Command addVideoBenchCommand(CLI::App& app);
Command addMergeCommand(CLI::App& app);

// For the CLI's tests only: FFTSCOPE_BENCH_PLANT_ERROR=NAME[,NAME] makes those variants' or peers'
// first output wrong before it is checked, to show how a failed case is reported.
void plantErrorsFromSettings(bench::SweepCallbacks& callbacks);
// Whether FFTSCOPE_BENCH_PLANT_ERROR names this variant or peer.
bool errorPlantedFor(std::string_view name);

}  // namespace fftscope::cli
