#include "graph/Annotations.h"

#include <cmath>
#include <numeric>
#include <stdexcept>

namespace fftscope::graph {
namespace {

int exactLog2(std::size_t n) {  // -1 when n is not a power of two
  if (n == 0 || (n & (n - 1)) != 0) return -1;
  int l = 0;
  while ((std::size_t{1} << l) < n) ++l;
  return l;
}

std::string power(std::uint64_t e) { return e == 0 ? "" : e == 1 ? "W·" : "W^" + std::to_string(e) + "·"; }

}  // namespace

std::string formula(const FlowGraph& graph, const Column& column, std::size_t index, int q) {
  if (index >= column.butterflies.size()) throw std::invalid_argument("formula: no such butterfly");
  const Butterfly& butterfly = column.butterflies[index];
  if (q < 0 || q >= static_cast<int>(butterfly.outputs.size())) throw std::invalid_argument("formula: no such output");
  const std::uint64_t half = graph.points / 2;
  const bool even = graph.points % 2 == 0;
  std::string text = "y[" + std::to_string(butterfly.outputs[static_cast<std::size_t>(q)]) + "] =";
  bool first = true;
  // The column's edges of this butterfly into output q, in slot order.
  for (const Edge& e : column.edges) {
    if (e.butterfly != index || e.q != q) continue;
    bool minus = even && e.weightOverN >= half;
    std::uint64_t exponent = minus ? e.weightOverN - half : e.weightOverN;
    text += first ? (minus ? " −" : " ") : (minus ? " − " : " + ");
    text += power(exponent) + "x[" + std::to_string(e.from) + "]";
    first = false;
  }
  if (column.scale != 1.0L) text += " (·1/" + std::to_string(graph.points) + ")";
  return text;
}

TwiddleAnnotation annotateTwiddle(const Twiddle& twiddle, Direction direction, Precision precision) {
  TwiddleAnnotation a;
  const std::uint64_t over = twiddle.over == 0 ? 1 : twiddle.over;
  const std::uint64_t e = twiddle.exponent % over;
  const std::uint64_t g = std::gcd(e, over);
  a.numerator = e / g;
  a.denominator = over / g;
  a.fraction = a.numerator == 0 ? "0" : std::to_string(a.numerator) + "/" + std::to_string(a.denominator);
  // The same operations as TwiddleTable.cpp, so the stored value is the table's, bit for bit.
  const long double twoPi = 6.283185307179586476925286766559005768L;
  const long double angle = twoPi * static_cast<long double>(e) / static_cast<long double>(over);
  const long double sign = direction == Direction::Forward ? -1.0L : 1.0L;
  a.cosExact = std::cos(angle);
  a.sinExact = sign * std::sin(angle);
  if (precision == Precision::F32) {
    a.cosStored = static_cast<float>(std::cos(angle));
    a.sinStored = static_cast<float>(sign * std::sin(angle));
  } else {
    a.cosStored = static_cast<double>(std::cos(angle));
    a.sinStored = static_cast<double>(sign * std::sin(angle));
  }
  a.storedError = std::hypot(static_cast<long double>(a.cosStored) - a.cosExact,
                             static_cast<long double>(a.sinStored) - a.sinExact);
  return a;
}

IndexAnnotation annotateIndex(const FlowGraph& graph, std::size_t index) {
  IndexAnnotation a;
  a.value = index;
  const int bits = exactLog2(graph.points);
  for (int b = bits - 1; b >= 0; --b) a.binary += ((index >> b) & 1u) ? '1' : '0';
  if (graph.kind == GraphKind::Plan) {
    std::size_t rest = index;
    for (const Column& column : graph.columns) {
      if (column.innerStages > 1 && column.innerStage > 0) continue;  // one digit per block
      const int r = column.blockRadix > 0 ? column.blockRadix : column.radix;
      a.radices.push_back(r);
      a.digits.push_back(rest % static_cast<std::size_t>(r));
      rest /= static_cast<std::size_t>(r);
    }
  }
  return a;
}

IndexAnnotation annotateOutputIndex(const FlowGraph& graph, const Column& column, std::size_t index) {
  IndexAnnotation a = annotateIndex(graph, index);
  const int r = column.blockRadix > 0 ? column.blockRadix : column.radix;
  const int logR = exactLog2(static_cast<std::size_t>(r));
  const int logP = exactLog2(column.p);
  if (graph.kind == GraphKind::Plan && logR > 0 && logP >= 0 && !a.binary.empty()) {
    a.insertedLow = logP;
    a.insertedCount = logR;
  }
  if (graph.kind == GraphKind::Plan) {
    // Digit c of the mixed-radix index is the slot of the c-th block: p is the product below it.
    std::size_t product = 1;
    for (std::size_t c = 0; c < a.radices.size(); ++c) {
      if (product == column.p && a.radices[c] == r) {
        a.insertedDigit = static_cast<int>(c);
        break;
      }
      product *= static_cast<std::size_t>(a.radices[c]);
    }
  }
  return a;
}

ButterflyAnnotation annotateButterfly(const Column& column, std::size_t index) {
  if (index >= column.butterflies.size()) throw std::invalid_argument("annotateButterfly: no such butterfly");
  const Butterfly& b = column.butterflies[index];
  ButterflyAnnotation a;
  a.i = b.i;
  a.k = b.k;
  const int r = column.blockRadix > 0 ? column.blockRadix : column.radix;
  a.j = (b.i - b.k) * static_cast<std::size_t>(r) + b.k;
  const std::size_t subPoints = column.butterflies.size() * static_cast<std::size_t>(column.radix) / column.subTransforms;
  const int logR = exactLog2(static_cast<std::size_t>(r)), logP = exactLog2(column.p), logM = exactLog2(subPoints);
  if (logR > 0 && logP >= 0 && logM > 0) {
    for (int bit = logM - logR - 1; bit >= 0; --bit) a.iBinary += ((a.i >> bit) & 1u) ? '1' : '0';
    for (int bit = logM - 1; bit >= 0; --bit) a.jBinary += ((a.j >> bit) & 1u) ? '1' : '0';
    a.kBits = logP;
    a.insertedLow = logP;
    a.insertedCount = logR;
  }
  return a;
}

}  // namespace fftscope::graph
