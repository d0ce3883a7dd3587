// Where one warp of a launch reads and writes global memory: a row per load or store
// instruction, a cell per work-item coloured by the 128-byte segment its address falls in. One
// colour across a row is a coalesced access; a rainbow is a strided one, which moves whole
// segments for a few bytes each (the efficiencies beside it), and is why that pass is slow.
#pragma once

#include "graph/MemoryAccessView.h"

#include <QWidget>

#include <optional>

namespace fftscope::gui {

class MemoryView : public QWidget {
  Q_OBJECT

 public:
  explicit MemoryView(QWidget* parent = nullptr);

  void setView(std::optional<graph::PassAccessView> view);
  QString summary() const;
  QSize sizeHint() const override { return {360, 220}; }

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  std::optional<graph::PassAccessView> view_;
};

}  // namespace fftscope::gui
