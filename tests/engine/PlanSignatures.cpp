// What every pass of a broad set of plans builds and launches: its kernel, family, build options,
// global and local sizes, buffers and arguments, for plans made against PoCL's limits and against
// an NVIDIA-like device's (48 KiB local memory, groups of 1024, register caps). No device needed.
//
//   plan_signatures            prints every plan's passes
//   plan_signatures --hashes   prints one line a group of plans (limits, precision, direction):
//                              a hash of their passes, the plans counted, and the group
//   plan_signatures --check F  compares those lines with file F, naming each group that differs
//
// A change to the planner or to how passes are built that should change nothing keeps the
// hashes: the ctest `plan_signatures` checks them against tests/data/plan_signatures.txt. Where
// a group differs, the full listing of this build against that of the last commit shows where.
#include "PlanSignatureCases.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <vector>
#include <sstream>
#include <string>

using namespace fftscope;

namespace {

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string hex(std::uint64_t v) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(v));
  return buffer;
}

// One line a group: the hash of its plans' headings and passes, the plans counted, the group.
std::vector<std::string> groupLines(const std::vector<SignedPlan>& plans) {
  std::vector<std::string> lines;
  std::string text;
  std::size_t count = 0;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    text += plans[i].heading + "\n" + plans[i].text;
    ++count;
    if (i + 1 == plans.size() || plans[i + 1].group != plans[i].group) {
      lines.push_back(hex(fnv1a(text)) + " " + std::to_string(count) + " " + plans[i].group);
      text.clear();
      count = 0;
    }
  }
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  const std::vector<SignedPlan> plans = signedPlans();
  if (mode.empty()) {
    for (const SignedPlan& p : plans) std::cout << "== " << p.heading << "\n" << p.text;
    return 0;
  }
  const std::vector<std::string> lines = groupLines(plans);
  if (mode == "--hashes") {
    for (const std::string& line : lines) std::cout << line << "\n";
    return 0;
  }
  if (mode == "--check" && argc > 2) {
    std::ifstream in(argv[2]);
    if (!in) {
      std::cerr << "cannot read " << argv[2] << "\n";
      return 2;
    }
    std::set<std::string> expected;
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) expected.insert(line);
    int differ = 0;
    for (const std::string& line : lines)
      if (!expected.erase(line)) {
        std::cerr << "not as recorded: " << line << "\n";
        ++differ;
      }
    for (const std::string& line : expected) std::cerr << "recorded, not planned: " << line << "\n";
    differ += static_cast<int>(expected.size());
    std::cout << plans.size() << " plans in " << lines.size() << " groups, " << differ << " lines differ\n";
    return differ == 0 ? 0 : 1;
  }
  std::cerr << "usage: plan_signatures [--hashes | --check FILE]\n";
  return 2;
}
