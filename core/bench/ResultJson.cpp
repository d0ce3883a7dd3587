#include "bench/ResultJson.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace fftscope::bench {
namespace {

using nlohmann::json;

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json quartilesJson(const Quartiles& q) {
  return {{"q1", number(q.q1)}, {"median", number(q.median)}, {"q3", number(q.q3)}};
}

json recordJson(const BenchResult& r) {
  json passes = json::array();
  for (const PassTime& p : r.passes) passes.push_back({{"label", p.label}, {"median_ms", number(p.medianMs)}});
  json o = {{"device", r.device},   {"driver", r.driver},       {"date", r.date},
            {"variant", r.variant}, {"precision", r.precision}, {"dims", r.dims}};
  o["shape"] = r.dims == 2 ? json::array({r.rows, r.cols}) : json::array({r.cols});
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
  r.dims = valueOf<int>(o, "dims");
  const auto shape = valueOf<std::vector<std::size_t>>(o, "shape");
  if (shape.size() != static_cast<std::size_t>(r.dims) || (r.dims != 1 && r.dims != 2))
    throw std::invalid_argument("field 'shape' does not match 'dims'");
  r.rows = r.dims == 2 ? shape[0] : 1;
  r.cols = shape.back();
  r.batch = valueOf<std::size_t>(o, "batch");
  r.points = valueOf<std::size_t>(o, "points");
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
  for (const json& p : field(o, "passes")) r.passes.push_back({valueOf<std::string>(p, "label"), numberOf(p, "median_ms")});
  return r;
}

}  // namespace

std::string toJson(const BenchReport& report) {
  json results = json::array();
  for (const BenchResult& r : report.results) results.push_back(recordJson(r));
  json document = {{"format", "fftscope-bench"}, {"version", 1}, {"cancelled", report.cancelled}};
  document["results"] = std::move(results);
  return document.dump(2) + "\n";
}

BenchReport reportFromJson(std::string_view text) {
  json document;
  try {
    document = json::parse(text);
  } catch (const json::parse_error& e) {
    throw std::invalid_argument(std::string("not JSON: ") + e.what());
  }
  if (!document.is_object() || document.value("format", "") != "fftscope-bench")
    throw std::invalid_argument("not an fftscope-bench result (no \"format\": \"fftscope-bench\")");
  if (valueOf<int>(document, "version") != 1)
    throw std::invalid_argument("fftscope-bench result version " + field(document, "version").dump() +
                                " is not supported (accepted: 1)");
  BenchReport report;
  report.cancelled = valueOf<bool>(document, "cancelled");
  std::size_t index = 0;
  for (const json& record : field(document, "results")) {
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
