#include "engine/planning/PlanCandidates.h"

#include "engine/planning/BluesteinLength.h"
#include "engine/planning/CacheChunks.h"
#include "engine/planning/RegisterExchange.h"
#include "engine/planning/SplitBluestein.h"
#include "engine/planning/StagePlanner.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace fftscope {
namespace {

// local_fft reading columns in place: one column a group, so every load is a sector of its own
// (8 of 32 bytes used in f32 on a GPU); PoCL too runs such a pass several row passes long.
constexpr double kColumnsFactor = 4.0;
// Bluestein's convolution lengths a 1D length gets candidates for, besides auto's: the estimate
// counts passes and bytes, not how well each length's radices run, so a measurement may find a
// faster M (docs/engine.md).
constexpr std::size_t kConvolutionCandidates = 6;
// The interleaved sub-transforms of a long row: neighbouring groups share sectors through the
// cache, about half of them lost (local + r16 + r16 of 2^20 on an H200 took 2.5 floors for the
// local pass).
constexpr double kInterleavedFactor = 1.5;

struct Way {
  const char* name;
  Variant variant;  // Auto: grouped passes
};

const Way kWays[] = {{"grouped", Variant::Auto}, {"local", Variant::Local}, {"r16", Variant::R16},
                     {"r8", Variant::R8},        {"r4", Variant::R4},       {"r2", Variant::R2}};

bool reallyTwoD(const PlanDescription& d) { return d.dimensions == 2 && d.rows > 1 && d.cols > 1; }

bool samePasses(const std::vector<PassInfo>& a, const std::vector<PassInfo>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].label() != b[i].label() || a[i].source != b[i].source || a[i].destination != b[i].destination ||
        a[i].global != b[i].global || a[i].local != b[i].local)
      return false;
  return true;
}

// How the columns of a 2D plan are reached: its transposes' mode, or "none".
std::string columnsName(const std::vector<PassInfo>& passes) {
  for (const PassInfo& p : passes)
    if (p.kind == PassKind::Transpose) return std::string(toString(p.transpose));
  return "none";
}

double passCost(const PassInfo& p, double dataBytes) {
  const double traffic = static_cast<double>(p.bytesRead + p.bytesWritten) / (2 * dataBytes);
  double factor = 1;
  if (p.kind == PassKind::Stockham) {
    factor = std::max(1.0, passKindCost(p.radix) - launchCost());
  } else if (p.kind == PassKind::Local) {
    factor = p.stride != 1 ? kColumnsFactor : p.span < p.length ? kInterleavedFactor : 1.0;
  }
  return traffic * factor + launchCost();
}

// Whether the passes split Bluestein's padded rows of M into rows of `cols`, and no others.
bool splitsAs(const std::vector<PassInfo>& passes, std::size_t cols, std::size_t m) {
  std::size_t split = 0;
  for (const PassInfo& p : passes) {
    if (p.hooks.splitCols == 0) continue;
    if (p.hooks.splitCols != cols || p.padded != m) return false;
    ++split;
  }
  return split != 0;
}

}  // namespace

double estimatedCost(const std::vector<PassInfo>& passes, const PlanDescription& d) {
  const double dataBytes = static_cast<double>(d.bytes());
  double cost = 0;
  for (const PassInfo& p : passes) cost += passCost(p, dataBytes) * static_cast<double>(p.chunks);
  return cost;
}

std::vector<PlanCandidate> planCandidates(const PlanDescription& description, const DeviceLimits& limits) {
  validate(description);
  const bool twoD = reallyTwoD(description);
  const std::vector<TransposeMode> layouts =
      twoD ? std::vector<TransposeMode>{TransposeMode::Tiled, TransposeMode::Padded, TransposeMode::None}
           : std::vector<TransposeMode>{description.transpose};

  std::vector<PlanCandidate> candidates;
  // measureOnly: auto's plan under other settings, taken only when measured fastest.
  auto add = [&](std::string name, std::vector<PassInfo> passes, bool measureOnly = false) {
    // Short lengths give the same passes under several names (r16 and r8 of 8 points): one is kept.
    for (const PlanCandidate& c : candidates)
      if (c.name == name || samePasses(c.passes, passes)) return;
    PlanCandidate c;
    c.name = std::move(name);
    c.bytes = bytesMoved(passes);
    c.cost = estimatedCost(passes, description);
    c.passes = std::move(passes);
    c.measureOnly = measureOnly;
    candidates.push_back(std::move(c));
  };
  for (const Way& way : kWays) {
    const bool grouped = way.variant == Variant::Auto;
    if (grouped && !limits.groupedPasses) continue;  // the device builds them too slowly (PassPlan.h)
    for (TransposeMode layout : layouts) {
      PlanDescription d = description;
      d.variant = way.variant;
      d.transpose = layout;
      std::vector<PassInfo> passes;
      try {
        passes = planPasses(d, limits);
      } catch (const std::invalid_argument&) {
        continue;  // not for this device or shape (e.g. columns in place of a batch of arrays)
      }
      if (grouped && std::none_of(passes.begin(), passes.end(),
                                  [](const PassInfo& p) { return p.kind == PassKind::Grouped; }))
        continue;  // the grouped planner found no way: this is the local candidate
      std::string name = twoD ? std::string(way.name) + "/" + columnsName(passes) : std::string(way.name);
      add(std::move(name), std::move(passes));
    }
  }

  // Auto's own plan is one of them (or, were the rules ever to make another, a candidate of its own).
  PlanDescription autoDescription = description;
  autoDescription.variant = Variant::Auto;
  const std::vector<PassInfo> autoPasses = planPasses(autoDescription, limits);

  // A 1D length by Bluestein: auto's plan over other convolution lengths, "auto M=147456".
  if (description.dimensions == 1 && chooseStage(description.cols, autoDescription, limits, description.batch).bluestein)
    for (std::size_t m : cheapestConvolutionLengths(description.cols, description.batch, autoDescription, limits,
                                                    kConvolutionCandidates)) {
      DeviceLimits over = limits;
      over.bluesteinLength = m;
      add("auto M=" + std::to_string(m), planPasses(autoDescription, over), true);
    }
  // Bluestein split into columns and rows (SplitBluestein.h): auto's plan with the twiddles
  // between them elsewhere, "auto twiddles=columns" (or "=rows", "=first-column"), and over the
  // other splits of the same M, "auto split=1024x2048". Their bytes are auto's, so only a
  // measurement tells them apart.
  const auto split = std::find_if(autoPasses.begin(), autoPasses.end(), [](const PassInfo& p) { return p.hooks.splitCols != 0; });
  if (split != autoPasses.end()) {
    for (const auto& [twiddles, name] : {std::pair{SplitTwiddles::Rows, "rows"}, std::pair{SplitTwiddles::Columns, "columns"},
                                         std::pair{SplitTwiddles::FirstColumn, "first-column"}}) {
      if (twiddles == splitTwiddlesFor(limits, description.precision)) continue;
      DeviceLimits other = limits;
      other.splitTwiddles = twiddles;
      add(std::string("auto twiddles=") + name, planPasses(autoDescription, other), true);
    }
    DeviceLimits anyRows = limits;
    anyRows.splitRowLength = 0;
    for (const SplitShape& shape : splitShapes(split->padded, split->rows, description.precision, anyRows)) {
      if (shape.cols == split->hooks.splitCols) continue;
      DeviceLimits over = limits;
      over.splitRowLength = shape.cols;
      over.preferSplitBluestein = true;
      if (description.dimensions == 1) over.bluesteinLength = split->padded;
      // Only where that plan is the split its name says (another stage or M may come of it in 2D).
      std::vector<PassInfo> passes = planPasses(autoDescription, over);
      if (splitsAs(passes, shape.cols, split->padded))
        add("auto split=" + std::to_string(shape.rows) + "x" + std::to_string(shape.cols), std::move(passes), true);
    }
  }
  // Auto's plan under planner settings that the H200 found faster for some shapes and slower for
  // others (DeviceLimits in PassPlan.h): steps over lanes in groups of up to 512 work-items where
  // that runs every inner pass in one round, "auto one-round" (1080 x 1920 gained, 1000 x 750
  // lost), composite inner radices up to 24, "auto composites=24" (200 as 20 10 gained, 4000
  // as 20 20 10 lost), and register-held steps of 16 values where auto's take 32 or 64, "auto
  // values=16" (timed on the H200 only), and register-held rows of powers of two alone, "auto
  // odd-held=0" (12288 = 3 * 4096 in two passes instead of one with its radix 3 held in registers),
  // and f32 rows with an odd factor held in registers by slices too, "auto odd-held=f32" (12288
  // and 20480 lost; 6144 and 10240 are auto's own, by components). Where a setting changes
  // nothing, the candidate is auto's own and left out.
  if (limits.groupedPasses) {
    DeviceLimits oneRound = limits;
    oneRound.oneRoundGroupItems = std::max<std::size_t>(limits.oneRoundGroupItems, 512);
    DeviceLimits composites = limits;
    composites.compositeRadix = std::max<std::size_t>(limits.compositeRadix, 24);
    DeviceLimits sixteen = limits;
    sixteen.registerValues = kRegisterValues;
    DeviceLimits evenHeld = limits;
    evenHeld.oddRegisterPasses = false;
    DeviceLimits oddHeld = limits;  // under FFTSCOPE_ODD_REGISTER_PASSES=0 auto's own, so left out
    oddHeld.oddRegisterPassesF32 = true;
    for (const auto& [name, over] : {std::pair{"auto one-round", oneRound}, std::pair{"auto composites=24", composites},
                                     std::pair{"auto values=16", sixteen}, std::pair{"auto odd-held=0", evenHeld},
                                     std::pair{"auto odd-held=f32", oddHeld}}) {
      try {
        add(name, planPasses(autoDescription, over), true);
      } catch (const std::invalid_argument&) {
        // not for this device or shape: no candidate
      }
    }
  }
  // A batch run in chunks through the L2 cache (CacheChunks.h), "auto chunk=2": the estimate
  // does not model the cache, so these are taken only when measured fastest.
  if (limits.groupedPasses)
    for (std::size_t members : chunkSizesToTry(description)) {
      std::vector<PassInfo> chunked = chunkedPasses(autoDescription, limits, members);
      if (chunked.empty()) continue;  // this plan does not run in chunks
      add("auto chunk=" + std::to_string(members), std::move(chunked), true);
    }
  auto own = std::find_if(candidates.begin(), candidates.end(),
                          [&](const PlanCandidate& c) { return samePasses(c.passes, autoPasses); });
  if (own == candidates.end()) {
    add("auto", autoPasses);
    own = candidates.end() - 1;
  }
  own->autoEstimate = true;

  std::stable_sort(candidates.begin(), candidates.end(), [](const PlanCandidate& a, const PlanCandidate& b) {
    constexpr double kSame = 1e-9;  // sums of the same terms in another order
    if (std::abs(a.cost - b.cost) > kSame) return a.cost < b.cost;
    return a.autoEstimate && !b.autoEstimate;
  });
  return candidates;
}

std::optional<PlanCandidate> findCandidate(const std::vector<PlanCandidate>& candidates, std::string_view name) {
  for (const PlanCandidate& c : candidates)
    if (c.name == name) return c;
  return std::nullopt;
}

}  // namespace fftscope
