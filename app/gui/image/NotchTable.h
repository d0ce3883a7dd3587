// The notches as a table of numbers: fx, fy and radius in cycles per pixel, typed or edited in
// place (a notch at a known frequency needs no hunting for its peak), and the edge.
#pragma once

#include "imaging/FilterSpec.h"

#include <QTableWidget>

#include <vector>

namespace fftscope::gui {

class NotchTable : public QTableWidget {
  Q_OBJECT

 public:
  explicit NotchTable(QWidget* parent = nullptr);

  void setNotches(const std::vector<imaging::Notch>& notches);  // does not emit notchTyped
  void setCurrentRow(int row);
  // As typing a number into a cell: column 0 fx, 1 fy, 2 radius.
  void typeValue(int row, int column, double value);

  enum Column { Fx = 0, Fy = 1, Radius = 2, Edge = 3 };

 signals:
  void notchTyped(int row, const imaging::Notch& notch);
  void currentRowChanged(int row);

 private:
  void onItemChanged(QTableWidgetItem* item);

  std::vector<imaging::Notch> notches_;
  bool showing_ = false;
};

}  // namespace fftscope::gui
