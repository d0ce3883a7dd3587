#include "image/NotchTable.h"

#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QStyledItemDelegate>

namespace fftscope::gui {

namespace {

// Four decimals and the range each column allows (frequencies -0.5 .. 0.5, radii 0.0005 .. 0.25).
class FrequencyDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const override {
    auto* spin = new QDoubleSpinBox(parent);
    spin->setDecimals(4);
    spin->setSingleStep(0.001);
    spin->setFrame(false);
    if (index.column() == NotchTable::Radius) spin->setRange(0.0005, 0.25);
    else spin->setRange(-0.5, 0.5);
    return spin;
  }
  QString displayText(const QVariant& value, const QLocale& locale) const override {
    return locale.toString(value.toDouble(), 'f', 4);
  }
};

}  // namespace

NotchTable::NotchTable(QWidget* parent) : QTableWidget(0, 4, parent) {
  setObjectName(QStringLiteral("notchList"));
  setHorizontalHeaderLabels({tr("fx"), tr("fy"), tr("radius"), tr("edge")});
  horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  horizontalHeader()->setMinimumSectionSize(30);
  verticalHeader()->setVisible(false);
  verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                  QAbstractItemView::AnyKeyPressed);
  auto* delegate = new FrequencyDelegate(this);
  for (int column : {Fx, Fy, Radius}) setItemDelegateForColumn(column, delegate);
  setToolTip(tr("fx, fy and radius in cycles per pixel; double-click a number to type another. The notch's "
                "mirror twin at (-fx, -fy) is removed too."));
  connect(this, &QTableWidget::itemChanged, this, &NotchTable::onItemChanged);
  connect(this, &QTableWidget::currentCellChanged, this,
          [this](int row, int, int previous, int) { if (row != previous) emit currentRowChanged(row); });
}

void NotchTable::setNotches(const std::vector<imaging::Notch>& notches) {
  showing_ = true;
  const int row = currentRow();
  notches_ = notches;
  setRowCount(int(notches.size()));
  for (int i = 0; i < int(notches.size()); ++i) {
    const imaging::Notch& n = notches[std::size_t(i)];
    const double values[3] = {n.fx, n.fy, n.radius};
    for (int c = 0; c < 3; ++c) {
      auto* item = new QTableWidgetItem;
      item->setData(Qt::EditRole, values[c]);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      setItem(i, c, item);
    }
    auto* edge = new QTableWidgetItem(n.edge == imaging::NotchEdge::Soft ? tr("soft") : tr("hard"));
    edge->setFlags(edge->flags() & ~Qt::ItemIsEditable);
    setItem(i, Edge, edge);
  }
  if (row >= 0 && row < rowCount()) setCurrentCell(row, 0);
  showing_ = false;
}

void NotchTable::setCurrentRow(int row) {
  if (row < 0 || row >= rowCount()) return;
  setCurrentCell(row, 0);
}

void NotchTable::typeValue(int row, int column, double value) {
  if (QTableWidgetItem* cell = item(row, column)) cell->setData(Qt::EditRole, value);
}

void NotchTable::onItemChanged(QTableWidgetItem* item) {
  if (showing_ || !item || item->row() >= int(notches_.size()) || item->column() > Radius) return;
  imaging::Notch notch = notches_[std::size_t(item->row())];
  const double v = item->data(Qt::EditRole).toDouble();
  if (item->column() == Fx) notch.fx = std::clamp(v, -0.5, 0.5);
  if (item->column() == Fy) notch.fy = std::clamp(v, -0.5, 0.5);
  if (item->column() == Radius) notch.radius = std::clamp(v, 0.0005, 0.25);
  emit notchTyped(item->row(), notch);
}

}  // namespace fftscope::gui
