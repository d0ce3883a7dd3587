#include "graph/FlowGraph.h"

namespace fftscope::graph {

std::string_view toString(ColumnKind kind) {
  switch (kind) {
    case ColumnKind::StockhamPass: return "stockham-pass";
    case ColumnKind::LocalStage: return "local-stage";
    case ColumnKind::TextbookDit: return "textbook-dit";
    case ColumnKind::TextbookDif: return "textbook-dif";
  }
  return "?";
}

std::string_view toString(GraphKind kind) {
  switch (kind) {
    case GraphKind::Plan: return "plan";
    case GraphKind::TextbookDit: return "textbook-dit";
    case GraphKind::TextbookDif: return "textbook-dif";
  }
  return "?";
}

}  // namespace fftscope::graph
