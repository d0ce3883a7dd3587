// A CSV reader of our own: the format is a few lines of splitting and std::from_chars, and what
// matters here (C-locale numbers, refusals naming the line, even time spacing) no CSV library in
// the package list does for us.
#include "signal/TextReader.h"

#include "signal/TextLines.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <locale>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fftscope::signal {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '"' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '"' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Fields of a line; more than kMostColumns is refused before they are collected.
std::vector<std::string_view> split(std::string_view line, char delimiter, const std::function<void()>& tooMany) {
  std::vector<std::string_view> fields;
  const auto add = [&](std::string_view field) {
    if (fields.size() == kMostTextColumns) tooMany();
    fields.push_back(field);
  };
  if (delimiter == ' ') {
    std::size_t at = 0;
    while (at < line.size()) {
      while (at < line.size() && (line[at] == ' ' || line[at] == '\t' || line[at] == '\r')) ++at;
      if (at >= line.size()) break;
      std::size_t end = at;
      while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
      add(line.substr(at, end - at));
      at = end;
    }
    return fields;
  }
  std::size_t at = 0;
  while (true) {
    const std::size_t end = line.find(delimiter, at);
    add(trim(line.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at)));
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return fields;
}

bool parseNumber(std::string_view text, double& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

char detectDelimiter(std::string_view line) {
  for (char candidate : {'\t', ';', ','})
    if (line.find(candidate) != std::string_view::npos) return candidate;
  return ' ';
}

bool isSkipped(std::string_view line) {
  line = trim(line);
  return line.empty() || line.front() == '#';
}

struct Columns {
  std::vector<std::vector<float>> data;
  std::vector<double> time;
  std::vector<std::size_t> timeLines;  // the file line of each time value, for messages
};

}  // namespace

Signal readText(const std::filesystem::path& path, const TextOptions& options, const ReadControl& control) {
  const auto fail = [&](std::size_t line, const std::string& problem) {
    return std::runtime_error(path.string() + (line ? ", line " + std::to_string(line) : std::string()) + ": " + problem);
  };
  TextLines lines(path, kLongestTextLine);
  std::error_code sizeError;
  const double totalBytes = double(std::max<std::uintmax_t>(1, std::filesystem::file_size(path, sizeError)));

  char delimiter = options.delimiter;
  std::size_t fieldCount = 0;
  std::vector<int> dataColumns;
  Columns columns;
  std::string line;
  bool first = true;
  std::vector<double> values;
  control.step(0.0);
  while (lines.next(line)) {
    const std::size_t lineNumber = lines.lineNumber();
    if (isSkipped(line)) continue;
    if (first && lineNumber == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // UTF-8 mark
    if (delimiter == 0) delimiter = detectDelimiter(line);
    const auto fields = split(line, delimiter, [&] {
      throw fail(lineNumber, "has more than " + std::to_string(kMostTextColumns) + " columns");
    });
    values.assign(fields.size(), 0.0);
    std::size_t badField = fields.size();
    for (std::size_t i = 0; i < fields.size() && badField == fields.size(); ++i)
      if (!parseNumber(fields[i], values[i])) badField = i;

    if (first) {
      first = false;
      fieldCount = fields.size();
      if (options.timeColumn >= int(fieldCount))
        throw fail(lineNumber, "time column " + std::to_string(options.timeColumn + 1) + " asked for, the row has " +
                                   std::to_string(fieldCount) + " columns");
      dataColumns = options.columns;
      if (dataColumns.empty())
        for (int c = 0; c < int(fieldCount); ++c)
          if (c != options.timeColumn) dataColumns.push_back(c);
      for (int c : dataColumns)
        if (c < 0 || c >= int(fieldCount))
          throw fail(lineNumber, "column " + std::to_string(c + 1) + " asked for, the row has " +
                                     std::to_string(fieldCount) + " columns");
      if (dataColumns.empty()) throw fail(lineNumber, "no data column beside the time column");
      columns.data.resize(dataColumns.size());
      const bool header = options.header == HeaderRow::Present ||
                          (options.header == HeaderRow::Auto && badField != fields.size());
      if (header) continue;
    }
    if (fields.size() != fieldCount)
      throw fail(lineNumber, "has " + std::to_string(fields.size()) + " columns, the first row has " +
                                 std::to_string(fieldCount));
    if (badField != fields.size())
      throw fail(lineNumber, "column " + std::to_string(badField + 1) + ": '" + printable(fields[badField]) +
                                 "' is not a number");
    for (std::size_t k = 0; k < dataColumns.size(); ++k) {
      const double v = values[std::size_t(dataColumns[k])];
      if (!std::isfinite(v) || !std::isfinite(float(v)))
        throw fail(lineNumber, "column " + std::to_string(dataColumns[k] + 1) + " is " +
                                   (std::isnan(v) ? "NaN" : "infinite or beyond float range"));
      columns.data[k].push_back(float(v));
    }
    if (options.timeColumn >= 0) {
      const double t = values[std::size_t(options.timeColumn)];
      if (!std::isfinite(t)) throw fail(lineNumber, "the time is not a finite number");
      columns.time.push_back(t);
      columns.timeLines.push_back(lineNumber);
    }
    if ((lineNumber & 0xFFFF) == 0) control.step(std::min(1.0, double(lines.bytesRead()) / totalBytes));
  }
  if (columns.data.empty() || columns.data.front().empty()) throw fail(0, "no data rows");

  Signal signal;
  signal.sourceName = path.filename().string();
  signal.format = {Container::Text, Encoding::Float64, false};
  if (options.timeColumn >= 0) {
    const auto& t = columns.time;
    if (t.size() < 2) throw fail(0, "one row cannot give a sample rate from its time column");
    const double step = (t.back() - t.front()) / double(t.size() - 1);
    if (!(step > 0.0)) throw fail(columns.timeLines.back(), "the time column does not increase");
    for (std::size_t i = 1; i < t.size(); ++i) {
      const double d = t[i] - t[i - 1];
      if (std::abs(d - step) > options.spacingTolerance * step)
        throw fail(columns.timeLines[i], "uneven time step " + std::to_string(d) + " (the mean step is " +
                                             std::to_string(step) + ")");
    }
    signal.sampleRate = 1.0 / step;
    if (!std::isfinite(signal.sampleRate)) {
      std::ostringstream text;
      text.imbue(std::locale::classic());
      text << "the time column steps by " << step << " s, a sample rate beyond the largest number";
      throw fail(columns.timeLines[1], text.str());
    }
  } else {
    if (!(options.sampleRate > 0.0) || !std::isfinite(options.sampleRate))
      throw fail(0, "no time column and no sample rate given (the sample rate must be positive)");
    signal.sampleRate = options.sampleRate;
  }
  signal.channels = std::move(columns.data);
  control.step(1.0);
  return signal;
}

}  // namespace fftscope::signal
