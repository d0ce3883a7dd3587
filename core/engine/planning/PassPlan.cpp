#include "engine/planning/PassPlan.h"

#include "engine/planning/CacheChunks.h"
#include "engine/planning/GroupedBuild.h"
#include "engine/planning/GroupedPasses.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/SplitBluestein.h"
#include "engine/planning/StagePlanner.h"

#include <algorithm>
#include <stdexcept>

namespace fftscope {
namespace {

constexpr std::size_t kStockhamGroup = 256;  // work-items per group for global passes
constexpr std::size_t kLocalMaxRadix = 16;
constexpr std::size_t kLocalGroupTarget = 128;  // work-items a local_fft group should have at least

int log2Of(std::size_t n) {
  int l = 0;
  while ((std::size_t{1} << l) < n) ++l;
  return l;
}

// local_fft keeps one padding element per 16 points in local memory.
std::size_t localBytes(std::size_t points, std::size_t bytesPerPoint) { return (points + points / 16) * bytesPerPoint; }

std::size_t roundUp(std::size_t value, std::size_t multiple) { return (value + multiple - 1) / multiple * multiple; }

// One axis of the transform: `rows` rows of `length` points, laid out by stride and dist.
struct Stage {
  std::size_t length;
  std::size_t rows;
  std::size_t stride;
  std::size_t dist;
  int axis;
};

void setStockhamGeometry(PassInfo& pass, const DeviceLimits& limits) {
  std::size_t items = pass.length / pass.radix * pass.rows;
  std::size_t group = std::min({kStockhamGroup, limits.maxWorkGroupSize, items});
  pass.global = {roundUp(items, group), 1, 1};
  pass.local = {group, 1, 1};
  pass.workDim = 1;
}

// An element-wise pass over `width` points of every row: (point, row) work-items.
void setElementwiseGeometry(PassInfo& pass, std::size_t width, const DeviceLimits& limits) {
  std::size_t group = std::min({kStockhamGroup, limits.maxWorkGroupSize, width});
  pass.global = {roundUp(width, group), pass.rows, 1};
  pass.local = {group, 1, 1};
  pass.workDim = 2;
}

// A local_fft pass of the factors' power-of-two part (if any), then the Stockham passes.
void appendDirect(std::vector<PassInfo>& passes, const PassInfo& base, const DirectFactors& factors,
                  const DeviceLimits& limits) {
  std::size_t p = 1;
  const std::size_t bytesPerPoint = base.bytesRead / (base.length * base.rows);
  if (factors.localPoints >= 2) {
    PassInfo local = base;
    std::size_t m = factors.localPoints;
    local.kind = PassKind::Local;
    local.span = m;
    local.radix = static_cast<int>(std::min(kLocalMaxRadix, m));
    int rem = log2Of(m) % log2Of(local.radix);
    local.localFft.tailRadix = rem == 0 ? 1 : 1 << rem;
    std::size_t workItems = m / local.radix;
    std::size_t count = base.rows * (base.length / m);  // sub-transforms in the stage
    // Small transforms share a group, as far as local memory and the sub-transforms go.
    std::size_t g = 1;
    while (workItems * g * 2 <= kLocalGroupTarget && g < count &&
           2 * g * localBytes(m, bytesPerPoint) <= limits.localMemBytes && workItems * g * 2 <= limits.maxWorkGroupSize)
      g *= 2;
    local.localFft.groupRows = g;
    local.global = {workItems, roundUp(count, g), 1};
    local.local = {workItems, g, 1};
    local.workDim = 2;
    passes.push_back(local);
    p = m;
  }
  for (int radix : factors.radices) {
    PassInfo pass = base;
    pass.kind = PassKind::Stockham;
    pass.radix = radix;
    pass.p = p;
    setStockhamGeometry(pass, limits);
    passes.push_back(pass);
    p *= radix;
  }
}

// The passes of one stage, without buffers assigned yet.
std::vector<PassInfo> stagePasses(const PlanDescription& d, const Stage& stage, const DeviceLimits& limits,
                                  std::size_t bytesPerPoint) {
  std::vector<PassInfo> passes;
  auto base = [&] {
    PassInfo pass;
    pass.length = stage.length;
    pass.rows = stage.rows;
    pass.stride = stage.stride;
    pass.dist = stage.dist;
    pass.axis = stage.axis;
    pass.batchFastest = stage.stride != 1;
    pass.twiddle = d.twiddle;
    pass.bytesRead = pass.bytesWritten = stage.length * stage.rows * bytesPerPoint;
    return pass;
  };
  if (stage.length == 1) {
    PassInfo copy = base();
    copy.kind = PassKind::Copy;
    std::size_t items = stage.rows;
    std::size_t group = std::min({kStockhamGroup, limits.maxWorkGroupSize, items});
    copy.global = {roundUp(items, group), 1, 1};
    copy.local = {group, 1, 1};
    passes.push_back(copy);
    return passes;
  }

  StageChoice choice = chooseStage(stage.length, d, limits, stage.rows, stage.stride > 1);
  const bool grouped = d.variant == Variant::Auto && limits.groupedPasses;
  auto direct = [&](const PassInfo& start, const DirectFactors& factors) {
    if (!grouped || !appendGrouped(passes, start, d.precision, limits)) appendDirect(passes, start, factors, limits);
  };
  if (!choice.bluestein) {
    direct(base(), choice.factors);
    return passes;
  }
  // Bluestein: the FFTs of M run on contiguous padded rows; the chirps and the filter either go
  // into the first and last grouped passes' loads and stores, or are passes of their own that
  // read and write the stage's layout.
  const std::size_t m = choice.padded;
  PassInfo inner = base();
  inner.length = m;
  inner.stride = 1;
  inner.dist = m;
  inner.batchFastest = false;
  inner.bytesRead = inner.bytesWritten = m * stage.rows * bytesPerPoint;
  if (choice.fused) {
    // Columns read in place keep their layout in the padded arrays (M x cols), so that the
    // grouped passes read neighbouring columns together.
    PassInfo padded = inner;
    if (stage.stride != 1) {
      padded.stride = stage.stride;
      padded.dist = stage.dist;
      padded.batchFastest = true;
    }
    const HookedRows hooked{stage.length, stage.stride, stage.dist, choice.rader};
    const SplitShape split = choice.splitCols && stage.stride == 1 ? splitShape(m, stage.rows, d.precision, limits)
                                                                   : SplitShape{};
    if (split.cols != 0) {
      appendSplitBluestein(passes, inner, hooked, split, d.precision, limits);
      return passes;
    }
    if (appendFusedBluestein(passes, padded, hooked, d.precision, limits)) return passes;
  }
  // Rader's stage exists only as grouped passes (its padded rows are shorter than Bluestein's).
  if (choice.rader) throw std::logic_error("Rader's stage of " + std::to_string(stage.length) + " has no grouped passes");

  PassInfo chirp = base();
  chirp.kind = PassKind::Elementwise;
  chirp.padded = m;
  chirp.bytesRead = stage.length * stage.rows * bytesPerPoint;
  chirp.bytesWritten = m * stage.rows * bytesPerPoint;
  setElementwiseGeometry(chirp, m, limits);
  chirp.elementwise.kernel = ElementwiseKernel::ChirpPad;
  passes.push_back(chirp);

  direct(inner, choice.factors);
  PassInfo product = inner;
  product.kind = PassKind::Elementwise;
  product.elementwise.kernel = ElementwiseKernel::SpectrumProduct;
  product.length = stage.length;
  product.padded = m;
  product.bytesRead = 2 * m * stage.rows * bytesPerPoint;  // data and filter
  setElementwiseGeometry(product, m, limits);
  passes.push_back(product);
  direct(inner, choice.factors);

  chirp.elementwise.kernel = ElementwiseKernel::ChirpUnpad;
  std::swap(chirp.bytesRead, chirp.bytesWritten);
  setElementwiseGeometry(chirp, stage.length, limits);
  passes.push_back(chirp);
  return passes;
}

PassInfo transposePass(const PlanDescription& d, std::size_t rows, std::size_t cols, const DeviceLimits& limits,
                       std::size_t bytesPerPoint) {
  PassInfo pass;
  pass.kind = PassKind::Transpose;
  pass.transpose = d.transpose;
  pass.length = cols;
  pass.span = rows;
  pass.rows = d.batch;
  std::size_t tile = 16;
  while (tile * tile > limits.maxWorkGroupSize && tile > 1) tile /= 2;
  if (d.transpose != TransposeMode::Naive && tile < 4)
    throw std::invalid_argument("the device's work-groups (" + std::to_string(limits.maxWorkGroupSize) +
                                " work-items) are too small for a transpose tile");
  pass.local = {tile, tile, 1};
  pass.global = {roundUp(cols, tile), roundUp(rows, tile), d.batch};
  pass.workDim = 3;
  pass.bytesRead = pass.bytesWritten = rows * cols * d.batch * bytesPerPoint;
  return pass;
}

// Points passes j = 0..k-1 of a stage from `source` to `destination`, ping-ponging through
// `scratch` so that the last pass lands in `destination` and `source` is only read.
void route(std::vector<PassInfo>& passes, std::size_t first, int source, int destination, int scratch) {
  std::size_t count = passes.size() - first;
  for (std::size_t j = 0; j < count; ++j) {
    PassInfo& pass = passes[first + j];
    pass.source = j == 0 ? source : passes[first + j - 1].destination;
    pass.destination = (count - 1 - j) % 2 == 0 ? destination : scratch;
  }
}

// Bluestein's passes: the chirp passes read `source` and write `destination`; everything in
// between ping-pongs through the padded slots C and D.
void routeBluestein(std::vector<PassInfo>& passes, std::size_t first, int source, int destination) {
  int current = source;
  for (std::size_t j = first; j < passes.size(); ++j) {
    passes[j].source = current;
    passes[j].destination = j + 1 == passes.size() ? destination : (current == kScratchC ? kScratchD : kScratchC);
    current = passes[j].destination;
  }
}

void append(std::vector<PassInfo>& all, std::vector<PassInfo> more, int source, int destination, int scratch) {
  std::size_t first = all.size();
  bool bluestein = !more.empty() && (isBluesteinPass(more.front()) || more.front().hooks.chirpIn);
  all.insert(all.end(), more.begin(), more.end());
  if (bluestein)
    routeBluestein(all, first, source, destination);
  else
    route(all, first, source, destination, scratch);
}

// The columns of a 2D description read in place: batch x cols columns of `rows` points, cols apart.
Stage columnStage(const PlanDescription& d) { return {d.rows, d.batch * d.cols, d.cols, 1, 1}; }

// The inverse's 1/N goes on the last pass that transforms (transposes only move data).
void scaleLastTransform(std::vector<PassInfo>& passes, std::size_t n) {
  for (auto it = passes.rbegin(); it != passes.rend(); ++it)
    if (it->kind != PassKind::Transpose) {
      it->scale = 1.0f / static_cast<float>(n);
      it->scaleDivisor = n;
      break;
    }
}

}  // namespace

SplitTwiddles splitTwiddlesFor(const DeviceLimits& limits, Precision precision) {
  if (limits.splitTwiddles) return *limits.splitTwiddles;
  return precision == Precision::F32 ? SplitTwiddles::FirstColumn : SplitTwiddles::Rows;
}

std::size_t largestLocalPoints(Precision precision, const DeviceLimits& limits) {
  std::size_t m = 1;
  while (localBytes(2 * m, bytesPerComplex(precision)) <= limits.localMemBytes &&
         2 * m / std::min(kLocalMaxRadix, 2 * m) <= limits.maxWorkGroupSize)
    m *= 2;
  return m;
}

std::vector<PassInfo> planPasses(const PlanDescription& d, const DeviceLimits& limits) {
  validate(d);
  // Every group size below divides by this; a device (or a test) saying 0 must not reach them.
  if (limits.maxWorkGroupSize < 1)
    throw std::invalid_argument("the device reports a maximum work-group size of 0");
  if (limits.cacheChunkBytes > 0) {
    // A batch run in chunks where its plan allows (CacheChunks.h), else as a whole.
    DeviceLimits whole = limits;
    whole.cacheChunkBytes = 0;
    std::vector<PassInfo> chunked = chunkedPasses(d, whole, chunkMembers(d, limits.cacheChunkBytes));
    return chunked.empty() ? planPasses(d, whole) : chunked;
  }
  const std::size_t bpp = bytesPerComplex(d.precision);
  std::vector<PassInfo> passes;

  bool reallyTwoD = d.dimensions == 2 && d.rows > 1 && d.cols > 1;
  if (!reallyTwoD) {
    // 1D, or a 2D array with a single row or column: one contiguous axis.
    std::size_t n = d.points();
    append(passes, stagePasses(d, {n, d.batch, 1, n, 0}, limits, bpp), kInput, kOutput, kScratchA);
  } else if (columnsInPlace(d, limits)) {
    // Rows, then the columns read in place by grouped passes: no transposes.
    const std::size_t rowsTotal = d.batch * d.rows;
    append(passes, stagePasses(d, {d.cols, rowsTotal, 1, d.cols, 0}, limits, bpp), kInput, kScratchB, kScratchA);
    append(passes, stagePasses(d, columnStage(d), limits, bpp), kScratchB, kOutput, kScratchA);
  } else if (d.transpose == TransposeMode::None) {
    std::size_t rowsTotal = d.batch * d.rows;
    append(passes, stagePasses(d, {d.cols, rowsTotal, 1, d.cols, 0}, limits, bpp), kInput, kScratchB, kScratchA);
    // Columns read in place with a stride; one batch member at a time would be slower, so the
    // batch of 2D arrays is handled as cols * batch columns only when batch is 1.
    if (d.batch == 1) {
      append(passes, stagePasses(d, {d.rows, d.cols, d.cols, 1, 1}, limits, bpp), kScratchB, kOutput, kScratchA);
    } else {
      throw std::invalid_argument("transpose 'none' takes one 2D array at a time (batch 1), not " +
                                  std::to_string(d.batch));
    }
  } else {
    append(passes, stagePasses(d, {d.cols, d.batch * d.rows, 1, d.cols, 0}, limits, bpp), kInput, kOutput, kScratchA);
    append(passes, {transposePass(d, d.rows, d.cols, limits, bpp)}, kOutput, kScratchA, kScratchB);
    append(passes, stagePasses(d, {d.rows, d.batch * d.cols, 1, d.rows, 1}, limits, bpp), kScratchA, kScratchB, kOutput);
    append(passes, {transposePass(d, d.cols, d.rows, limits, bpp)}, kScratchB, kOutput, kScratchA);
  }

  if (d.direction == Direction::Inverse) scaleLastTransform(passes, d.points());
  alternateGroupOrder(passes, limits);
  chooseGroupedBuilds(passes, d.precision, limits);
  return passes;
}

void alternateGroupOrder(std::vector<PassInfo>& passes, const DeviceLimits& limits) {
  if (!limits.reverseGroups) return;
  auto orders = [](const PassInfo& pass) {
    return pass.kind == PassKind::Grouped || pass.elementwise.kernel == ElementwiseKernel::RaderPermute;
  };
  // One long row's passes read all over it, so no order starts on what the last pass left in the
  // cache: there a reversed pass gains nothing and loses its natural order's prefetching.
  for (std::size_t j = 1; j < passes.size(); ++j)
    passes[j].reverseGroups = orders(passes[j]) && orders(passes[j - 1]) && !passes[j - 1].reverseGroups &&
                              !passes[j].hooks.filterMiddle && passes[j].rows > 1;
}

bool columnsInPlace(const PlanDescription& d, const DeviceLimits& limits) {
  if (d.dimensions != 2 || d.rows <= 1 || d.cols <= 1 || d.variant != Variant::Auto || !limits.groupedPasses)
    return false;
  // A column axis by Bluestein: its convolution's grouped passes read the padded columns in place.
  const Stage stage = columnStage(d);
  const StageChoice choice = chooseStage(stage.length, d, limits, stage.rows, stage.stride > 1);
  if (choice.bluestein && !choice.fused) return false;
  return !groupedSteps(choice.bluestein ? choice.padded : stage.length, stage.rows, true, d.precision, limits).empty();
}

std::vector<PassInfo> columnPassesInPlace(const PlanDescription& d, const DeviceLimits& limits) {
  validate(d);
  if (!columnsInPlace(d, limits))
    throw std::invalid_argument(d.summary() + ": its columns are not transformed in place on this device");
  std::vector<PassInfo> passes;
  append(passes, stagePasses(d, columnStage(d), limits, bytesPerComplex(d.precision)), kInput, kOutput, kScratchA);
  if (d.direction == Direction::Inverse) scaleLastTransform(passes, d.rows);
  alternateGroupOrder(passes, limits);
  chooseGroupedBuilds(passes, d.precision, limits);
  return passes;
}

std::vector<PassInfo> transposeOnlyPasses(const PlanDescription& d, const DeviceLimits& limits) {
  validateShape(d);
  std::vector<PassInfo> passes{transposePass(d, d.rows, d.cols, limits, bytesPerComplex(d.precision))};
  passes[0].source = kInput;
  passes[0].destination = kOutput;
  return passes;
}

std::size_t launchCount(const std::vector<PassInfo>& passes) {
  return passes.empty() ? 0 : passes.size() * passes.front().chunks;
}

std::uint64_t bytesMoved(const std::vector<PassInfo>& passes) {
  std::uint64_t bytes = 0;
  for (const PassInfo& p : passes) bytes += (p.bytesRead + p.bytesWritten) * p.chunks;
  return bytes;
}

bool isBluesteinPass(const PassInfo& pass) { return pass.kind == PassKind::Elementwise && pass.padded > 0; }

std::size_t slotElements(const std::vector<PassInfo>& passes, int slot, std::size_t elements) {
  for (const PassInfo& pass : passes)
    if (pass.padded > 0 && (pass.source == slot || pass.destination == slot))
      elements = std::max(elements, pass.padded * pass.rows);
  return elements;
}

int scratchBuffersUsed(const std::vector<PassInfo>& passes) {
  int used = 0;
  for (const PassInfo& pass : passes)
    for (int slot : {pass.source, pass.destination}) used = std::max(used, slot - kOutput);
  return used;
}

}  // namespace fftscope
