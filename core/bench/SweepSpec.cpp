#include "bench/SweepSpec.h"

#include "engine/description/PlanDescription.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace fftscope::bench {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

template <typename Enum, typename Parse>
bool tryParse(std::string_view text, Parse parse, Enum& out) {
  try {
    out = parse(text);
    return true;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

// One side: "4096", "1000" or "2^12", whole, from 1 to kMaxSide (the engine takes any size).
std::size_t parseSide(std::string_view text) {
  const bool power = text.starts_with("2^");
  const std::string_view digits = power ? text.substr(2) : text;
  unsigned long long value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
    throw std::invalid_argument("'" + std::string(text) + "' is not a size (sizes look like 4096 or 2^12)");
  if (power) {
    if (value > 30) throw std::invalid_argument("'" + std::string(text) + "' is above the largest side, 2^30");
    value = 1ull << value;
  }
  if (value < 1 || value > kMaxSide)
    throw std::invalid_argument("size " + std::string(text) + " is out of range (1 to 2^30 = 1073741824)");
  return static_cast<std::size_t>(value);
}

}  // namespace

std::string VariantChoice::name(int dims) const {
  std::string text(toString(variant));
  if (twiddle != TwiddleMode::Table) text += "/" + std::string(toString(twiddle));
  if (dims == 2 && transpose != TransposeMode::Tiled) text += "/" + std::string(toString(transpose));
  return text;
}

VariantChoice parseVariantChoice(std::string_view text, const VariantChoice& defaults) {
  const std::vector<std::string_view> parts = split(text, '/');
  VariantChoice choice = defaults;
  choice.variant = parseVariant(parts.front());
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (tryParse(parts[i], parseTwiddleMode, choice.twiddle) || tryParse(parts[i], parseTransposeMode, choice.transpose))
      continue;
    throw std::invalid_argument("'" + std::string(parts[i]) + "' in '" + std::string(text) +
                                "' is neither a twiddle (table, sincos, native, recurrence) nor a transpose "
                                "(naive, tiled, padded, none)");
  }
  return choice;
}

std::vector<VariantChoice> parseVariantList(std::string_view text, const VariantChoice& defaults) {
  std::vector<VariantChoice> choices;
  if (text == "all") {
    for (Variant v : allVariants()) {
      VariantChoice c = defaults;
      c.variant = v;
      choices.push_back(c);
    }
    return choices;
  }
  for (std::string_view part : split(text, ',')) choices.push_back(parseVariantChoice(part, defaults));
  return choices;
}

std::vector<std::string> parsePeerList(std::string_view text) {
  if (text.empty()) return {};
  if (text == "all") return allPeerNames();
  std::vector<std::string> peers;
  for (std::string_view part : split(text, ',')) {
    const std::vector<std::string>& known = allPeerNames();
    if (std::find(known.begin(), known.end(), part) == known.end())
      throw std::invalid_argument("unknown peer '" + std::string(part) + "' (accepted: clfft, vkfft, fftw, all)");
    peers.emplace_back(part);
  }
  return peers;
}

std::string CaseShape::text() const {
  return dims == 2 ? std::to_string(rows) + "x" + std::to_string(cols) : std::to_string(cols);
}

std::vector<CaseShape> parseSizes(std::string_view text, int dims) {
  if (dims != 1 && dims != 2) throw std::invalid_argument("dims must be 1 or 2");
  std::vector<CaseShape> shapes;
  auto plain = [dims](std::size_t n) { return dims == 2 ? CaseShape{2, n, n} : CaseShape{1, 1, n}; };
  for (std::string_view item : split(text, ',')) {
    if (const std::size_t dots = item.find(".."); dots != std::string_view::npos) {
      const std::size_t from = parseSide(item.substr(0, dots)), to = parseSide(item.substr(dots + 2));
      if (from > to) throw std::invalid_argument("range '" + std::string(item) + "' runs backwards");
      // A range steps by doubling, so it runs between powers of two.
      if (!isPowerOfTwo(from) || !isPowerOfTwo(to))
        throw std::invalid_argument("range '" + std::string(item) + "' must run between powers of two");
      for (std::size_t n = from; n <= to; n *= 2) shapes.push_back(plain(n));
    } else if (const std::size_t x = item.find('x'); x != std::string_view::npos) {
      shapes.push_back({2, parseSide(item.substr(0, x)), parseSide(item.substr(x + 1))});
    } else {
      shapes.push_back(plain(parseSide(item)));
    }
  }
  return shapes;
}

void validate(const SweepSpec& spec) {
  if (spec.shapes.empty()) throw std::invalid_argument("the sweep has no sizes");
  if (spec.variants.empty() && spec.peers.empty()) throw std::invalid_argument("the sweep has no variant and no peer");
  if (spec.repeat < 1) throw std::invalid_argument("repeat must be at least 1, not " + std::to_string(spec.repeat));
  if (spec.warmup < 0) throw std::invalid_argument("warmup must be 0 or more, not " + std::to_string(spec.warmup));
  if ((spec.batch == 0) == (spec.points == 0))
    throw std::invalid_argument("a sweep takes either a batch or a number of points per case");
  for (const std::string& peer : spec.peers) parsePeerList(peer);
  for (const CaseShape& shape : spec.shapes)
    if (shape.cols == 0 || shape.rows == 0) throw std::invalid_argument("size " + shape.text() + " is empty");
}

std::size_t batchFor(const SweepSpec& spec, const CaseShape& shape) {
  return spec.batch ? spec.batch : std::max<std::size_t>(1, spec.points / shape.points());
}

}  // namespace fftscope::bench
