#include "graph/LocalMemoryView.h"

#include "graph/StockhamMapping.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace fftscope::graph {
namespace {

std::uint64_t padded(std::uint64_t index) { return index + (index >> 4); }  // LPAD in local_fft.cl

// The most distinct words one bank serves for these element indices.
std::size_t ways(const std::vector<std::uint64_t>& elements, std::size_t wordsPerElement, std::size_t banks) {
  std::map<std::uint64_t, std::set<std::uint64_t>> perBank;
  for (std::uint64_t e : elements)
    for (std::size_t w = 0; w < wordsPerElement; ++w) {
      const std::uint64_t word = e * wordsPerElement + w;
      perBank[word % banks].insert(word);
    }
  std::size_t most = 0;
  for (const auto& [bank, words] : perBank) most = std::max(most, words.size());
  return most;
}

struct Lane {
  std::size_t item;  // i: local id 0
  std::size_t row;   // local id 1: its own row of local memory
};

}  // namespace

LocalMemoryView localMemoryView(const PassInfo& pass, Precision precision, std::size_t warpWidth, std::size_t banks) {
  if (pass.kind != PassKind::Local) throw std::invalid_argument("localMemoryView: " + pass.label() + " uses no local memory");
  if (warpWidth == 0 || banks == 0) throw std::invalid_argument("localMemoryView: zero warp or banks");
  LocalMemoryView view;
  view.wordsPerElement = bytesPerComplex(precision) / 4;
  const std::size_t m = pass.span;
  const std::size_t rowElements = m + m / 16;  // PADDED_POINTS
  std::vector<Lane> lanes;
  for (std::size_t l = 0; l < std::min(warpWidth, pass.local[0] * pass.local[1]); ++l)
    lanes.push_back({l % pass.local[0], l / pass.local[0]});  // inactive rows still touch local memory
  view.activeWorkItems = lanes.size();

  // The stages over one row of M points, as local memory holds them.
  std::vector<StockhamStage> stages = stagesOf(pass);
  for (StockhamStage& s : stages) {
    s.points = m;
    s.subTransforms = 1;
    s.readInterleaved = false;
  }
  const std::size_t w = m / static_cast<std::size_t>(pass.radix);
  auto butterfliesOf = [&](const StockhamStage& s, std::size_t item) {
    std::vector<std::size_t> list;  // the tail stage gives each work-item R / R_tail butterflies
    for (std::size_t q = 0; q < static_cast<std::size_t>(pass.radix / s.radix); ++q) list.push_back(item + q * w);
    return list;
  };
  auto record = [&](std::size_t stage, bool write, int slot, const std::vector<std::uint64_t>& unpadded,
                    const std::vector<std::size_t>& rows) {
    LocalAccess a;
    a.stage = stage;
    a.write = write;
    a.slot = slot;
    std::vector<std::uint64_t> plain;
    for (std::size_t j = 0; j < unpadded.size(); ++j) {
      a.elements.push_back(rows[j] * rowElements + padded(unpadded[j]));
      plain.push_back(rows[j] * m + unpadded[j]);
    }
    a.ways = ways(a.elements, view.wordsPerElement, banks);
    a.waysWithoutPadding = ways(plain, view.wordsPerElement, banks);
    view.accesses.push_back(std::move(a));
  };
  for (std::size_t s = 0; s + 1 < stages.size(); ++s) {
    const StockhamStage& writer = stages[s];
    const StockhamStage& reader = stages[s + 1];
    for (int slot = 0; slot < writer.radix; ++slot) {
      std::vector<std::uint64_t> elements;
      std::vector<std::size_t> rows;
      for (const Lane& lane : lanes) {
        elements.push_back(outputIndex(writer, lane.item, slot));
        rows.push_back(lane.row);
      }
      record(s, true, slot, elements, rows);
    }
    const std::size_t perItem = static_cast<std::size_t>(pass.radix / reader.radix);
    for (std::size_t q = 0; q < perItem; ++q)
      for (int slot = 0; slot < reader.radix; ++slot) {
        std::vector<std::uint64_t> elements;
        std::vector<std::size_t> rows;
        for (const Lane& lane : lanes) {
          elements.push_back(inputIndex(reader, butterfliesOf(reader, lane.item)[q], slot));
          rows.push_back(lane.row);
        }
        record(s + 1, false, static_cast<int>(q) * reader.radix + slot, elements, rows);
      }
  }
  return view;
}

}  // namespace fftscope::graph
