#include "engine/planning/SplitBluestein.h"

#include "engine/planning/PassPlan.h"

#include <algorithm>
#include <cstdint>

namespace fftscope {

namespace {

// The divisors of a 13-smooth m, longest first; none for any other m.
std::vector<std::size_t> smoothDivisors(std::size_t m) {
  std::vector<std::size_t> divisors{1};
  for (std::size_t prime : {2, 3, 5, 7, 11, 13}) {
    const std::size_t count = divisors.size();
    for (std::size_t power = prime; m % prime == 0; m /= prime, power *= prime)
      for (std::size_t i = 0; i < count; ++i) divisors.push_back(divisors[i] * power);
  }
  if (m != 1) return {};
  std::sort(divisors.rbegin(), divisors.rend());
  return divisors;
}

// The splits of M, longest rows first, at most `most` of them.
std::vector<SplitShape> shapesOf(std::size_t m, std::size_t batch, Precision precision, const DeviceLimits& limits,
                                 std::size_t most) {
  if (!limits.splitBluestein || !limits.bluesteinMiddle || m < 4) return {};
  const std::size_t largestRow = limits.localMemBytes / bytesPerComplex(precision);
  // The few longest rows local memory holds (or the one asked for): planning each costs time, and
  // shorter rows mean longer columns, which take more than one step.
  constexpr int kRowsTried = 4;
  int tried = 0;
  std::vector<SplitShape> shapes;
  for (std::size_t cols : smoothDivisors(m)) {
    if (cols > largestRow || cols > m / 2) continue;
    if (limits.splitRowLength != 0 && cols != limits.splitRowLength) continue;
    if (cols < 2 || tried++ == kRowsTried || shapes.size() == most) break;
    const std::size_t rows = m / cols;
    const std::vector<GroupedStep> row = groupedSteps(cols, batch * rows, false, precision, limits);
    // The FFTs meet in the row pass: one step held in local memory, two inner passes or more.
    if (row.size() != 1 || row[0].rounds != 1 || row[0].radices.size() < 2) continue;
    const std::vector<GroupedStep> column = groupedSteps(rows, batch * cols, true, precision, limits);
    if (column.size() != 1) continue;
    shapes.push_back({rows, cols, column[0], row[0]});
  }
  return shapes;
}

}  // namespace

std::vector<SplitShape> splitShapes(std::size_t m, std::size_t batch, Precision precision, const DeviceLimits& limits) {
  return shapesOf(m, batch, precision, limits, SIZE_MAX);
}

SplitShape splitShape(std::size_t m, std::size_t batch, Precision precision, const DeviceLimits& limits) {
  const std::vector<SplitShape> shapes = shapesOf(m, batch, precision, limits, 1);
  return shapes.empty() ? SplitShape{} : shapes.front();
}

void appendSplitBluestein(std::vector<PassInfo>& passes, const PassInfo& inner, const HookedRows& stage,
                          const SplitShape& shape, Precision precision, const DeviceLimits& limits) {
  const std::size_t m = inner.length, batch = inner.rows, bpp = bytesPerComplex(precision);
  auto make = [&](const GroupedStep& step, bool columns) {
    // The row pass's twiddles w(f*k1, M) are a later Stockham pass's w(f*k, F*p) with p = N1.
    PassInfo pass = groupedPass(inner, step, columns ? 1 : shape.rows, columns);
    pass.stride = columns ? shape.cols : 1;
    pass.dist = columns ? m : shape.cols;  // the row pass's rows lie N2 apart
    pass.padded = m;
    pass.hooks.n = stage.n;
    pass.hooks.stride = stage.stride;
    pass.hooks.dist = stage.dist;
    pass.hooks.splitCols = shape.cols;
    pass.hooks.splitTwiddles = splitTwiddlesFor(limits, precision);
    // One batch row's groups: the row pass's N1 rows or the column passes' N2 columns, C a group.
    const std::size_t lanesPerRow = columns ? shape.cols : shape.rows;
    const bool batchFast = limits.batchFastGroups >= (columns ? 2u : 1u);
    if (batchFast && batch > 1 && lanesPerRow % pass.grouped.lanes == 0) pass.grouped.batchGroups = lanesPerRow / pass.grouped.lanes;
    pass.bytesRead = pass.bytesWritten = m * batch * bpp;
    return pass;
  };
  const std::uint64_t rowBytes = stage.n * batch * bpp, chirpBytes = stage.n * bpp;
  PassInfo in = make(shape.column, true);
  in.hooks.chirpIn = true;
  in.bytesRead = rowBytes + chirpBytes;  // the chirp is read once, whatever the rows
  PassInfo middle = make(shape.row, false);
  middle.hooks.filterMiddle = true;
  middle.bytesRead += m * bpp;
  PassInfo out = make(shape.column, true);
  out.hooks.chirpOut = true;
  out.bytesRead += chirpBytes;
  out.bytesWritten = rowBytes;
  passes.push_back(in);
  passes.push_back(middle);
  passes.push_back(out);
}

std::vector<std::complex<long double>> splitOrder(const std::vector<std::complex<long double>>& spectrum,
                                                  std::size_t cols) {
  const std::size_t rows = spectrum.size() / cols;
  std::vector<std::complex<long double>> ordered(spectrum.size());
  for (std::size_t k1 = 0; k1 < rows; ++k1)
    for (std::size_t k2 = 0; k2 < cols; ++k2) ordered[k1 * cols + k2] = spectrum[k1 + rows * k2];
  return ordered;
}

}  // namespace fftscope
