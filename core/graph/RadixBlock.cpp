#include "graph/RadixBlock.h"

#include <stdexcept>
#include <string>
#include <tuple>

namespace fftscope::graph {
namespace {

bool powerOfTwo(int r) { return r >= 2 && (r & (r - 1)) == 0; }

int log2Of(int r) {
  int l = 0;
  while ((1 << l) < r) ++l;
  return l;
}

// Records radix-2 steps on the R rows of a block; exponents are over R.
class StepRecorder {
 public:
  StepRecorder(int radix, int steps) : r_(radix), steps_(static_cast<std::size_t>(steps)) {}

  // out[o0] = c00·in[i0] + c10·in[i1], out[o1] = c01·in[i0] + c11·in[i1], c = w(e, R).
  void butterfly(int step, int i0, int i1, int o0, int o1, std::uint64_t e00, std::uint64_t e10, std::uint64_t e01,
                 std::uint64_t e11) {
    InnerStep& s = steps_[static_cast<std::size_t>(step)];
    s.butterflies.push_back({{i0, i1}, {o0, o1}});
    for (auto [from, to, e] : {std::tuple{i0, o0, e00}, {i1, o0, e10}, {i0, o1, e01}, {i1, o1, e11}})
      s.edges.push_back({from, to, e % r_});
  }
  // Multiplies what a step writes into `row` by w(e, R) (a twiddle between steps).
  void turnRow(int step, int row, std::uint64_t e) {
    for (InnerEdge& edge : steps_[static_cast<std::size_t>(step)].edges)
      if (edge.to == row) edge.exponent = (edge.exponent + e) % r_;
  }
  std::uint64_t half() const { return r_ / 2; }
  std::uint64_t quarter() const { return r_ / 4; }
  std::uint64_t turn(std::uint64_t k, std::uint64_t n) const { return k * (r_ / n); }  // w(k, n) over R
  std::vector<InnerStep> take() { return std::move(steps_); }

 private:
  std::uint64_t r_;
  std::vector<InnerStep> steps_;
};

// common.cl dft2: u0 + u1, u0 - u1.
void dft2(StepRecorder& rec, int step, int i0, int i1, int o0, int o1) {
  rec.butterfly(step, i0, i1, o0, o1, 0, 0, 0, rec.half());
}

// common.cl dft4: v0 = u0 + u2, v1 = u0 - u2, v2 = u1 + u3, v3 = w(1,4)·(u1 - u3); then
// out0 = v0 + v2, out1 = v1 + v3, out2 = v0 - v2, out3 = v1 - v3. v0, v1 are drawn on the
// rows of u0, u2 and v2, v3 on those of u1, u3.
void dft4(StepRecorder& rec, int step, const std::array<int, 4>& in, const std::array<int, 4>& out) {
  const std::uint64_t h = rec.half(), q = rec.quarter();
  rec.butterfly(step, in[0], in[2], in[0], in[2], 0, 0, 0, h);
  rec.butterfly(step, in[1], in[3], in[1], in[3], 0, 0, q, q + h);
  rec.butterfly(step + 1, in[0], in[1], out[0], out[2], 0, 0, 0, h);  // v0, v2
  rec.butterfly(step + 1, in[2], in[3], out[1], out[3], 0, 0, 0, h);  // v1, v3
}

// common.cl dft8 (and its recursion): DFTs of the even and odd inputs, then out[k] and
// out[k + n/2] = e[k] -+ w(k, n)·o[k].
void splitDft(StepRecorder& rec, int step, const std::vector<int>& in, const std::vector<int>& out) {
  const int n = static_cast<int>(in.size());
  if (n == 2) return dft2(rec, step, in[0], in[1], out[0], out[1]);
  if (n == 4) return dft4(rec, step, {in[0], in[1], in[2], in[3]}, {out[0], out[1], out[2], out[3]});
  std::vector<int> evenIn, oddIn, evenOut(out.begin(), out.begin() + n / 2), oddOut(out.begin() + n / 2, out.end());
  for (int j = 0; j < n; j += 2) {
    evenIn.push_back(in[j]);
    oddIn.push_back(in[j + 1]);
  }
  splitDft(rec, step, evenIn, evenOut);
  splitDft(rec, step, oddIn, oddOut);
  const int last = step + log2Of(n) - 1;
  for (int k = 0; k < n / 2; ++k) {
    const std::uint64_t w = rec.turn(static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(n));
    rec.butterfly(last, evenOut[k], oddOut[k], out[k], out[k + n / 2], 0, w, 0, w + rec.half());
  }
}

// common.cl dft16: dft4 over u[n2 + 4·j] into t[4·n2 + k1], t *= w(n2·k1, 16), dft4 over
// t[k1 + 4·j] into u[k1 + 4·k2].
void dft16(StepRecorder& rec) {
  for (int n2 = 0; n2 < 4; ++n2) {
    dft4(rec, 0, {n2, 4 + n2, 8 + n2, 12 + n2}, {4 * n2, 4 * n2 + 1, 4 * n2 + 2, 4 * n2 + 3});
    for (int k1 = 1; k1 < 4; ++k1) rec.turnRow(1, 4 * n2 + k1, static_cast<std::uint64_t>(n2 * k1));
  }
  for (int k1 = 0; k1 < 4; ++k1) dft4(rec, 2, {k1, 4 + k1, 8 + k1, 12 + k1}, {k1, k1 + 4, k1 + 8, k1 + 12});
}

// common.cl dft_ct (32 as 8 x 4, 64 as 8 x 8): dft_a over u[b·n1 + n2] into t[a·n2 + k1],
// t *= w(n2·k1, R), dft_b over t[a·n2 + k1] into u[k1 + a·k2].
void dftCt(StepRecorder& rec, int a, int b) {
  const int stepsA = log2Of(a);
  for (int n2 = 0; n2 < b; ++n2) {
    std::vector<int> in, out;
    for (int n1 = 0; n1 < a; ++n1) {
      in.push_back(b * n1 + n2);
      out.push_back(a * n2 + n1);
    }
    splitDft(rec, 0, in, out);
    for (int k1 = 1; k1 < a && n2 > 0; ++k1) rec.turnRow(stepsA - 1, a * n2 + k1, static_cast<std::uint64_t>(n2 * k1));
  }
  for (int k1 = 0; k1 < a; ++k1) {
    std::vector<int> in, out;
    for (int j = 0; j < b; ++j) {
      in.push_back(a * j + k1);
      out.push_back(k1 + a * j);
    }
    splitDft(rec, stepsA, in, out);
  }
}

}  // namespace

BlockExpansion expandBlock(int radix) {
  if (radix < 2) throw std::invalid_argument("a DFT block needs a radix of at least 2, not " + std::to_string(radix));
  BlockExpansion block;
  block.radix = radix;
  if (!powerOfTwo(radix)) {
    InnerStep dense;  // no pairs: its R·R edges say everything
    for (int m = 0; m < radix; ++m)
      for (int q = 0; q < radix; ++q)
        dense.edges.push_back({m, q, static_cast<std::uint64_t>(m) * static_cast<std::uint64_t>(q) % static_cast<std::uint64_t>(radix)});
    block.steps.push_back(std::move(dense));
    block.how = "dense " + std::to_string(radix) + "-point DFT";
    return block;
  }
  StepRecorder rec(radix, log2Of(radix));
  std::vector<int> rows(static_cast<std::size_t>(radix));
  for (int j = 0; j < radix; ++j) rows[static_cast<std::size_t>(j)] = j;
  if (radix == 16) {
    dft16(rec);
    block.how = "common.cl dft16: 4 x 4 (dft4 down, w(n2*k1, 16), dft4 across)";
  } else if (radix == 32 || radix == 64) {
    dftCt(rec, 8, radix / 8);
    block.how = "common.cl dft_ct: 8 x " + std::to_string(radix / 8) + " (dft8 down, w(n2*k1, " + std::to_string(radix) +
                "), dft" + std::to_string(radix / 8) + " across)";
  } else {
    splitDft(rec, 0, rows, rows);
    block.how = radix <= 8 ? "common.cl dft" + std::to_string(radix)
                           : "even/odd split as common.cl dft8, recursively (no kernel of this radix)";
  }
  block.expanded = true;
  block.steps = rec.take();
  return block;
}

FlowGraph expandBlocks(const FlowGraph& graph) {
  FlowGraph result = graph;
  result.columns.clear();
  const std::uint64_t n = graph.points;
  for (const Column& column : graph.columns) {
    const BlockExpansion block = expandBlock(column.radix);
    if (!block.expanded || column.radix == 2) {
      result.columns.push_back(column);
      continue;
    }
    const std::uint64_t unit = n / static_cast<std::uint64_t>(column.radix);  // w(e, R) = w(e·unit, N)
    for (std::size_t s = 0; s < block.steps.size(); ++s) {
      Column step = column;
      step.radix = 2;
      step.innerStage = s;
      step.innerStages = block.steps.size();
      step.blockRadix = column.radix;
      step.label = column.label + " step " + std::to_string(s + 1) + "/" + std::to_string(block.steps.size());
      step.butterflies.clear();
      step.edges.clear();
      if (s + 1 < block.steps.size()) step.scale = 1.0L;
      for (const Butterfly& parent : column.butterflies) {
        auto inAt = [&](int row) { return s == 0 ? parent.inputs[row] : parent.outputs[row]; };
        for (const InnerButterfly& fly : block.steps[s].butterflies) {
          Butterfly b;
          b.i = parent.i;
          b.k = parent.k;
          for (int j = 0; j < 2; ++j) {
            b.inputs.push_back(inAt(fly.inputs[j]));
            b.outputs.push_back(parent.outputs[fly.outputs[j]]);
            b.twiddles.push_back(s == 0 ? parent.twiddles[fly.inputs[j]] : Twiddle{0, 1, 0});
          }
          const std::size_t index = step.butterflies.size();
          for (const InnerEdge& e : block.steps[s].edges) {
            int m = e.from == fly.inputs[0] ? 0 : e.from == fly.inputs[1] ? 1 : -1;
            int q = e.to == fly.outputs[0] ? 0 : e.to == fly.outputs[1] ? 1 : -1;
            if (m < 0 || q < 0) continue;
            Edge edge;
            edge.from = b.inputs[m];
            edge.to = b.outputs[q];
            edge.m = m;
            edge.q = q;
            edge.butterfly = index;
            edge.twiddle = b.twiddles[m];
            edge.weightOverN = (e.exponent * unit + edge.twiddle.exponentOverN) % n;
            step.edges.push_back(edge);
          }
          step.butterflies.push_back(std::move(b));
        }
      }
      result.columns.push_back(std::move(step));
    }
  }
  return result;
}

}  // namespace fftscope::graph
