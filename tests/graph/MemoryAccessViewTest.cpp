// The memory view of a warp: coalesced reads touch the fewest 128-byte segments in one run,
// strided writes touch more.
#include "graph/LocalMemoryView.h"
#include "graph/MemoryAccessView.h"

#include <gtest/gtest.h>

namespace fftscope::graph {
namespace {

std::vector<PassInfo> passesOf(std::size_t n, Variant v, Precision precision = Precision::F32) {
  PlanDescription d = PlanDescription::oneD(n);
  d.variant = v;
  d.precision = precision;
  return planPasses(d, DeviceLimits{});
}

TEST(MemoryAccessView, First_radix2_pass_reads_coalesced_and_writes_strided) {
  auto passes = passesOf(1024, Variant::R2);
  PassAccessView first = memoryAccessView(passes.front(), Precision::F32);
  EXPECT_EQ(first.activeWorkItems, 32u);
  ASSERT_EQ(first.reads.size(), 2u);
  for (const WarpAccess& r : first.reads) {
    EXPECT_EQ(r.addresses.size(), 32u);
    EXPECT_EQ(r.contiguousRuns, 1u);    // 32 neighbouring complex64 values
    EXPECT_EQ(r.segmentsTouched, 2u);   // 256 bytes
    EXPECT_EQ(r.minimumSegments, 2u);
  }
  EXPECT_EQ(first.reads[1].addresses[0], 512u * 8u);  // x[i + m·T], T = 512
  for (const WarpAccess& w : first.writes) {
    EXPECT_EQ(w.contiguousRuns, 32u);   // y[2i + m]: every other element
    EXPECT_EQ(w.segmentsTouched, 4u);
  }
  EXPECT_DOUBLE_EQ(first.readEfficiency, 1.0);
  EXPECT_DOUBLE_EQ(first.writeEfficiency, 0.5);
  // The last pass (p = 512) writes y[i + m·512]: coalesced again.
  PassAccessView last = memoryAccessView(passes.back(), Precision::F32);
  for (const WarpAccess& w : last.writes) EXPECT_EQ(w.contiguousRuns, 1u);
}

TEST(MemoryAccessView, First_radix16_pass_writes_one_segment_per_work_item) {
  PassAccessView v = memoryAccessView(passesOf(1024, Variant::R16).front(), Precision::F32);
  ASSERT_EQ(v.writes.size(), 16u);
  for (const WarpAccess& w : v.writes) EXPECT_EQ(w.segmentsTouched, 32u);  // 128-byte stride
  EXPECT_DOUBLE_EQ(v.writeEfficiency, 1.0 / 16.0);
}

TEST(MemoryAccessView, Local_fft_reads_and_writes_global_memory_coalesced) {
  auto passes = passesOf(1024, Variant::Local, Precision::F64);
  ASSERT_EQ(passes.size(), 1u);
  PassAccessView v = memoryAccessView(passes.front(), Precision::F64);
  EXPECT_EQ(v.elementBytes, 16u);
  EXPECT_EQ(v.reads.size(), 16u);   // radix 16
  EXPECT_EQ(v.writes.size(), 16u);  // tail radix 4, four butterflies per work-item
  for (const auto* list : {&v.reads, &v.writes})
    for (const WarpAccess& a : *list) {
      EXPECT_EQ(a.contiguousRuns, 1u);
      EXPECT_EQ(a.segmentsTouched, 4u);  // 32 x 16 bytes
    }
}

TEST(MemoryAccessView, Small_launches_have_fewer_work_items_and_other_passes_none) {
  PassAccessView v = memoryAccessView(passesOf(16, Variant::R2).front(), Precision::F32);
  EXPECT_EQ(v.activeWorkItems, 8u);
  EXPECT_EQ(memoryAccessViews(passesOf(1024, Variant::R4), Precision::F32).size(), 5u);
  PassInfo copy;
  copy.kind = PassKind::Copy;
  EXPECT_THROW(memoryAccessView(copy, Precision::F32), std::invalid_argument);
}

TEST(LocalMemoryView, Padding_turns_a_32_way_bank_conflict_into_2_ways) {
  auto passes = passesOf(1024, Variant::Local);  // radix 16, 16, then tail 4
  LocalMemoryView v = localMemoryView(passes.front(), Precision::F32);
  EXPECT_EQ(v.activeWorkItems, 32u);
  EXPECT_EQ(v.wordsPerElement, 2u);
  // Stage 0 writes element 16·i + m: 32 words apart, all in one pair of banks without padding.
  std::size_t stage0Writes = 0;
  for (const LocalAccess& a : v.accesses)
    if (a.stage == 0 && a.write) {
      ++stage0Writes;
      EXPECT_EQ(a.waysWithoutPadding, 32u) << "slot " << a.slot;
      EXPECT_EQ(a.ways, 2u) << "slot " << a.slot;
    }
  EXPECT_EQ(stage0Writes, 16u);
  // Every access: 16 writes and 16 reads between stages 0 and 1, and 1 and 2 (the tail).
  EXPECT_EQ(v.accesses.size(), 64u);
  for (const LocalAccess& a : v.accesses) EXPECT_LE(a.ways, a.waysWithoutPadding) << a.stage << " " << a.slot;
  EXPECT_THROW(localMemoryView(passesOf(64, Variant::R2).front(), Precision::F32), std::invalid_argument);
}

}  // namespace
}  // namespace fftscope::graph
