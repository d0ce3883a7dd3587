#include "graph/MemoryAccessView.h"

#include "graph/StockhamMapping.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace fftscope::graph {
namespace {

// A work-item of the warp: its row b and, in that row, the butterflies it computes.
struct WorkItem {
  std::size_t row = 0;
  std::vector<std::size_t> firstStageButterflies;  // g of the first stage it reads for
  std::vector<std::size_t> lastStageButterflies;   // g of the last stage it writes for
};

// The first `warp` work-items of group 0 and what they do, as stockham.cl / local_fft.cl map ids.
std::vector<WorkItem> warpItems(const PassInfo& pass, const std::vector<StockhamStage>& stages, std::size_t warp) {
  std::vector<WorkItem> items;
  const std::size_t groupSize = pass.local[0] * pass.local[1] * pass.local[2];
  for (std::size_t l = 0; l < std::min(warp, groupSize); ++l) {
    WorkItem item;
    if (pass.kind == PassKind::Stockham) {
      const std::size_t t = pass.length / static_cast<std::size_t>(pass.radix);
      const std::size_t i = pass.batchFastest ? l / pass.rows : l % t;
      item.row = pass.batchFastest ? l % pass.rows : l / t;
      if (i >= t || item.row >= pass.rows) continue;  // the kernel returns
      item.firstStageButterflies = item.lastStageButterflies = {i};
    } else {
      const std::size_t i = l % pass.local[0];
      const std::size_t flat = l / pass.local[0];  // group 0: sub-transform = local id 1
      const std::size_t subs = pass.length / pass.span;
      if (flat >= subs * pass.rows) continue;  // inactive: no global access
      item.row = flat / subs;
      const std::size_t s = flat % subs;
      item.firstStageButterflies = {s * stages.front().butterfliesPerSub() + i};
      // The last stage has R / R_last butterflies per work-item: i + q·W (the tail's loop).
      const std::size_t w = pass.span / static_cast<std::size_t>(pass.radix);
      const std::size_t perItem = static_cast<std::size_t>(pass.radix / stages.back().radix);
      for (std::size_t q = 0; q < perItem; ++q)
        item.lastStageButterflies.push_back(s * stages.back().butterfliesPerSub() + i + q * w);
    }
    items.push_back(std::move(item));
  }
  return items;
}

WarpAccess measure(bool write, int slot, std::vector<std::uint64_t> addresses, std::size_t elementBytes,
                   std::size_t segmentBytes) {
  WarpAccess a;
  a.write = write;
  a.slot = slot;
  a.addresses = std::move(addresses);
  std::set<std::uint64_t> segments, starts(a.addresses.begin(), a.addresses.end());
  for (std::uint64_t address : a.addresses) {
    a.segments.push_back(address / segmentBytes);
    // An element may straddle two segments when segments are smaller than elements.
    for (std::uint64_t b = address / segmentBytes; b <= (address + elementBytes - 1) / segmentBytes; ++b) segments.insert(b);
  }
  a.segmentsTouched = segments.size();
  a.minimumSegments = (starts.size() * elementBytes + segmentBytes - 1) / segmentBytes;
  std::uint64_t end = 0;
  bool first = true;
  for (std::uint64_t start : starts) {
    if (first || start > end) ++a.contiguousRuns;
    end = std::max(first ? 0 : end, start + elementBytes);
    first = false;
  }
  return a;
}

double efficiency(const std::vector<WarpAccess>& accesses, std::size_t elementBytes, std::size_t segmentBytes) {
  std::size_t used = 0, fetched = 0;
  for (const WarpAccess& a : accesses) {
    used += std::set<std::uint64_t>(a.addresses.begin(), a.addresses.end()).size() * elementBytes;
    fetched += a.segmentsTouched * segmentBytes;
  }
  return fetched == 0 ? 0.0 : static_cast<double>(used) / static_cast<double>(fetched);
}

}  // namespace

PassAccessView memoryAccessView(const PassInfo& pass, Precision precision, std::size_t warpWidth,
                                std::size_t segmentBytes) {
  if (warpWidth == 0 || segmentBytes == 0) throw std::invalid_argument("memoryAccessView: zero warp or segment");
  const std::vector<StockhamStage> stages = stagesOf(pass);  // throws for passes without butterflies
  PassAccessView view;
  view.label = pass.label();
  view.warpWidth = warpWidth;
  view.elementBytes = bytesPerComplex(precision);
  view.segmentBytes = segmentBytes;
  const std::vector<WorkItem> items = warpItems(pass, stages, warpWidth);
  view.activeWorkItems = items.size();
  const std::uint64_t e = view.elementBytes;
  auto address = [&](const WorkItem& item, std::size_t index) {
    return (item.row * pass.dist + index * pass.stride) * e;
  };
  for (int m = 0; m < stages.front().radix; ++m) {
    std::vector<std::uint64_t> addresses;
    for (const WorkItem& item : items) addresses.push_back(address(item, inputIndex(stages.front(), item.firstStageButterflies[0], m)));
    view.reads.push_back(measure(false, m, std::move(addresses), e, segmentBytes));
  }
  const std::size_t perItem = items.empty() ? 0 : items.front().lastStageButterflies.size();
  for (std::size_t q = 0; q < perItem; ++q)
    for (int m = 0; m < stages.back().radix; ++m) {
      std::vector<std::uint64_t> addresses;
      for (const WorkItem& item : items)
        addresses.push_back(address(item, outputIndex(stages.back(), item.lastStageButterflies[q], m)));
      view.writes.push_back(measure(true, static_cast<int>(q) * stages.back().radix + m, std::move(addresses), e, segmentBytes));
    }
  view.readEfficiency = efficiency(view.reads, e, segmentBytes);
  view.writeEfficiency = efficiency(view.writes, e, segmentBytes);
  return view;
}

std::vector<PassAccessView> memoryAccessViews(const std::vector<PassInfo>& passes, Precision precision,
                                              std::size_t warpWidth, std::size_t segmentBytes) {
  std::vector<PassAccessView> views;
  for (std::size_t launch = 0; launch < passes.size(); ++launch) {
    if (passes[launch].kind != PassKind::Stockham && passes[launch].kind != PassKind::Local) continue;
    views.push_back(memoryAccessView(passes[launch], precision, warpWidth, segmentBytes));
    views.back().launch = launch;
  }
  return views;
}

}  // namespace fftscope::graph
