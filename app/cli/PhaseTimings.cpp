#include "PhaseTimings.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>

namespace fftscope::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct MainEntry {
  Clock::time_point at = Clock::now();  // before markMainEntered (a static's start): close enough
  double sinceStartMs = -1;             // -1: the kernel did not say
  double cpuMs = 0;
};

MainEntry& mainEntry() {
  static MainEntry entry;
  return entry;
}

double msOf(const timespec& t) { return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6; }

// The process's start in ms since boot: field 22 of /proc/self/stat, in clock ticks, counted on
// the clock CLOCK_BOOTTIME reads. The name in field 2 may hold spaces, so fields are counted
// after its closing parenthesis.
double processStartMs() {
  std::ifstream stat("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const std::size_t close = text.rfind(')');
  const long ticks = ::sysconf(_SC_CLK_TCK);
  if (close == std::string::npos || ticks <= 0) return -1;
  std::istringstream fields(text.substr(close + 1));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i)
    if (i == 22) return double(std::stoull(field)) * 1e3 / double(ticks);
  return -1;
}

std::string fixed(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

}  // namespace

void markMainEntered() {
  MainEntry& entry = mainEntry();
  entry.at = Clock::now();
  timespec boot{}, cpu{};
#ifdef CLOCK_BOOTTIME  // Linux, where /proc/self/stat is
  const double start = processStartMs();
  if (start >= 0 && ::clock_gettime(CLOCK_BOOTTIME, &boot) == 0) entry.sinceStartMs = msOf(boot) - start;
#endif
  if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu) == 0) entry.cpuMs = msOf(cpu);
}

void PhaseTimings::lap(std::string_view phase, std::string detail) {
  if (!on_) return;
  Clock::time_point from = mainEntry().at;
  double before = 0;
  for (const Phase& p : phases_) before += p.ms;
  const double ms = std::chrono::duration<double, std::milli>(Clock::now() - from).count() - before;
  phases_.push_back({std::string(phase), ms, std::move(detail)});
}

void PhaseTimings::add(std::string_view phase, double ms, std::string detail) {
  if (on_) phases_.push_back({std::string(phase), ms, std::move(detail)});
}

std::string PhaseTimings::line() const {
  const MainEntry& entry = mainEntry();
  std::string text = "timings (ms): start to main " +
                     (entry.sinceStartMs >= 0 ? fixed(entry.sinceStartMs, 0) : std::string("unknown")) +
                     " (cpu " + fixed(entry.cpuMs, 1) + ")";
  double total = 0;
  for (const Phase& p : phases_) {
    text += " | " + p.name + " " + fixed(p.ms, 1);
    if (!p.detail.empty()) text += " (" + p.detail + ")";
    total += p.ms;
  }
  return text + " | in main " + fixed(total, 1);
}

void PhaseTimings::print() const {
  if (on_) std::fprintf(stderr, "%s\n", line().c_str());
}

}  // namespace fftscope::cli
