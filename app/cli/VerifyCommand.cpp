#include "Commands.h"
#include "PlanOptions.h"
#include "bench/SweepSpec.h"
#include "PlanPicker.h"
#include "VerifyBatchSplit.h"
#include "engine/verify/Verify.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace fftscope::cli {
namespace {

struct VerifyOptions {
  std::string variant = "all", twiddle = "all", dims = "all", precision = "f32", device, sizes;
  std::string devices;  // several devices: each case split by batch over them
  int maxLog2 = 16;
  int maxLog2TwoD = 0;  // 0: min(maxLog2, 10)
  bool json = false;
  PlanChoiceOptions choice;
};

int runVerify(const VerifyOptions& o) {
  VerifySelection s;
  if (o.variant != "all") s.variants = {parseVariant(o.variant)};
  if (o.twiddle != "all") s.twiddles = {parseTwiddleMode(o.twiddle)};
  s.oneD = o.dims != "2d";
  s.twoD = o.dims != "1d";
  s.maxLog2 = o.maxLog2;
  s.maxLog2TwoD = o.maxLog2TwoD ? o.maxLog2TwoD : std::min(o.maxLog2, 10);
  s.precision = parsePrecision(o.precision);
  if (!o.sizes.empty())
    for (const bench::CaseShape& shape : bench::parseSizes(o.sizes, 1)) {
      if (shape.dims == 1)
        s.lengths.push_back(shape.cols);
      else
        s.shapes.push_back({shape.rows, shape.cols});
    }

  if (!o.devices.empty()) return verifyBatchSplit(verifyCases(s), o.devices, o.device, o.json);
  cl::DeviceContext context(cl::chooseDevice(o.device));
  // Only choices from wisdom or measured now are said: estimates are auto's everyday plans.
  PlanPicker picker(o.choice, context, false);
  if (!o.json)
    std::printf("verifying on %s (%s)\n%-8s %-6s %-11s %-6s %-12s %5s %10s %10s %10s %10s %10s  %s\n",
                context.device().name.c_str(), context.device().driverVersion.c_str(), "variant", "twid", "transpose",
                "prec", "shape", "batch", "L2", "L2 gate", "Linf", "Linf gate", "roundtrip", "result");
  int failed = 0, total = 0;
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const PlanDescription& d : verifyCases(s)) {
    VerifyRow r = verifyCase(context, d, picker.chooser());
    ++total;
    failed += r.passed() ? 0 : 1;
    const std::string transpose = d.dimensions == 2 ? std::string(toString(d.transpose)) : "-";
    if (o.json) {
      rows.push_back({{"variant", toString(d.variant)}, {"twiddle", toString(d.twiddle)}, {"transpose", transpose},
                      {"precision", toString(d.precision)}, {"dims", d.dimensions}, {"rows", d.rows},
                      {"cols", d.cols}, {"batch", d.batch}, {"rel_l2", r.relL2}, {"l2_gate", r.l2Gate},
                      {"rel_linf", r.relLinf}, {"linf_gate", r.linfGate}, {"round_trip", r.roundTrip},
                      {"round_trip_gate", r.roundTripGate}, {"impulse_exact", r.impulseExact},
                      {"input_untouched", r.inputUntouched}, {"batch_consistent", r.batchConsistent},
                      {"guards_intact", r.guardsIntact}, {"passed", r.passed()}, {"failures", r.failures},
                      {"passes", r.passes}});
    } else {
      const std::string shape =
          d.dimensions == 1 ? std::to_string(d.cols) : std::to_string(d.rows) + "x" + std::to_string(d.cols);
      std::printf("%-8s %-10s %-11s %-6s %-12s %5zu %10.3g %10.3g %10.3g %10.3g %10.3g  %s\n",
                  std::string(toString(d.variant)).c_str(), std::string(toString(d.twiddle)).c_str(),
                  transpose.c_str(), std::string(toString(d.precision)).c_str(), shape.c_str(), d.batch, r.relL2,
                  r.l2Gate, r.relLinf, r.linfGate, r.roundTrip, r.passed() ? "pass" : ("FAIL: " + r.failures).c_str());
      std::fflush(stdout);
    }
  }
  if (o.json) {
    // nlohmann writes a non-finite error (a broken variant) as null, keeping the output JSON.
    nlohmann::ordered_json document{{"device", context.device().name}, {"driver", context.device().driverVersion},
                                    {"cases", total}, {"failed", failed}, {"rows", rows}};
    std::printf("%s\n", document.dump(2).c_str());
  } else {
    std::printf("%d passed, %d failed\n", total - failed, failed);
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace

Command addVerifyCommand(CLI::App& app) {
  CLI::App* command = app.add_subcommand("verify", "check every variant against FFTW (exit status 1 when one fails)");
  auto o = std::make_shared<VerifyOptions>();
  command->add_option("--variant", o->variant, "r2, r4, r8, r16, local, auto or all")->capture_default_str()
      ->check(parsedBy("VARIANT", [](const std::string& s) { if (s != "all") parseVariant(s); }));
  command->add_option("--twiddle", o->twiddle, "table, sincos, native, recurrence or all")->capture_default_str()
      ->check(parsedBy("TWIDDLE", [](const std::string& s) { if (s != "all") parseTwiddleMode(s); }));
  command->add_option("--dims", o->dims, "1d, 2d or all")->capture_default_str()->check(CLI::IsMember({"1d", "2d", "all"}));
  command->add_option("--max-log2", o->maxLog2, "1D sizes 2 to 2^K")->capture_default_str()->check(wholeNumber(1, 26));
  command->add_option("--max-log2-2d", o->maxLog2TwoD, "2D sides 2 to 2^K (default: the smaller of --max-log2 and 10)")
      ->check(wholeNumber(1, 13));
  command->add_option("--precision", o->precision, "f32 or f64")->capture_default_str()
      ->check(parsedBy("PRECISION", [](const std::string& s) { parsePrecision(s); }));
  command->add_option("--sizes", o->sizes,
                      "lengths and ROWSxCOLS shapes instead of the powers of two, e.g. 2053,65537,7x2053")
      ->check(parsedBy("SIZES", [](const std::string& s) { bench::parseSizes(s, 1); }));
  addDeviceOption(*command, o->device);
  command->add_option("--devices", o->devices,
                      "instead: each case split by batch over these devices (all, or devices as --device takes them, "
                      "comma-separated) against FFTW");
  command->add_flag("--json", o->json, "print JSON");
  addPlanChoiceOptions(*command, o->choice, "auto");
  return {command, [o] { return runVerify(*o); }};
}

}  // namespace fftscope::cli
