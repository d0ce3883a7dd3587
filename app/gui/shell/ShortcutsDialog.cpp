#include "shell/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fftscope::gui {

QString ShortcutsDialog::keysText(const QList<QKeySequence>& keys) {
  QStringList parts;
  for (const QKeySequence& key : keys) parts << key.toString(QKeySequence::NativeText);
  return parts.join(QStringLiteral(", "));
}

ShortcutsDialog::ShortcutsDialog(const std::vector<ShortcutEntry>& entries, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Keyboard Shortcuts"));
  auto* filter = new QLineEdit;
  filter->setObjectName(QStringLiteral("shortcutFilter"));
  filter->setPlaceholderText(tr("Find an action or a key"));
  filter->setClearButtonEnabled(true);
  table_ = new QTableWidget(int(entries.size()), 3);
  table_->setObjectName(QStringLiteral("shortcuts"));
  table_->setHorizontalHeaderLabels({tr("Action"), tr("Keys"), tr("Where")});
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setAlternatingRowColors(true);
  for (int row = 0; row < int(entries.size()); ++row) {
    const ShortcutEntry& entry = entries[std::size_t(row)];
    table_->setItem(row, 0, new QTableWidgetItem(entry.action));
    table_->setItem(row, 1, new QTableWidgetItem(keysText(entry.keys)));
    table_->setItem(row, 2, new QTableWidgetItem(entry.scope));
    if (!entry.source->toolTip().isEmpty() && entry.source->toolTip() != entry.action)
      table_->item(row, 0)->setToolTip(entry.source->toolTip());
  }
  table_->resizeColumnsToContents();
  table_->horizontalHeader()->setStretchLastSection(true);
  connect(filter, &QLineEdit::textChanged, this, &ShortcutsDialog::showMatching);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(filter);
  layout->addWidget(table_, 1);
  layout->addWidget(buttons);
  resize(560, 520);
}

void ShortcutsDialog::showMatching(const QString& text) {
  for (int row = 0; row < table_->rowCount(); ++row) {
    bool match = text.isEmpty();
    for (int column = 0; column < table_->columnCount() && !match; ++column)
      match = table_->item(row, column)->text().contains(text, Qt::CaseInsensitive);
    table_->setRowHidden(row, !match);
  }
}

}  // namespace fftscope::gui
