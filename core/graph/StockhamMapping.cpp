#include "graph/StockhamMapping.h"

#include <stdexcept>

namespace fftscope::graph {
namespace {

std::size_t subOf(const StockhamStage& stage, std::size_t g) { return g / stage.butterfliesPerSub(); }
std::size_t itemOf(const StockhamStage& stage, std::size_t g) { return g % stage.butterfliesPerSub(); }

}  // namespace

std::size_t kOf(const StockhamStage& stage, std::size_t g) { return itemOf(stage, g) % stage.p; }

std::size_t inputIndex(const StockhamStage& stage, std::size_t g, int m) {
  const std::size_t s = subOf(stage, g);
  const std::size_t e = itemOf(stage, g) + static_cast<std::size_t>(m) * stage.butterfliesPerSub();
  return stage.readInterleaved ? s + e * stage.subTransforms : s * stage.subPoints() + e;
}

std::size_t outputIndex(const StockhamStage& stage, std::size_t g, int m) {
  const std::size_t i = itemOf(stage, g);
  const std::size_t k = i % stage.p;
  const std::size_t e = (i - k) * static_cast<std::size_t>(stage.radix) + k + static_cast<std::size_t>(m) * stage.p;
  return subOf(stage, g) * stage.subPoints() + e;
}

Twiddle stageTwiddle(const StockhamStage& stage, std::size_t g, int m) {
  Twiddle t;
  t.exponent = static_cast<std::uint64_t>(m) * kOf(stage, g);
  t.over = static_cast<std::uint64_t>(stage.radix) * stage.p;
  t.exponentOverN = t.exponent * (stage.points / t.over);  // R·p divides N
  return t;
}

std::vector<StockhamStage> stagesOf(const PassInfo& pass) {
  std::vector<StockhamStage> stages;
  if (pass.kind == PassKind::Stockham) {
    stages.push_back({pass.length, pass.radix, pass.p, 1, false});
  } else if (pass.kind == PassKind::Local) {
    const std::size_t subs = pass.length / pass.span;
    std::size_t p = 1;
    for (; p * static_cast<std::size_t>(pass.radix) <= pass.span; p *= static_cast<std::size_t>(pass.radix))
      stages.push_back({pass.length, pass.radix, p, subs, stages.empty() && subs > 1});
    if (pass.localFft.tailRadix > 1) stages.push_back({pass.length, pass.localFft.tailRadix, p, subs, stages.empty() && subs > 1});
  } else if (pass.kind == PassKind::Grouped) {
    // The same butterflies as global passes of its inner radices from p on: the launch leaves the
    // same state, except where it stores the next pass's twiddles too (GroupedPass::nextPoints),
    // which no plan of the explorer's sizes (up to 1024 points, one pass in 32 KiB of local
    // memory) has. (Inside the launch, the kernel multiplies the whole pass's twiddle in on
    // reading, so its values between inner passes differ from these by one factor a butterfly.)
    std::size_t p = pass.p;
    for (int r : pass.grouped.innerRadices) {
      stages.push_back({pass.length, r, p, 1, false});
      p *= static_cast<std::size_t>(r);
    }
  } else {
    throw std::invalid_argument("a " + pass.kernelName() + " pass has no butterflies");
  }
  return stages;
}

}  // namespace fftscope::graph
