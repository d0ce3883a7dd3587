#include "bench/ResultCsv.h"

#include "bench/ResultChecks.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace fftscope::bench {
namespace {

constexpr std::array<const char*, 26> kColumns{
    "device",         "driver",      "date",          "variant",         "precision",   "dims",
    "rows",           "cols",        "batch",         "points",          "verified",    "rel_l2",
    "l2_gate",        "error",       "host_ms_q1",    "host_ms_median",  "host_ms_q3",  "kernel_ms_q1",
    "kernel_ms_median", "kernel_ms_q3", "gflops",     "gbs",             "copy_gbs",    "copy_fraction",
    "pass_labels",    "pass_ms"};

std::string quoted(const std::string& field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string out = "\"";
  for (char c : field) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Shortest text that reads back as the same double; to_chars ignores the locale.
std::string numberText(double v) {
  if (!std::isfinite(v)) return "";
  std::array<char, 32> text{};
  auto result = std::to_chars(text.data(), text.data() + text.size(), v);
  return std::string(text.data(), result.ptr);
}

std::string joined(const std::vector<PassTime>& passes, bool labels) {
  std::string out;
  for (std::size_t i = 0; i < passes.size(); ++i)
    out += (i ? "|" : "") + (labels ? passes[i].label : numberText(passes[i].medianMs));
  return out;
}

// Splits the text into rows of fields, honouring quotes (a quoted field may hold line breaks).
std::vector<std::vector<std::string>> parseRows(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool inQuotes = false, any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    any = true;
    if (inQuotes) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += '"', ++i;
      else if (c == '"') inQuotes = false;
      else field += c;
    } else if (c == '"') {
      inQuotes = true;
    } else if (c == ',') {
      row.push_back(std::move(field));
      field.clear();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      row.push_back(std::move(field));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
      any = false;
    } else {
      field += c;
    }
  }
  if (inQuotes) throw std::invalid_argument("CSV ends inside a quoted field");
  if (any) {
    row.push_back(std::move(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

struct RowReader {
  const std::vector<std::string>& fields;
  std::size_t line;
  std::size_t column = 0;

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("CSV line " + std::to_string(line) + ", column '" + kColumns[column - 1] + "': " + what);
  }
  const std::string& text() { return fields[column++]; }
  double number() { return numberFrom(text()); }
  // A number of the column just read.
  double numberFrom(const std::string& t) const {
    if (t.empty()) return std::numeric_limits<double>::quiet_NaN();
    double v = 0;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size()) fail("'" + t + "' is not a number");
    return v;
  }
  std::size_t whole() {
    const std::string& t = text();
    std::size_t v = 0;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size()) fail("'" + t + "' is not a whole number");
    return v;
  }
  bool flag() {
    const std::string& t = text();
    if (t != "true" && t != "false") fail("'" + t + "' is not true or false");
    return t == "true";
  }
};

std::vector<std::string> splitBars(const std::string& text) {
  std::vector<std::string> parts;
  if (text.empty()) return parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find('|', start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

}  // namespace

std::string toCsv(const BenchReport& report) {
  std::string out;
  for (std::size_t i = 0; i < kColumns.size(); ++i) out += (i ? "," : "") + std::string(kColumns[i]);
  out += "\n";
  for (const BenchResult& r : report.results) {
    const std::vector<std::string> fields{
        r.device, r.driver, r.date, r.variant, r.precision, std::to_string(r.dims), std::to_string(r.rows),
        std::to_string(r.cols), std::to_string(r.batch), std::to_string(r.points), r.verified ? "true" : "false",
        numberText(r.relL2), numberText(r.l2Gate), r.error, numberText(r.hostMs.q1), numberText(r.hostMs.median),
        numberText(r.hostMs.q3), numberText(r.kernelMs.q1), numberText(r.kernelMs.median), numberText(r.kernelMs.q3),
        numberText(r.gflops), numberText(r.gbs), numberText(r.copyGbs), numberText(r.copyFraction),
        joined(r.passes, true), joined(r.passes, false)};
    for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + quoted(fields[i]);
    out += "\n";
  }
  return out;
}

BenchReport reportFromCsv(std::string_view text) {
  if (text.size() > kMaxResultFileBytes)
    throw std::invalid_argument(std::to_string(text.size()) + " bytes, more than the " +
                                std::to_string(kMaxResultFileBytes) + " a results file may have");
  const std::vector<std::vector<std::string>> rows = parseRows(text);
  if (rows.empty()) throw std::invalid_argument("CSV has no header row");
  for (std::size_t i = 0; i < kColumns.size(); ++i)
    if (rows[0].size() != kColumns.size() || rows[0][i] != kColumns[i])
      throw std::invalid_argument("CSV header is not that of fftscope-bench results (expected column " +
                                  std::to_string(i + 1) + " to be '" + kColumns[i] + "')");
  BenchReport report;
  for (std::size_t line = 1; line < rows.size(); ++line) {
    if (rows[line].size() != kColumns.size())
      throw std::invalid_argument("CSV line " + std::to_string(line + 1) + " has " + std::to_string(rows[line].size()) +
                                  " fields, not " + std::to_string(kColumns.size()));
    RowReader in{rows[line], line + 1};
    BenchResult r;
    r.device = in.text();
    r.driver = in.text();
    r.date = in.text();
    r.variant = in.text();
    r.precision = in.text();
    const std::size_t dims = in.whole();
    if (dims != 1 && dims != 2) in.fail(std::to_string(dims) + " is not 1 or 2");
    r.dims = static_cast<int>(dims);
    r.rows = in.whole();
    r.cols = in.whole();
    r.batch = in.whole();
    r.points = in.whole();
    r.verified = in.flag();
    r.relL2 = in.number();
    r.l2Gate = in.number();
    r.error = in.text();
    r.hostMs = {in.number(), in.number(), in.number()};
    r.kernelMs = {in.number(), in.number(), in.number()};
    r.gflops = in.number();
    r.gbs = in.number();
    r.copyGbs = in.number();
    r.copyFraction = in.number();
    const std::vector<std::string> labels = splitBars(in.text());
    const std::vector<std::string> times = splitBars(in.text());
    if (labels.size() != times.size()) in.fail("as many pass times as pass labels are needed");
    for (std::size_t p = 0; p < labels.size(); ++p) r.passes.push_back({labels[p], in.numberFrom(times[p])});
    try {
      checkResult(r);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("CSV line " + std::to_string(line + 1) + ": " + e.what());
    }
    report.results.push_back(std::move(r));
  }
  return report;
}

}  // namespace fftscope::bench
