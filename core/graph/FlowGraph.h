// The flow graph of a 1D FFT as plain data: one column per butterfly stage, N nodes per column
// boundary, edges from the elements a stage reads to the elements it writes, each with its
// twiddle. Built from the engine's own list of passes (FlowGraphBuilder.h) or as a textbook
// radix-2 graph (TextbookGraphs.h); evaluated (GraphEvaluation.h), annotated (Annotations.h)
// and written as JSON (FlowGraphJson.h).
//
// Legend: N = points, R = a stage's radix, p = length of the sub-sequences already transformed
// before the stage, T = N/R butterflies, i = butterfly, k = i mod p, m = input slot of a
// butterfly (0 .. R-1), q = output slot. w(e, n) = exp(sign·2πi·e/n), sign = −1 forward, +1
// inverse. Nodes are (boundary c, element index); column c reads boundary c, writes c + 1.
#pragma once

#include "engine/description/FftTypes.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fftscope::graph {

// w(exponent, over): exponent/over of the full circle; exponentOverN is the same angle over N.
struct Twiddle {
  std::uint64_t exponent = 0;
  std::uint64_t over = 1;
  std::uint64_t exponentOverN = 0;
};

// Where a butterfly's twiddles sit: on its inputs before the R-point DFT (Stockham, DIT), or on
// its outputs after it (DIF).
enum class TwiddlePlacement { BeforeDft, AfterDft };

// One R-point DFT block: the work-item i of a pass.
struct Butterfly {
  std::size_t i = 0;
  std::size_t k = 0;
  std::vector<std::size_t> inputs;   // by m: the element read
  std::vector<std::size_t> outputs;  // by q: the element written
  std::vector<Twiddle> twiddles;     // by m (BeforeDft) or by q (AfterDft)
};

// One edge: element `from` of boundary c contributes w(weightOverN, N)·x[from] to element `to`
// of boundary c + 1 (times the column's scale). `twiddle` is the butterfly's twiddle on slot m
// (BeforeDft) or q (AfterDft); the rest of the weight is the DFT's w(m·q, R). In a radix-2
// step of an expanded block (RadixBlock.h) the pass twiddle rides on the first step only, and
// the step's own turn is in weightOverN alone.
struct Edge {
  std::size_t from = 0;
  std::size_t to = 0;
  int m = 0;
  int q = 0;
  std::size_t butterfly = 0;  // index into Column::butterflies
  Twiddle twiddle;
  std::uint64_t weightOverN = 0;
};

enum class ColumnKind { StockhamPass, LocalStage, TextbookDit, TextbookDif };

struct Column {
  ColumnKind kind = ColumnKind::StockhamPass;
  int radix = 2;
  std::size_t p = 1;
  std::size_t subTransforms = 1;  // LocalStage: independent sub-transforms of M = N/subTransforms
  std::size_t launch = 0;         // index of the kernel launch in the plan's passes
  std::size_t stageInLaunch = 0;  // LocalStage: the stage inside local_fft; else 0
  std::size_t stagesInLaunch = 1; // columns that share this launch
  std::size_t innerStage = 0;     // expandBlocks(): the radix-2 step inside the R-point DFT
  std::size_t innerStages = 1;    // radix-2 steps the block was expanded into (1: not expanded)
  int blockRadix = 0;             // expandBlocks(): R of the block this step belongs to (0: none)
  std::string kernel;             // "stockham", "local_fft", "textbook"
  std::string label;              // e.g. "stockham r4 p=16" or "local_fft stage 2/3 r4 p=16"
  int source = 0;                 // BufferSlot of the launch (engine/PassPlan.h)
  int destination = 1;
  long double scale = 1.0L;       // the inverse's 1/N on the last column of the last launch
  TwiddlePlacement placement = TwiddlePlacement::BeforeDft;
  std::vector<Butterfly> butterflies;
  std::vector<Edge> edges;        // R·R per butterfly, in butterfly order, m major
};

enum class GraphKind { Plan, TextbookDit, TextbookDif };

struct FlowGraph {
  GraphKind kind = GraphKind::Plan;
  std::size_t points = 0;
  Direction direction = Direction::Forward;
  Precision precision = Precision::F32;
  Variant variant = Variant::Auto;
  std::vector<Column> columns;
  // Element j of the first boundary holds x[inputOrder[j]]; element j of the last holds
  // X[outputOrder[j]]. The identity for Stockham plans, bit reversal for textbook DIT / DIF.
  std::vector<std::size_t> inputOrder;
  std::vector<std::size_t> outputOrder;
};

// −1 forward, +1 inverse.
inline int signOf(Direction d) { return d == Direction::Forward ? -1 : 1; }

std::string_view toString(ColumnKind kind);
std::string_view toString(GraphKind kind);

}  // namespace fftscope::graph
