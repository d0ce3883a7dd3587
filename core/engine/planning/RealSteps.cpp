#include "engine/planning/RealSteps.h"

#include "engine/planning/GroupedBuild.h"
#include "engine/planning/GroupedPlanner.h"
#include "engine/planning/PassPlan.h"

#include <algorithm>
#include <array>

namespace fftscope {
namespace {

constexpr std::array<const char*, 6> kRealKernels{"r2c_untangle", "c2r_tangle", "real_widen",
                                                  "half_crop",    "hermitian_extend", "real_part"};

// The real plan's settings on a complex description's shape.
PlanDescription withSettingsOf(const PlanDescription& real, PlanDescription d) {
  d.direction = real.direction;
  d.precision = real.precision;
  d.variant = real.variant;
  d.twiddle = real.twiddle;
  d.transpose = real.transpose;
  return d;
}

PlanDescription complexOf(const PlanDescription& real, std::size_t length, std::size_t rows) {
  return withSettingsOf(real, PlanDescription::oneD(length, rows));
}

// The half spectra's columns as a complex 2D description: rows x (cols/2 + 1), the real batch.
PlanDescription halfSpectrumOf(const PlanDescription& real) {
  return withSettingsOf(real, PlanDescription::twoD(real.rows, real.cols / 2 + 1, real.batch));
}

PlanDescription transposeOf(const PlanDescription& real, std::size_t rows, std::size_t cols, std::size_t batch) {
  PlanDescription d = PlanDescription::twoD(rows, cols, batch);
  d.precision = real.precision;
  d.transpose = real.transpose == TransposeMode::None ? TransposeMode::Tiled : real.transpose;
  return d;
}

}  // namespace

std::vector<RealStep> planRealSteps(const PlanDescription& real, const DeviceLimits& deviceLimits) {
  validate(real);
  // Each step runs over the whole batch: the steps' passes are listed once (realStepPasses).
  DeviceLimits limits = deviceLimits;
  limits.cacheChunkBytes = 0;
  const std::size_t n = real.cols, rows = real.dimensions == 2 ? real.rows : 1, batch = real.batch;
  const std::size_t lines = rows * batch;  // real rows along the last axis
  const std::size_t width = n / 2 + 1;
  const bool even = n % 2 == 0;
  const std::uint64_t c = bytesPerComplex(real.precision), r = c / 2;
  std::vector<RealStep> steps;

  // Each step reads where the previous one wrote, ping-ponging between the two scratch buffers;
  // the last one writes the output.
  int current = kInput;
  auto next = [&current] { return current == kScratchA ? kScratchB : kScratchA; };
  auto plan = [&](const PlanDescription& d, std::vector<PassInfo> passes) {
    RealStep step;
    step.complex = d;
    step.passes = std::move(passes);
    step.source = current;
    step.destination = current = next();
    steps.push_back(std::move(step));
  };
  auto kernel = [&](const char* name, std::size_t m, std::size_t across, std::uint64_t read, std::uint64_t written) {
    RealStep step;
    step.kernel = name;
    step.m = m;
    step.source = current;
    step.destination = current = next();
    PassInfo p;
    p.kind = PassKind::Elementwise;
    p.elementwise.name = name;
    p.length = across;
    p.span = lines;  // labelled "rows x points"
    p.rows = lines;
    p.workDim = 2;
    p.local = {std::min<std::size_t>(64, limits.maxWorkGroupSize), 1, 1};
    p.global = {(across + p.local[0] - 1) / p.local[0] * p.local[0], lines, 1};
    p.bytesRead = read;
    p.bytesWritten = written;
    step.passes.push_back(p);
    steps.push_back(std::move(step));
  };
  // Even lengths: rows of N/2 points, (un)tangled in the stores (R2C) or loads (C2R) of their
  // pass where one grouped pass holds whole rows in local memory; else by r2c_untangle after
  // them or c2r_tangle before them.
  const bool forward = real.direction == Direction::Forward;
  std::vector<PassInfo> evenPasses;
  bool fused = false;
  if (even) {
    evenPasses = planPasses(complexOf(real, n / 2, lines), limits);
    const PassInfo& only = evenPasses.front();
    // C2R tangles each row into local memory (stage_bins in grouped_real.cl), as the pass lays it out.
    const bool staged = forward || groupedLocalBytes(only.span, only.grouped.lanes, real.precision) <= limits.localMemBytes;
    fused = limits.fusedUntangle && evenPasses.size() == 1 && only.kind == PassKind::Grouped && only.span == n / 2 &&
            only.grouped.exchangeRounds == 1 && !only.hooks.any() && staged;
  }
  // 2D, rows (un)tangled in their pass and columns read in place: between them the half spectrum's
  // rows are padded to whole 128-byte runs, which the column passes read and write whole instead of
  // straddling two runs each (docs/engine.md). The output (R2C) or input (C2R) keeps its N/2 + 1.
  std::size_t pitch = width;
  std::vector<PassInfo> paddedColumns;
  const std::size_t runValues = std::max<std::uint64_t>(1, 128 / c);
  if (limits.padHalfSpectrum && fused && rows > 1 && width % runValues != 0) {
    PlanDescription padded = halfSpectrumOf(real);
    padded.cols = (width + runValues - 1) / runValues * runValues;
    if (columnsInPlace(padded, limits)) {
      paddedColumns = columnPassesInPlace(padded, limits);
      if (std::none_of(paddedColumns.begin(), paddedColumns.end(), [](const PassInfo& p) { return p.hooks.any(); }))
        pitch = padded.cols;
    }
  }

  // The columns of the half spectra (none for one row: a transform of one point is the identity).
  auto columns = [&] {
    if (rows == 1) return;
    const PlanDescription half = halfSpectrumOf(real);
    if (pitch != width) {
      // The column pass next to the output (R2C) or the input (C2R) changes the pitch. R2C's runs
      // over the output's own columns, C2R's over the padded rows, reading only the columns that
      // hold data, as every other column pass does: each pass's lanes then run along whole runs
      // of the buffer it reads or writes at N/2 + 1 (docs/engine.md).
      const std::size_t last = paddedColumns.size() - 1;
      for (std::size_t i = 0; i <= last; ++i) {
        PassInfo& p = paddedColumns[i];
        p.bytesRead = p.bytesRead / pitch * width;
        p.bytesWritten = p.bytesWritten / pitch * width;
        if (forward && i == last) {  // over the output's own columns, from the padded rows
          p.stride = width;
          p.rows = p.rows / pitch * width;
          p.grouped.half.sourcePitch = pitch;
          const std::size_t lanes = p.rows * (p.length / p.span);
          p.global[0] = (lanes + p.grouped.lanes - 1) / p.grouped.lanes * p.local[0];
        } else {  // over the padded rows, the columns that hold data
          p.grouped.half.usedColumns = width;
          if (!forward && i == 0) p.grouped.half.sourcePitch = width;  // from the input's own rows
        }
      }
      PlanDescription padded = half;
      padded.cols = pitch;
      plan(padded, std::move(paddedColumns));
      return;
    }
    if (columnsInPlace(half, limits)) {
      plan(half, columnPassesInPlace(half, limits));
      return;
    }
    PlanDescription t = transposeOf(real, rows, width, batch);
    plan(t, transposeOnlyPasses(t, limits));
    const PlanDescription d = complexOf(real, rows, width * batch);
    plan(d, planPasses(d, limits));
    PlanDescription back = transposeOf(real, width, rows, batch);
    plan(back, transposeOnlyPasses(back, limits));
  };
  auto rowsOf = [&](std::size_t length) {
    const PlanDescription d = complexOf(real, length, lines);
    plan(d, planPasses(d, limits));
  };
  auto evenRows = [&](std::size_t m) {
    const PlanDescription d = complexOf(real, m, lines);
    if (fused) {
      PassInfo& pass = evenPasses.front();
      (forward ? pass.grouped.half.untangleOut : pass.grouped.half.tangleIn) = true;
      (forward ? pass.bytesWritten : pass.bytesRead) = lines * width * c;
      if (pitch != width) (forward ? pass.grouped.half.destinationPitch : pass.grouped.half.sourcePitch) = pitch;
    } else if (!forward) {
      kernel("c2r_tangle", m, m, lines * width * c, lines * m * c);
    }
    plan(d, std::move(evenPasses));
    if (!fused && forward) kernel("r2c_untangle", m, width, lines * m * c, lines * width * c);
  };

  if (forward) {
    if (even) {
      evenRows(n / 2);
    } else {
      kernel("real_widen", n, n, lines * n * r, lines * n * c);
      rowsOf(n);
      kernel("half_crop", n, width, lines * width * c, lines * width * c);
    }
    columns();
  } else {
    columns();
    if (even) {
      evenRows(n / 2);
    } else {
      kernel("hermitian_extend", n, n, lines * width * c, lines * n * c);
      rowsOf(n);
      kernel("real_part", n, n, lines * n * c, lines * n * r);
    }
  }
  steps.back().destination = kOutput;
  // The (un)tangling and pitches set above are part of the passes the builds are chosen for.
  for (RealStep& step : steps)
    if (step.kernel.empty()) chooseGroupedBuilds(step.passes, real.precision, limits);
  return steps;
}

std::vector<PassInfo> realStepPasses(const std::vector<RealStep>& steps) {
  std::vector<PassInfo> passes;
  for (const RealStep& step : steps)
    for (PassInfo p : step.passes) {
      p.source = step.source;  // as seen from outside: a complex plan's own scratch stays inside it
      p.destination = step.destination;
      passes.push_back(p);
    }
  return passes;
}

bool isRealKernelPass(const PassInfo& pass) {
  return pass.kind == PassKind::Elementwise &&
         std::find(kRealKernels.begin(), kRealKernels.end(), pass.elementwise.name) != kRealKernels.end();
}

}  // namespace fftscope
