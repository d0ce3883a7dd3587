#include "bench/ResultJson.h"

#include "bench/ResultChecks.h"
#include "bench/SweepSpec.h"
#include "io/BoundedJson.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace fftscope::bench {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;  // written in the order of the record, for people reading the file

ordered_json number(double v) { return std::isfinite(v) ? ordered_json(v) : ordered_json(nullptr); }

ordered_json quartilesJson(const Quartiles& q) {
  return {{"q1", number(q.q1)}, {"median", number(q.median)}, {"q3", number(q.q3)}};
}

ordered_json recordJson(const BenchResult& r) {
  ordered_json passes = ordered_json::array();
  for (const PassTime& p : r.passes) passes.push_back({{"label", p.label}, {"median_ms", number(p.medianMs)}});
  ordered_json o = {{"device", r.device},   {"driver", r.driver},       {"date", r.date},
            {"variant", r.variant}, {"precision", r.precision}, {"dims", r.dims}};
  o["shape"] = r.dims == 2 ? ordered_json::array({r.rows, r.cols}) : ordered_json::array({r.cols});
  o["batch"] = r.batch;
  o["points"] = r.points;
  o["verified"] = r.verified;
  o["rel_l2"] = number(r.relL2);
  o["l2_gate"] = number(r.l2Gate);
  if (!r.error.empty()) o["error"] = r.error;
  o["host_ms"] = quartilesJson(r.hostMs);
  o["kernel_ms"] = quartilesJson(r.kernelMs);
  o["gflops"] = number(r.gflops);
  o["gbs"] = number(r.gbs);
  o["copy_gbs"] = number(r.copyGbs);
  o["copy_fraction"] = number(r.copyFraction);
  o["passes"] = std::move(passes);
  return o;
}

const json& field(const json& o, const char* key) {
  if (!o.is_object() || !o.contains(key)) throw std::invalid_argument(std::string("missing field '") + key + "'");
  return o.at(key);
}

double numberOf(const json& o, const char* key) {
  const json& v = field(o, key);
  if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!v.is_number()) throw std::invalid_argument(std::string("field '") + key + "' is not a number");
  return v.get<double>();
}

// A whole number from min to max; get<std::size_t>() would wrap a negative one around.
std::size_t wholeOf(const json& o, const char* key, std::size_t min, std::size_t max) {
  const json& v = field(o, key);
  if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<std::int64_t>() < 0) ||
      v.get<std::uint64_t>() < min || v.get<std::uint64_t>() > max)
    throw std::invalid_argument(std::string("field '") + key + "' is " + io::describeJson(v) +
                                ", not a whole number from " + std::to_string(min) + " to " + std::to_string(max));
  return static_cast<std::size_t>(v.get<std::uint64_t>());
}

template <typename T>
T valueOf(const json& o, const char* key) {
  try {
    return field(o, key).get<T>();
  } catch (const json::exception&) {
    throw std::invalid_argument(std::string("field '") + key + "' has the wrong type");
  }
}

Quartiles quartilesOf(const json& o, const char* key) {
  const json& q = field(o, key);
  return {numberOf(q, "q1"), numberOf(q, "median"), numberOf(q, "q3")};
}

BenchResult recordOf(const json& o) {
  BenchResult r;
  r.device = valueOf<std::string>(o, "device");
  r.driver = valueOf<std::string>(o, "driver");
  r.date = valueOf<std::string>(o, "date");
  r.variant = valueOf<std::string>(o, "variant");
  r.precision = valueOf<std::string>(o, "precision");
  r.dims = static_cast<int>(wholeOf(o, "dims", 1, 2));
  const json& shape = field(o, "shape");
  if (!shape.is_array() || shape.size() != static_cast<std::size_t>(r.dims))
    throw std::invalid_argument("field 'shape' is " + io::describeJson(shape) + ", not one side a dimension");
  const json sides{{"rows", shape.front()}, {"cols", shape.back()}};
  r.rows = r.dims == 2 ? wholeOf(sides, "rows", 1, kMaxSide) : 1;
  r.cols = wholeOf(sides, "cols", 1, kMaxSide);
  r.batch = wholeOf(o, "batch", 1, SIZE_MAX);
  r.points = wholeOf(o, "points", 1, SIZE_MAX);
  r.verified = valueOf<bool>(o, "verified");
  r.relL2 = numberOf(o, "rel_l2");
  r.l2Gate = numberOf(o, "l2_gate");
  if (o.contains("error")) r.error = valueOf<std::string>(o, "error");
  r.hostMs = quartilesOf(o, "host_ms");
  r.kernelMs = quartilesOf(o, "kernel_ms");
  r.gflops = numberOf(o, "gflops");
  r.gbs = numberOf(o, "gbs");
  r.copyGbs = numberOf(o, "copy_gbs");
  r.copyFraction = numberOf(o, "copy_fraction");
  const json& passes = field(o, "passes");
  if (!passes.is_array()) throw std::invalid_argument("field 'passes' is " + io::describeJson(passes) + ", not a list");
  for (const json& p : passes) r.passes.push_back({valueOf<std::string>(p, "label"), numberOf(p, "median_ms")});
  checkResult(r);
  return r;
}

}  // namespace

std::string toJson(const BenchReport& report) {
  ordered_json results = ordered_json::array();
  for (const BenchResult& r : report.results) results.push_back(recordJson(r));
  ordered_json document = {{"format", "fftscope-bench"}, {"version", 1}, {"cancelled", report.cancelled}};
  document["results"] = std::move(results);
  return document.dump(2) + "\n";
}

BenchReport reportFromJson(std::string_view text) {
  const json document = io::parseBoundedJson(text, {kMaxResultFileBytes, 8});
  const auto format = document.is_object() ? document.find("format") : document.end();
  if (format == document.end() || *format != "fftscope-bench")
    throw std::invalid_argument("not an fftscope-bench result (no \"format\": \"fftscope-bench\")");
  const json& version = field(document, "version");
  if (version != 1)
    throw std::invalid_argument("fftscope-bench result version " + io::describeJson(version) +
                                " is not supported (accepted: 1)");
  BenchReport report;
  report.cancelled = valueOf<bool>(document, "cancelled");
  const json& results = field(document, "results");
  if (!results.is_array()) throw std::invalid_argument("field 'results' is " + io::describeJson(results) + ", not a list");
  std::size_t index = 0;
  for (const json& record : results) {
    try {
      report.results.push_back(recordOf(record));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("result " + std::to_string(index) + ": " + e.what());
    }
    ++index;
  }
  return report;
}

}  // namespace fftscope::bench
