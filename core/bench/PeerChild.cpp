// The sweep's side of a peer case run in a child process: the request on the command line, the
// result read back from the child's stdout, and what went wrong said as the case's error.
#include "bench/CaseRun.h"
#include "bench/ChildProcess.h"
#include "bench/PeerCaseCommand.h"
#include "bench/ResultJson.h"
#include "engine/cl/Devices.h"

#include <chrono>
#include <cmath>

namespace fftscope::bench {
namespace {

std::string displayName(const std::string& peer) {
  if (peer == "clfft") return "clFFT";
  if (peer == "vkfft") return "VkFFT";
  if (peer == "fftw") return "FFTW";
  return peer;
}

// The child opens the same device by its index; the context's own id finds it.
std::size_t deviceIndex(const cl::DeviceInfo& device) {
  const std::vector<cl::DeviceInfo> devices = cl::listDevices();
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (devices[i].id == device.id) return i;
  throw std::runtime_error("the sweep's device '" + device.name + "' is not among the listed devices");
}

std::string lastLine(const std::string& text) {
  std::size_t end = text.find_last_not_of("\r\n ");
  if (end == std::string::npos) return {};
  const std::size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start == std::string::npos ? 0 : start + 1));
}

// Takes the child's stdout as this case's result into r; false when it is not one result of this case.
bool readResult(const std::string& out, const BenchResult& blank, BenchResult& r) {
  try {
    BenchReport report = reportFromJson(out);
    if (report.results.size() != 1) return false;
    const BenchResult& got = report.results.front();
    if (got.variant != r.variant || got.cols != blank.cols || got.rows != blank.rows || got.batch != blank.batch)
      return false;
    r = got;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

BenchResult runPeerCaseInChild(const CaseRun& run, const std::string& peer, const PeerIsolation& isolation,
                               const std::atomic<bool>* cancel) {
  BenchResult r = run.blank;
  r.variant = peer;
  const std::string name = displayName(peer);
  const std::string where = " on " + (r.dims == 2 ? std::to_string(r.rows) + "x" : std::string()) +
                            std::to_string(r.cols) + " x " + std::to_string(r.batch) + " " + r.precision;
  PeerCaseRequest request;
  request.peer = peer;
  request.description = run.description;
  request.warmup = run.spec.warmup;
  request.repeat = run.spec.repeat;
  request.date = run.blank.date;
  request.copyGbs = run.blank.copyGbs;
  try {
    request.device = deviceIndex(run.context.device());
  } catch (const std::exception& e) {
    markPeerFailed(r, std::string("cannot run ") + name + " in a process of its own: " + e.what());
    return r;
  }
  std::vector<std::string> argv{isolation.helper, std::string(kPeerCaseCommand)};
  for (std::string& a : toArguments(request)) argv.push_back(std::move(a));
  if (isolation.extraArguments)
    for (std::string& a : isolation.extraArguments(peer)) argv.push_back(std::move(a));

  const auto limit = std::chrono::milliseconds(static_cast<long long>(std::ceil(isolation.limitSeconds * 1000)));
  const ChildResult child = runChild(argv, limit, cancel);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g s", isolation.limitSeconds);
  switch (child.end) {
    case ChildResult::End::NotStarted:
      markPeerFailed(r, "cannot run " + name + " in a process of its own: " + child.startError);
      break;
    case ChildResult::End::Signalled:
      markPeerFailed(r, name + " crashed (" + signalName(child.signal) + ")" + where);
      break;
    case ChildResult::End::TimedOut:
      markPeerFailed(r, name + " did not finish within " + seconds + where + ": stopped");
      break;
    case ChildResult::End::Cancelled:
      markPeerFailed(r, name + " was stopped" + where + ": the sweep was cancelled");
      break;
    case ChildResult::End::Exited:
      if (child.exitCode != 0) {
        const std::string why = lastLine(child.err);
        markPeerFailed(r, name + " failed" + where + " (exit status " + std::to_string(child.exitCode) + ")" +
                              (why.empty() ? std::string() : ": " + why));
      } else if (!readResult(child.out, run.blank, r)) {
        markPeerFailed(r, name + " gave no result" + where + ": its process printed something else");
      }
      break;
  }
  return r;
}

}  // namespace fftscope::bench
