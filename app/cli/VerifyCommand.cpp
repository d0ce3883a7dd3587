#include "Commands.h"
#include "Json.h"
#include "PlanOptions.h"
#include "engine/Verify.h"

#include <cstdio>

namespace fftscope::cli {

int verifyCommand(const Words& words) {
  Args args(words, {"variant", "dims", "max-log2", "max-log2-2d", "precision", "twiddle", "device"}, {"json"});
  VerifySelection s;
  std::string variant = args.value("variant", "all");
  if (variant != "all") s.variants = {parseVariant(variant)};
  std::string twiddle = args.value("twiddle", "all");
  if (twiddle != "all") s.twiddles = {parseTwiddleMode(twiddle)};
  std::string dims = args.value("dims", "all");
  if (dims != "1d" && dims != "2d" && dims != "all")
    throw std::invalid_argument("--dims takes 1d, 2d or all, not '" + dims + "'");
  s.oneD = dims != "2d";
  s.twoD = dims != "1d";
  s.maxLog2 = static_cast<int>(args.integer("max-log2", 16));
  s.maxLog2TwoD = static_cast<int>(args.integer("max-log2-2d", std::min(s.maxLog2, 10)));
  if (s.maxLog2 < 1 || s.maxLog2 > 26) throw std::invalid_argument("--max-log2 takes 1 to 26");
  if (s.maxLog2TwoD < 1 || s.maxLog2TwoD > 13) throw std::invalid_argument("--max-log2-2d takes 1 to 13");
  s.precision = parsePrecision(args.value("precision", "f32"));

  cl::DeviceContext context(cl::chooseDevice(args.value("device")));
  const bool json = args.has("json");
  if (!json)
    std::printf("verifying on %s (%s)\n%-8s %-6s %-11s %-6s %-12s %5s %10s %10s %10s %10s %10s  %s\n",
                context.device().name.c_str(), context.device().driverVersion.c_str(), "variant", "twid", "transpose",
                "prec", "shape", "batch", "L2", "L2 gate", "Linf", "Linf gate", "roundtrip", "result");
  int failed = 0, total = 0;
  std::string rows;
  for (const PlanDescription& d : verifyCases(s)) {
    VerifyRow r = verifyCase(context, d);
    ++total;
    failed += r.passed() ? 0 : 1;
    std::string shape = d.dimensions == 1 ? std::to_string(d.cols) : std::to_string(d.rows) + "x" + std::to_string(d.cols);
    if (json) {
      JsonObject o;
      o.add("variant", toString(d.variant)).add("twiddle", toString(d.twiddle));
      o.add("transpose", d.dimensions == 2 ? toString(d.transpose) : std::string_view("-"));
      o.add("precision", toString(d.precision)).add("dims", d.dimensions).add("rows", d.rows).add("cols", d.cols);
      o.add("batch", d.batch).add("rel_l2", r.relL2).add("l2_gate", r.l2Gate).add("rel_linf", r.relLinf);
      o.add("linf_gate", r.linfGate).add("round_trip", r.roundTrip).add("round_trip_gate", r.roundTripGate);
      o.add("impulse_exact", r.impulseExact).add("input_untouched", r.inputUntouched);
      o.add("batch_consistent", r.batchConsistent).add("guards_intact", r.guardsIntact).add("passed", r.passed());
      o.add("failures", r.failures).add("passes", r.passes);
      rows += (rows.empty() ? "" : ",\n  ") + o.str();
    } else {
      std::printf("%-8s %-10s %-11s %-6s %-12s %5zu %10.3g %10.3g %10.3g %10.3g %10.3g  %s\n",
                  std::string(toString(d.variant)).c_str(), std::string(toString(d.twiddle)).c_str(),
                  d.dimensions == 2 ? std::string(toString(d.transpose)).c_str() : "-",
                  std::string(toString(d.precision)).c_str(), shape.c_str(), d.batch, r.relL2, r.l2Gate, r.relLinf,
                  r.linfGate, r.roundTrip, r.passed() ? "pass" : ("FAIL: " + r.failures).c_str());
      std::fflush(stdout);
    }
  }
  if (json)
    std::printf("{\"device\": %s, \"driver\": %s, \"cases\": %d, \"failed\": %d, \"rows\": [\n  %s\n]}\n",
                jsonString(context.device().name).c_str(), jsonString(context.device().driverVersion).c_str(), total,
                failed, rows.c_str());
  else
    std::printf("%d passed, %d failed\n", total - failed, failed);
  return failed == 0 ? 0 : 1;
}

}  // namespace fftscope::cli
