#include "image/BatchFilterDialog.h"

#include "image/ImageSession.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fftscope::gui {

BatchFilterDialog::BatchFilterDialog(ImageSession* session, const QStringList& files, const QString& folder,
                                     const imaging::BatchSettings& settings, QWidget* parent)
    : QDialog(parent), session_(session) {
  setWindowTitle(tr("Apply to Files"));
  std::vector<std::filesystem::path> inputs;
  for (const QString& file : files) inputs.emplace_back(file.toStdString());
  items_ = imaging::planBatch(inputs, folder.toStdString(), settings.range);

  auto* intro = new QLabel(tr("The current filter, %1 output, into %2")
                               .arg(QString::fromStdString(imaging::outputRangeName(settings.range)), folder));
  intro->setWordWrap(true);
  table_ = new QTableWidget(int(items_.size()), 2);
  table_->setObjectName(QStringLiteral("batchTable"));
  table_->setHorizontalHeaderLabels({tr("File"), tr("Outcome")});
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setWordWrap(false);
  for (int row = 0; row < int(items_.size()); ++row) {
    auto* name = new QTableWidgetItem(QFileInfo(QString::fromStdString(items_[row].input.string())).fileName());
    name->setToolTip(QString::fromStdString(items_[row].input.string()));
    table_->setItem(row, 0, name);
    showItem(row);
  }
  progress_ = new QProgressBar;
  progress_->setRange(0, int(items_.size()));
  progress_->setValue(0);
  summary_ = new QLabel;
  auto* buttons = new QDialogButtonBox;
  cancel_ = buttons->addButton(QDialogButtonBox::Cancel);
  close_ = buttons->addButton(QDialogButtonBox::Close);
  close_->setEnabled(false);
  connect(cancel_, &QPushButton::clicked, this, &BatchFilterDialog::cancel);
  connect(close_, &QPushButton::clicked, this, &QDialog::accept);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(table_, 1);
  layout->addWidget(progress_);
  layout->addWidget(summary_);
  layout->addWidget(buttons);
  resize(720, 360);

  connect(session_, &ImageSession::batchFileDone, this, &BatchFilterDialog::onFileDone);
  connect(session_, &ImageSession::batchFinished, this, &BatchFilterDialog::onFinished);
  batch_ = session_->runBatch(items_, settings);
}

int BatchFilterDialog::failedCount() const {
  int failed = 0;
  for (const imaging::BatchItem& item : items_) failed += item.done && !item.ok();
  return failed;
}

void BatchFilterDialog::cancel() {
  if (finished_) return;
  session_->cancelBatch(batch_);
  cancel_->setEnabled(false);
  summary_->setText(tr("Cancelling: the file being filtered completes, the rest are skipped…"));
}

void BatchFilterDialog::showItem(int row) {
  const imaging::BatchItem& item = items_[std::size_t(row)];
  QString text = tr("waiting");
  if (item.ok()) text = tr("written: %1").arg(QString::fromStdString(item.output.string()));
  else if (item.done) text = tr("failed: %1").arg(QString::fromStdString(item.error));
  auto* cell = new QTableWidgetItem(text);
  cell->setToolTip(text);
  if (item.done && !item.ok()) cell->setForeground(QColor(190, 30, 30));
  table_->setItem(row, 1, cell);
}

void BatchFilterDialog::onFileDone(const BatchProgress& progress) {
  if (progress.batch != batch_ || progress.index < 0 || progress.index >= int(items_.size())) return;
  items_[std::size_t(progress.index)] = progress.item;
  showItem(progress.index);
  progress_->setValue(++answered_);
}

void BatchFilterDialog::onFinished(quint64 batch, bool cancelled) {
  if (batch != batch_) return;
  finished_ = true;
  int written = 0, skipped = 0;
  for (int row = 0; row < int(items_.size()); ++row) {
    written += items_[std::size_t(row)].ok();
    if (!items_[std::size_t(row)].done) {
      ++skipped;
      table_->setItem(row, 1, new QTableWidgetItem(tr("skipped (cancelled)")));
    }
  }
  progress_->setValue(progress_->maximum());
  summary_->setText(tr("%1 of %2 written, %3 failed%4")
                        .arg(written)
                        .arg(items_.size())
                        .arg(failedCount())
                        .arg(cancelled ? tr(", %1 skipped").arg(skipped) : QString()));
  cancel_->setEnabled(false);
  close_->setEnabled(true);
  close_->setDefault(true);
  emit batchFinished();
}

}  // namespace fftscope::gui
