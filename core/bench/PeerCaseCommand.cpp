#include "bench/PeerCaseCommand.h"

#include "bench/CaseRun.h"
#include "bench/ResultJson.h"
#include "engine/cl/Devices.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <thread>

#include <sys/prctl.h>

namespace fftscope::bench {
namespace {

std::size_t wholeNumber(const std::map<std::string, std::string>& values, const std::string& key) {
  const auto it = values.find(key);
  if (it == values.end()) throw std::invalid_argument("peer-case: --" + key + " is missing");
  std::size_t used = 0;
  const unsigned long long n = std::stoull(it->second, &used);
  if (used != it->second.size()) throw std::invalid_argument("peer-case: --" + key + " takes a whole number");
  return static_cast<std::size_t>(n);
}

std::string exactText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// What a misbehaving peer does, for the tests of the parent's handling.
void simulate(const std::string& what) {
  if (what == "crash") {
    std::signal(SIGSEGV, SIG_DFL);  // the OpenCL runtime may have a handler of its own
    std::raise(SIGSEGV);
  }
  if (what == "hang")
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
  if (what == "garbage") {
    std::fputs("{\"format\": \"not a result", stdout);
    std::exit(0);
  }
  if (!what.empty()) throw std::invalid_argument("peer-case: --simulate takes crash, hang or garbage");
}

}  // namespace

std::vector<std::string> toArguments(const PeerCaseRequest& r) {
  const PlanDescription& d = r.description;
  std::vector<std::string> a{"--peer",      r.peer,
                             "--device",    std::to_string(r.device),
                             "--dims",      std::to_string(d.dimensions),
                             "--rows",      std::to_string(d.rows),
                             "--cols",      std::to_string(d.cols),
                             "--batch",     std::to_string(d.batch),
                             "--precision", std::string(toString(d.precision)),
                             "--direction", std::string(toString(d.direction)),
                             "--warmup",    std::to_string(r.warmup),
                             "--repeat",    std::to_string(r.repeat),
                             "--date",      r.date,
                             "--copy-gbs",  exactText(r.copyGbs)};
  if (!r.simulate.empty()) a.insert(a.end(), {"--simulate", r.simulate});
  return a;
}

PeerCaseRequest parsePeerCaseArguments(const std::vector<std::string>& arguments) {
  std::map<std::string, std::string> values;
  for (std::size_t i = 0; i < arguments.size(); i += 2) {
    if (arguments[i].rfind("--", 0) != 0 || i + 1 >= arguments.size())
      throw std::invalid_argument("peer-case: expected --NAME VALUE pairs, not '" + arguments[i] + "'");
    values[arguments[i].substr(2)] = arguments[i + 1];
  }
  auto text = [&](const std::string& key) { return values.count(key) ? values.at(key) : std::string(); };
  PeerCaseRequest r;
  r.peer = text("peer");
  r.device = wholeNumber(values, "device");
  const std::size_t dims = wholeNumber(values, "dims");
  r.description = dims == 2 ? PlanDescription::twoD(wholeNumber(values, "rows"), wholeNumber(values, "cols"),
                                                    wholeNumber(values, "batch"))
                            : PlanDescription::oneD(wholeNumber(values, "cols"), wholeNumber(values, "batch"));
  r.description.precision = parsePrecision(text("precision"));
  r.description.direction = parseDirection(text("direction"));
  r.warmup = static_cast<int>(wholeNumber(values, "warmup"));
  r.repeat = static_cast<int>(wholeNumber(values, "repeat"));
  r.date = text("date");
  r.copyGbs = values.count("copy-gbs") ? std::stod(values.at("copy-gbs")) : 0;
  r.simulate = text("simulate");
  parsePeerList(r.peer);  // names an unknown peer
  if (r.peer.empty() || r.peer.find(',') != std::string::npos)
    throw std::invalid_argument("peer-case: --peer takes one peer");
  validate(r.description);
  return r;
}

int runPeerCaseCommand(int argc, char** argv, const SweepCallbacks& callbacks) {
  // Killed with the sweep that started it, rather than left measuring for no one.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  try {
    const PeerCaseRequest request = parsePeerCaseArguments(std::vector<std::string>(argv + 2, argv + argc));
    const std::vector<cl::DeviceInfo> devices = cl::listDevices();
    if (request.device >= devices.size()) throw std::invalid_argument("peer-case: no device " + std::to_string(request.device));
    cl::DeviceContext context(devices[request.device]);
    simulate(request.simulate);
    SweepSpec spec;
    spec.precision = request.description.precision;
    spec.direction = request.description.direction;
    spec.warmup = request.warmup;
    spec.repeat = request.repeat;
    const PlanDescription& d = request.description;
    CaseData data = prepareCase(context, d);
    const CaseRun run{context, spec, callbacks, d, data.in.get(), data.out.get(), std::move(data.firstInput),
                      std::move(data.reference), caseBlank(context.device(), d, request.date, request.copyGbs)};
    BenchReport report;
    report.results.push_back(runPeerCase(run, request.peer));
    const std::string json = toJson(report);
    std::fwrite(json.data(), 1, json.size(), stdout);
    std::fflush(stdout);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}

}  // namespace fftscope::bench
