// fftscope-cli bench-merge: the JSON files of a sweep's shares (`bench --shard K/M`), given in K's
// order, as the one file a single process would have written.
#include "Commands.h"

#include "bench/ResultJson.h"
#include "bench/Shard.h"
#include "io/AtomicWrite.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

namespace fftscope::cli {
namespace {

struct MergeOptions {
  std::vector<std::string> inputs;
  std::string output;
};

int runMerge(const MergeOptions& o) {
  std::vector<bench::BenchReport> shares;
  for (const std::string& path : o.inputs) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::invalid_argument("cannot read '" + path + "'");
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    try {
      shares.push_back(bench::reportFromJson(text));
    } catch (const std::invalid_argument& error) {
      throw std::invalid_argument(path + ": " + error.what());
    }
  }
  const std::string json = bench::toJson(bench::mergeReports(shares));
  if (o.output.empty() || o.output == "-")
    std::fputs(json.c_str(), stdout);
  else
    io::writeFileAtomically(o.output, json);
  return 0;
}

}  // namespace

Command addMergeCommand(CLI::App& app) {
  CLI::App* command = app.add_subcommand("bench-merge", "join the JSON files of `bench --shard K/M`, given in K's order");
  auto o = std::make_shared<MergeOptions>();
  command->add_option("inputs", o->inputs, "the shares' JSON files, share 1 first")->required()->check(CLI::ExistingFile);
  command->add_option("-o,--output", o->output, "the merged JSON file (default: stdout)");
  return {command, [o] { return runMerge(*o); }};
}

}  // namespace fftscope::cli
